// A sample of the robustness table through the real server, to prove the Next.js layer too:
// for every route, the hostile cases most likely to trip a framework (malformed and oversized
// bodies, invalid UTF-8 and NUL in paths and queries, wrong methods and content types, path
// traversal), plus raw bytes no fetch client would send. No 5xx, MediaWiki error shapes, and the
// server answers a health request after each route's batch.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAX_BODY_BYTES } from "../../packages/http/src/index.js";
import { apiOfPath, judgeAnswer } from "../robustness/answer-shape.js";
import { casesFor } from "../robustness/cases.js";
import { methodsByPath, patternOf, platformRoutes, type RouteIds } from "../robustness/routes.js";
import { EventsTestClient, seedRobustnessWorld, type Transport } from "../robustness/support/world.js";
import { startServer, type RunningServer } from "../support/server.js";

const ADMIN_PASSWORD = "e2e-robustness-admin-password";
const transport: Transport = (request) => fetch(request, { redirect: "manual" });
/** The case labels sampled per route (prefix match): what a framework layer could get wrong. */
const SAMPLED = ["valid request", "method ", "malformed JSON", "text/plain body", "body without content type", "invalid UTF-8", "huge body", "path {", "NUL in", "JSON body to api.php"];
let server: RunningServer;
let ids: RouteIds;
let auth: Record<string, string>;

beforeAll(async () => {
  // A body limit the huge-body cases pass quickly, the same for the platform and the conversion routes.
  server = await startServer({ ADMIN_PASSWORD, MAX_WIKITEXT_BYTES: "65536", MAX_HTML_BYTES: "65536" });
  const admin = new EventsTestClient(transport, server.url);
  await admin.login("Admin", ADMIN_PASSWORD);
  ({ ids, auth } = await seedRobustnessWorld(admin, transport, "== Robust ==\nA [[Main Page|link]] and '''bold''' text."));
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

async function healthy(): Promise<boolean> {
  const response = await fetch(`${server.url}/w/api.php?action=query&meta=siteinfo&format=json`);
  return response.status === 200;
}

/** Sends raw bytes as an HTTP/1.1 request and returns the status line's code (0 if the server just closed). */
function rawRequest(bytes: Buffer): Promise<{ status: number; text: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error("raw request timed out")));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.end(bytes);
  });
}

describe("HTTP robustness through the started server (sample)", () => {
  it("answers every route's sampled hostile cases without a 5xx and keeps serving", async () => {
    const routes = platformRoutes(ids);
    const methods = methodsByPath(routes);
    const problems: string[] = [];
    let requests = 0;
    for (const route of routes) {
      // The server's body limit is the platform default (10 MiB): huge bodies go past it.
      const sample = casesFor(route, { maxBodyBytes: DEFAULT_MAX_BODY_BYTES }, methods.get(patternOf(route))).filter((c) => SAMPLED.some((prefix) => c.label.startsWith(prefix)));
      for (const testCase of sample) {
        requests++;
        const request = testCase.build(server.url, auth);
        let response: Response;
        try {
          response = await fetch(request, { redirect: "manual" });
        } catch (error) {
          problems.push(`${route.name} / ${testCase.label}: request failed: ${String(error)}`);
          continue;
        }
        // Dot segments are resolved by the URL parser before sending: a path that leaves the API
        // is Next's own page (its 404), where only "no 5xx" applies.
        const api = apiOfPath(new URL(request.url).pathname);
        if (!api) {
          if (response.status >= 500) problems.push(`${route.name} / ${testCase.label}: server error ${response.status} outside the API`);
          continue;
        }
        const judged = await judgeAnswer(api, response, testCase.expect);
        if (judged.problem) problems.push(`${route.name} / ${testCase.label}: ${judged.problem}`);
      }
      if (!(await healthy())) problems.push(`${route.name}: server unhealthy after the batch`);
    }
    console.log(`robustness through Next: ${routes.length} routes, ${requests} requests`);
    expect(problems).toEqual([]);
  }, 300_000);

  it("refuses raw invalid bytes in the path, query and headers with a 4xx", async () => {
    const invalid = Buffer.from([0xff, 0xfe, 0xc0, 0xaf]);
    const requests = [
      Buffer.concat([Buffer.from("GET /w/rest.php/localhost/v3/page/html/"), invalid, Buffer.from("/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")]),
      Buffer.concat([Buffer.from("GET /w/api.php?action=query&titles="), invalid, Buffer.from("&format=json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")]),
      Buffer.from("GET /w/rest.php/localhost/v3/page/html/Main_Page/1\u0000 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", "latin1"),
      Buffer.from("POST /w/rest.php/localhost/v3/transform/wikitext/to/html HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\nConnection: close\r\n\r\n{\"wikitext\":\"x\"}"),
      Buffer.from("GET /w/rest.php/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
      Buffer.from("GET /w/rest.php/../../../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
    ];
    for (const bytes of requests) {
      const answer = await rawRequest(bytes);
      const line = bytes.toString("latin1").split("\r\n")[0];
      // 0: the HTTP parser closed the connection on bytes it cannot read, which is a refusal too.
      expect([line, answer.status === 0 || (answer.status >= 400 && answer.status < 500)]).toEqual([line, true]);
      expect(answer.text).not.toMatch(/root:.*:0:0:/);
      expect(await healthy()).toBe(true);
    }
  }, 60_000);
});
