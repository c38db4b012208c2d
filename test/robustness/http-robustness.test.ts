// The robustness table, in process against the whole platform handler: every route × every
// hostile variant of its valid request. No answer is a 5xx, every error has MediaWiki's shape
// for its API, inputs that cannot be valid are refused with a 4xx, and the platform keeps
// serving after each route's batch.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiOfPath, judgeAnswer } from "./answer-shape.js";
import { casesFor } from "./cases.js";
import { methodsByPath, patternOf, platformRoutes, type RouteIds, type RouteSpec } from "./routes.js";
import { openTestPlatform, ORIGIN, type TestPlatform } from "./support/platform.js";
import { seedRobustnessWorld } from "./support/world.js";

let platform: TestPlatform;
let ids: RouteIds;
let auth: Record<string, string>;
const tally = { requests: 0, byStatus: new Map<number, number>() };

/** Route names only (ids do not matter for naming), so that each route gets its own test. */
const ROUTE_NAMES = platformRoutes({ revid: 1, title: "T", eventId: 1, deletableEventId: 2, adminId: 1, targetUser: "U", spareTokenId: 1, searchPageId: 1 }).map((r) => r.name);

beforeAll(async () => {
  platform = await openTestPlatform();
  const { admin, transport } = platform;
  ({ ids, auth } = await seedRobustnessWorld(admin, transport, "== Robust ==\nA [[Main Page|link]], {{Robust template}} and '''bold''' text.\n* list"));
}, 120_000);

afterAll(async () => {
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" ");
  console.log(`robustness table: ${ROUTE_NAMES.length} routes, ${tally.requests} requests; statuses ${statuses}`);
  await platform?.close();
});

async function runRoute(route: RouteSpec): Promise<string[]> {
  const problems: string[] = [];
  const methods = methodsByPath(platformRoutes(ids)).get(patternOf(route));
  for (const testCase of casesFor(route, platform.limits, methods)) {
    const request = testCase.build(ORIGIN, auth);
    let response: Response;
    try {
      response = await platform.handler(request);
    } catch (error) {
      problems.push(`${testCase.label}: handler threw ${String(error)}`);
      continue;
    }
    tally.requests++;
    tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
    // Outside every API (dot segments resolved away) the platform still answers with the REST shape.
    const judged = await judgeAnswer(apiOfPath(new URL(request.url).pathname) ?? "rest", response, testCase.expect);
    if (judged.problem) problems.push(`${testCase.label}: ${judged.problem}`);
  }
  return problems;
}

async function healthy(): Promise<boolean> {
  const response = await platform.handler(new Request(`${ORIGIN}/w/api.php?action=query&meta=siteinfo&format=json`));
  return response.status === 200 && (await response.json()).query?.general?.sitename !== undefined;
}

describe("HTTP robustness table (in process)", () => {
  ROUTE_NAMES.forEach((name, index) => {
    it(name, async () => {
      const route = platformRoutes(ids)[index]!;
      const problems = await runRoute(route);
      expect(problems).toEqual([]);
      expect(await healthy()).toBe(true);
    }, 60_000);
  });

  it("left no unhandled-error log entries behind", () => {
    expect(platform.logs.filter((line) => /"level":"error"/.test(line))).toEqual([]);
  });
});
