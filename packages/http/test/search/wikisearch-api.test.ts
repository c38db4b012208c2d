/**
 * meta=WikiSearch and meta=WikiSearchHighlight through the real action API, in process, over a
 * fresh store with the embedded engine: pages saved with action=edit are indexed on save, a
 * configuration page drives the search, and malformed input gets clear action API errors.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type WikiStore } from "@wikiloom/wiki";
import { createHandler, type Handler } from "../../src/index.js";
import { enableSearch } from "../../src/search/index.js";
import { TestApiClient } from "../support/api-client.js";
import { editPage, resultOf } from "./support.js";

const ADMIN_PASSWORD = "admin-password-for-search-tests";
let dataDir: string;
let store: WikiStore;
let handler: Handler;
let admin: TestApiClient;
let token: string;
let configPage: number;

const edit = (title: string, text: string) => editPage(admin, token, title, text);

async function search(params: Record<string, string>, method: "get" | "post" = "get") {
  const client = new TestApiClient(handler);
  const { status, body } = await client[method]({ action: "query", meta: "WikiSearch", pageid: String(configPage), ...params });
  return { status, body, result: resultOf(body), titles: body.error ? [] : (JSON.parse(resultOf(body).hits) as any[]).map((h) => `${h._source.subject.namespacename ? h._source.subject.namespacename + ":" : ""}${h._source.subject.title}`) };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-search-"));
  process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
  store = await openStore({ dataDir });
  handler = createHandler({ store, secret: "test-secret" });
  enableSearch(store);
  admin = new TestApiClient(handler);
  expect((await admin.login("Admin", ADMIN_PASSWORD)).result).toBe("Success");
  token = await admin.csrf();
  await edit("Property:Rating", "[[Has type::Number]]");
  await edit("Property:Released", "[[Has type::Date]]");
  await edit("Widget", "A fine widget. [[Kind::Tool]] [[Rating::9]] [[Released::2021-04-01]]");
  await edit("Gadget", "A gadget for widgets. [[Kind::Toy]] [[Rating::10]] [[Released::2019-12-24]]");
  await edit("Gizmo", "{{#set:Kind=Tool|Rating=4.5|Released=2023-07-01}} Small gizmo.");
  configPage = await edit("Product search", "{{#wikisearchconfig:Kind|?Rating|fallback sorts=Rating.desc}}");
});

afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("meta=WikiSearch", () => {
  it("searches the configured wiki: term, filters, aggregations, numeric sort", async () => {
    const r = await search({
      term: "widget",
      filter: JSON.stringify([{ key: "Rating", range: { gte: 5 } }]),
      aggregations: JSON.stringify([{ type: "range", property: "Rating", ranges: [{ to: 10, key: "below 10" }, { from: 10 }] }]),
    });
    expect(r.status).toBe(200);
    expect(r.body.error, JSON.stringify(r.body.error)).toBeUndefined();
    expect(r.titles.sort()).toEqual(["Gadget", "Widget"]);
    expect(r.result.total.value).toBe(2);
    expect(r.result.aggs.Kind.Kind.buckets).toEqual([{ key: "Tool", doc_count: 1 }, { key: "Toy", doc_count: 1 }]);
    expect(r.result.aggs.Rating).toMatchObject({ meta: [], doc_count: 2, Rating: { buckets: { "below 10": { to: 10, doc_count: 1 }, "10.0-*": { from: 10, doc_count: 1 } } } });
    const hit = JSON.parse(r.result.hits)[0];
    expect(Object.keys(hit._source).sort()).toEqual(expect.arrayContaining(["subject"]));
  });

  it("orders numbers numerically (10 before 9 before 4.5) and pages with from/limit, as POST too", async () => {
    const sortings = JSON.stringify([{ type: "property", property: "Rating", order: "desc" }]);
    const first = await search({ sortings, filter: JSON.stringify([{ key: "Rating", value: "+" }]), limit: "2" }, "post");
    expect(first.titles).toEqual(["Gadget", "Widget"]);
    expect(first.result.total.value).toBe(3);
    const second = await search({ sorting: sortings, filter: JSON.stringify([{ key: "Rating", value: "+" }]), limit: "2", from: "2" });
    expect(second.titles).toEqual(["Gizmo"]);
  });

  it("filters by date strings on a date property", async () => {
    const r = await search({ filter: JSON.stringify([{ key: "Released", range: { gte: "2020-01-01", lt: "2023-01-01" } }]) });
    expect(r.titles).toEqual(["Widget"]);
  });

  it("re-indexes on every save", async () => {
    await edit("Gizmo", "{{#set:Kind=Toy|Rating=4.5}} Small gizmo.");
    const r = await search({ filter: JSON.stringify([{ key: "Kind", value: "Toy" }]) });
    expect(r.titles.sort()).toEqual(["Gadget", "Gizmo"]);
  });

  it("re-normalises a property's values when its type is declared after use", async () => {
    await edit("Heavy box", "[[Weight::10]]");
    await edit("Light box", "[[Weight::9]]");
    const sortings = JSON.stringify([{ type: "property", property: "Weight", order: "desc" }]);
    const filter = JSON.stringify([{ key: "Weight", value: "+" }]);
    // Page-typed (the default) values sort as text: "9" after "10" descending.
    expect((await search({ sortings, filter })).titles).toEqual(["Light box", "Heavy box"]);
    await edit("Property:Weight", "[[Has type::Number]]");
    expect((await search({ sortings, filter })).titles).toEqual(["Heavy box", "Light box"]);
    expect((await search({ filter: JSON.stringify([{ key: "Weight", range: { gt: 9.5 } }]) })).titles).toEqual(["Heavy box"]);
  });

  it("indexes the seeded page's annotations (caught up on first use)", async () => {
    const r = await search({ filter: JSON.stringify([{ key: "Has topic", value: "Open knowledge" }]) });
    expect(r.titles).toEqual(["Community Meetup Berlin"]);
  });

  it("answers clear errors for bad input", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ pageid: "" }, "missingparam"],
      [{ pageid: "abc" }, "badinteger"],
      [{ pageid: "999999" }, "wikisearch-api-invalid-pageid"],
      [{ filter: "[{\"key\":" }, "wikisearch-invalid-json"],
      [{ filter: "\"abc\"" }, "wikisearch-invalid-json"],
      [{ filter: JSON.stringify([{ value: "x" }]) }, "wikisearch-invalid-filter"],
      [{ filter: JSON.stringify([{ key: "Rating", range: { gte: "high" } }]) }, "wikisearch-invalid-filter"],
      [{ filter: JSON.stringify([{ key: "Rating", range: { gte: 9, lte: 2 } }]) }, "wikisearch-invalid-filter"],
      [{ filter: JSON.stringify([{ key: "Kind", value: "x", type: "regex" }]) }, "wikisearch-invalid-filter"],
      [{ aggregations: JSON.stringify([{ type: "property", property: "Kind" }]) }, "wikisearch-invalid-aggregation"],
      [{ aggregations: JSON.stringify([{ type: "property", property: "Kind", name: "Kind" }]) }, "wikisearch-invalid-aggregation"],
      [{ sortings: JSON.stringify([{ type: "relevance" }]) }, "wikisearch-invalid-sort"],
      [{ sortings: JSON.stringify({ type: "property", property: "Kind" }) }, "wikisearch-invalid-json"],
      [{ limit: "-1" }, "integeroutofrange"],
    ];
    for (const [params, code] of cases) {
      const r = await search(params);
      expect(r.status, JSON.stringify(params)).toBe(200);
      expect(r.body.error?.code, JSON.stringify(params)).toBe(code);
      expect(typeof r.body.error.info).toBe("string");
    }
    const widget = await search({ pageid: "0" });
    expect(widget.body.error.code).toBe("integeroutofrange");
  });

  it("refuses a page without a configuration", async () => {
    const client = new TestApiClient(handler);
    const pages = await client.get({ action: "query", prop: "info", titles: "Widget" });
    const pageid = String(pages.body.query.pages[0].pageid);
    const r = await client.get({ action: "query", meta: "WikiSearch", pageid });
    expect(r.body.error.code).toBe("wikisearch-api-invalid-pageid");
  });
});

describe("meta=WikiSearchHighlight", () => {
  it("returns the distinct highlighted words of a page", async () => {
    const client = new TestApiClient(handler);
    const pages = await client.get({ action: "query", prop: "info", titles: "Gadget" });
    const pageid = String(pages.body.query.pages[0].pageid);
    const r = await client.get({ action: "query", meta: "WikiSearchHighlight", query: "widget gadget", properties: "text_raw", page_id: pageid, limit: "5" });
    const words = r.body.words;
    expect(words).toEqual(["gadget", "widgets"]);
    const missing = await client.get({ action: "query", meta: "WikiSearchHighlight", query: "x", properties: "text_raw", page_id: pageid });
    expect(missing.body.error.code).toBe("missingparam");
    const bad = await client.get({ action: "query", meta: "WikiSearchHighlight", query: "x", properties: "text_raw", page_id: "999999", limit: "3" });
    expect(bad.body.error.code).toBe("wikisearch-api-invalid-pageid");
  });
});

describe("page deletion", () => {
  it("removes a deleted page from meta=WikiSearch results, and indexes it again when re-created", async () => {
    await edit("Doohickey", "A doohickey. [[Kind::Gear]] [[Rating::7]]");
    expect((await search({ term: "doohickey" })).titles).toEqual(["Doohickey"]);
    expect((await search({ filter: JSON.stringify([{ key: "Kind", value: "Gear" }]) })).titles).toEqual(["Doohickey"]);

    const deleted = await admin.post({ action: "delete", title: "Doohickey", reason: "search test", token });
    expect(deleted.body.delete).toMatchObject({ title: "Doohickey", reason: "search test" });
    const afterTerm = await search({ term: "doohickey" });
    expect(afterTerm.titles).toEqual([]);
    expect(afterTerm.result.total.value).toBe(0);
    expect((await search({ filter: JSON.stringify([{ key: "Kind", value: "Gear" }]) })).titles).toEqual([]);
    expect((await search({})).titles).not.toContain("Doohickey");

    await edit("Doohickey", "Back again. [[Kind::Gear]]");
    expect((await search({ term: "again" })).titles).toEqual(["Doohickey"]);
  });

  it("makes a deleted configuration page an invalid search page", async () => {
    const pageid = await edit("Throwaway search", "{{#wikisearchconfig:Kind}}");
    const client = new TestApiClient(handler);
    expect((await client.get({ action: "query", meta: "WikiSearch", pageid: String(pageid) })).body.result).toBeDefined();
    expect((await admin.post({ action: "delete", title: "Throwaway search", token })).body.delete.title).toBe("Throwaway search");
    expect((await client.get({ action: "query", meta: "WikiSearch", pageid: String(pageid) })).body.error.code).toBe("wikisearch-api-invalid-pageid");
  });
});
