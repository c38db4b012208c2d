// No SSRF through `{domain}`: only allow-listed remote wikis are ever fetched, from the URL in
// configuration. A trap socket on 127.0.0.1 must see no connection whatever domain a request
// names (loopback in every spelling, userinfo tricks, trailing dots, NUL), and the allow-listed
// remote's redirect to the trap is not followed either.
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPlatform, ORIGIN, type TestPlatform } from "../robustness/support/platform.js";

interface Listener {
  port: number;
  connections: number;
  close(): Promise<void>;
}

/** A raw TCP listener that counts connections and answers each with `reply` (or nothing). */
async function listen(reply: (port: number) => string | null): Promise<Listener> {
  const state = { connections: 0 };
  const server: Server = createServer((socket) => {
    state.connections++;
    socket.on("error", () => undefined);
    socket.once("data", () => {
      const text = reply(port);
      if (text) socket.end(text);
      else socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    get connections() {
      return state.connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let platform: TestPlatform;
let trap: Listener;
let remote: Listener;

beforeAll(async () => {
  trap = await listen(() => null);
  // The allow-listed "remote wiki" answers every call with a redirect into the trap.
  remote = await listen(() => `HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:${trap.port}/w/api.php\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  platform = await openTestPlatform({ remoteWikis: { "allowed.example": `http://127.0.0.1:${remote.port}/w/api.php` } });
}, 60_000);

afterAll(async () => {
  await platform?.close();
  await trap?.close();
  await remote?.close();
});

const hostileDomains = () => [
  `127.0.0.1:${trap.port}`,
  `localhost:${trap.port}`,
  `[::1]:${trap.port}`,
  `0.0.0.0:${trap.port}`,
  "127.0.0.1",
  "2130706433",
  "0x7f000001",
  "evil.example",
  `http:%2F%2F127.0.0.1:${trap.port}%2Fw%2Fapi.php`,
  `allowed.example@127.0.0.1:${trap.port}`,
  `allowed.example:${trap.port}`,
  `allowed.example%2F..%2F127.0.0.1:${trap.port}`,
  "allowed.example.",
  "allowed.example%00.evil",
  "evil.example%23allowed.example",
];

async function conversionAnswers(domain: string): Promise<Response[]> {
  const base = `${ORIGIN}/w/rest.php/${domain}/v3`;
  return Promise.all([
    platform.handler(new Request(`${base}/page/html/Main_Page/1`)),
    platform.handler(new Request(`${base}/page/wikitext/Main_Page`)),
    platform.handler(new Request(`${base}/transform/wikitext/to/html/Main_Page`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"wikitext":"[[Link]] {{Tpl}}"}' })),
    platform.handler(new Request(`${base}/transform/html/to/wikitext/Main_Page/1`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"html":"<p>x</p>"}' })),
  ]);
}

describe("remote wikis and SSRF", () => {
  it("refuse every domain that is neither hosted nor allow-listed, without a connection", async () => {
    for (const domain of hostileDomains()) {
      for (const answer of await conversionAnswers(domain)) {
        const body = await answer.json();
        expect([domain, answer.status]).toEqual([domain, 400]);
        expect(body.errorKey).toBe("rest-unknown-domain");
      }
    }
    expect(trap.connections).toBe(0);
    expect(remote.connections).toBe(0);
  });

  it("take no wiki from the Host header of action API requests", async () => {
    for (const host of [`127.0.0.1:${trap.port}`, "allowed.example", "evil.example"]) {
      const answer = await platform.handler(new Request(`${ORIGIN}/w/api.php?action=query&meta=siteinfo&format=json`, { headers: { host, "x-forwarded-host": host } }));
      expect(answer.status).toBeLessThan(500);
    }
    expect(trap.connections).toBe(0);
    expect(remote.connections).toBe(0);
  });

  it("fetch an allow-listed domain from its configured URL only, and do not follow its redirects", async () => {
    const answers = await conversionAnswers("allowed.example");
    expect(remote.connections).toBeGreaterThan(0);
    expect(trap.connections).toBe(0);
    for (const answer of answers) {
      // A remote that misbehaves is the remote's failure: a gateway error with the REST shape.
      const body = await answer.json();
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(typeof body.errorKey).toBe("string");
    }
  });
});
