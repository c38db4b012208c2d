/**
 * Offline search gives the server's answer: for a spread of meta=WikiSearch calls (free text
 * with operators and wildcards, every filter kind, negation, post filters, range and property
 * aggregations, sorts on numbers, dates and text, paging, highlighting), the client's answer over
 * its Dexie copy equals the server's (embedded engine), hit for hit, facet for facet. Bad input
 * fails with the server's error code.
 */
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSyncClient, openClientDb, searchOffline, type ClientDb } from "../../src/data/index.js";
import { ADMIN_PASSWORD, edit, openWorld, ORIGIN, type Caller, type World } from "../../../http/test/sync-world.js";

let world: World;
let admin: Caller;
let db: ClientDb;
const pageIds = new Map<string, number>();

const CONFIGS = {
  "Book search": "{{#wikisearchconfig:Genre|Available|?Pages|?Published|fallback sorts=Published.desc|post filter properties=Genre|highlighted properties=Genre}}",
  "Strict search": "{{#wikisearchconfig:Genre|default operator=and|search term properties=Genre|aggregation size=1}}",
};

beforeAll(async () => {
  world = await openWorld("offline-search");
  admin = world.caller();
  await admin.login("Admin", ADMIN_PASSWORD);
  await edit(admin, "Property:Pages", "[[Has type::Number]]");
  await edit(admin, "Property:Published", "[[Has type::Date]]");
  await edit(admin, "Property:Available", "[[Has type::Boolean]]");
  await edit(admin, "Property:Genre", "[[Has type::Text]]");
  const books: [string, string][] = [
    ["Dune", "A desert planet and its spice. [[Genre::Science fiction]] [[Pages::412]] [[Published::1965-08-01]] [[Available::true]]"],
    ["Emma", "A comedy of manners in a village. [[Genre::Novel]] [[Pages::474]] [[Published::1815-12-23]] [[Available::false]]"],
    ["Solaris", "A planet that is an ocean; scientists and memories. [[Genre::Science fiction]] [[Pages::204]] [[Published::1961]]"],
    ["Café stories", "Short stories set in a café, with coffee and planets. {{#set:Genre=Short stories|Genre=Novel|Pages=150.5|Available=yes}}"],
    ["Planet atlas", "An atlas of every planet; the planet planet planet book. [[Genre::Reference]] [[Published::2001-01-01]]"],
    ["Blank", "Nothing to see here."],
  ];
  for (const [title, text] of books) await edit(admin, title, text);
  for (const [title, text] of Object.entries(CONFIGS)) await edit(admin, title, text);
  const info = await admin.action({ action: "query", prop: "info", titles: Object.keys(CONFIGS).join("|") });
  for (const page of info.query.pages) pageIds.set(page.title, page.pageid);

  db = openClientDb("offline-search");
  const sync = createSyncClient({ db, baseUrl: ORIGIN, fetch: admin.fetch });
  for (const title of Object.keys(CONFIGS)) await sync.followSearchConfig(title);
  await sync.pull();
});

afterAll(async () => {
  await world?.close();
});

type Call = { term?: string; filter?: unknown[]; aggregations?: unknown[]; sortings?: unknown[]; from?: number; limit?: number };

async function both(config: keyof typeof CONFIGS, call: Call) {
  const params = {
    term: call.term,
    filter: call.filter && JSON.stringify(call.filter),
    aggregations: call.aggregations && JSON.stringify(call.aggregations),
    sortings: call.sortings && JSON.stringify(call.sortings),
    from: call.from,
    limit: call.limit,
  };
  const query: Record<string, string> = { action: "query", meta: "WikiSearch", pageid: String(pageIds.get(config)) };
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query[key] = String(value);
  const server = await admin.action(query);
  let local: any;
  try {
    local = await searchOffline(db, config, params);
  } catch (error) {
    local = { error: { code: (error as { code?: string }).code } };
  }
  return { server, local };
}

/** Scores are floating point sums: compare them to 6 decimals. */
function comparable(result: any): any {
  return { ...result, hits: JSON.parse(result.hits).map((hit: any) => ({ ...hit, _score: Number(hit._score.toFixed(6)) })) };
}

const CALLS: [keyof typeof CONFIGS, Call][] = [
  ["Book search", {}],
  ["Book search", { term: "planet" }],
  ["Book search", { term: "planet -ocean" }],
  ["Book search", { term: "\"comedy of manners\"" }],
  ["Book search", { term: "plan*" }],
  ["Book search", { term: "*tori*" }],
  ["Book search", { term: "cafe" }],
  ["Book search", { term: "planet OR village", limit: 2, from: 1 }],
  ["Book search", { filter: [{ key: "Genre", value: "Science fiction" }] }],
  ["Book search", { filter: [{ key: "Genre", value: ["Novel", "Reference"] }] }],
  ["Book search", { filter: [{ key: "Pages", value: "+" }] }],
  ["Book search", { filter: [{ key: "Pages", range: { gt: 204, lte: 474 } }] }],
  ["Book search", { filter: [{ key: "Published", range: { gte: "1900-01-01" } }], sortings: [{ type: "property", property: "Published", order: "asc" }] }],
  ["Book search", { filter: [{ key: "Available", value: "true", negate: true }] }],
  ["Book search", { filter: [{ key: "Genre", value: "scien*", type: "query" }] }],
  ["Book search", { aggregations: [{ type: "range", property: "Pages", ranges: [{ to: 200 }, { from: 200, to: 450, key: "mid" }, { from: 450 }] }, { type: "property", property: "Available", name: "avail" }] }],
  ["Book search", { sortings: [{ type: "property", property: "Pages", order: "desc" }], limit: 3 }],
  ["Book search", { sortings: [{ type: "property", property: "Genre", order: "asc" }] }],
  ["Strict search", { term: "planet science" }],
  ["Strict search", { term: "novel" }],
  ["Strict search", { term: "planet book" }],
];

const totals: number[] = [];

describe("offline search", () => {
  it.each(CALLS.map(([config, call]) => [config, JSON.stringify(call), call] as const))("%s %s answers like the server", async (config, _label, call) => {
    const { server, local } = await both(config, call);
    expect(server.error, JSON.stringify(server.error)).toBeUndefined();
    expect(comparable(local.result)).toEqual(comparable(server.result));
    totals.push(server.result.total.value);
  });

  it("compared answers that found something (the calls are not vacuous)", () => {
    expect(totals).toHaveLength(CALLS.length);
    expect(totals.filter((n) => n > 0).length).toBeGreaterThanOrEqual(CALLS.length - 3);
  });

  it("refuses what the server refuses, with the same codes", async () => {
    for (const call of [
      { filter: [{ key: "Pages", range: { gte: "many" } }] },
      { aggregations: [{ type: "nonsense" }] },
      { sortings: [{ type: "property" }] },
      { from: 9_999, limit: 5 },
    ] as Call[]) {
      const { server, local } = await both("Book search", call);
      expect(server.error?.code, JSON.stringify(call)).toBeTruthy();
      expect(local.error?.code, JSON.stringify(call)).toBe(server.error.code);
    }
    await expect(searchOffline(db, "No such config")).rejects.toMatchObject({ code: "wikisearch-api-invalid-pageid" });
  });
});
