/**
 * The embedded executor over a seeded wiki: filters, ranges (numeric, fractional, strict,
 * single-bound, dates), negation, text filters, free text with wildcards, aggregations, sorts
 * in numeric and chronological order, paging, post filters and highlighting, with answers known
 * from the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WikiSearch } from "../src/index";
import { julianDay } from "../src/values";
import { PAGES, seededSearch, titles, wiki } from "./support/seeded-wiki";

let search: WikiSearch;
const CONFIG_PAGE = PAGES.Search!.id;

beforeAll(async () => {
  search = await seededSearch();
});
afterAll(() => search.close());

async function run(params: Record<string, unknown> = {}) {
  const answer = await search.search(wiki, { pageId: CONFIG_PAGE, ...params });
  return { titles: titles(answer.result.hits), total: (answer.result.total as { value: number }).value, aggs: answer.result.aggs as any, hits: JSON.parse(answer.result.hits) };
}

const filter = (...items: unknown[]) => JSON.stringify(items);

describe("embedded executor over a seeded wiki", () => {
  it("returns every document without term or filter, total independent of limit", async () => {
    const r = await run({ limit: 3 });
    expect(r.titles).toHaveLength(3);
    expect(r.total).toBe(13 + 6); // 13 property pages + 6 pages
  });

  it("filters on page values, text values, numbers and booleans", async () => {
    expect((await run({ filter: filter({ key: "Tag", value: "Foo" }) })).titles.sort()).toEqual(["Alpha", "Gamma"]);
    expect((await run({ filter: filter({ key: "Version", value: "2.0" }) })).titles).toEqual(["Beta"]);
    expect((await run({ filter: filter({ key: "Average rating", value: 5 }) })).titles).toEqual(["Alpha"]);
    expect((await run({ filter: filter({ key: "Average rating", value: "4.5" }) })).titles).toEqual(["Gamma"]);
    expect((await run({ filter: filter({ key: "Published", value: false }) })).titles).toEqual(["Beta"]);
    expect((await run({ filter: filter({ key: "Tag", value: ["Bar", "Nope"] }) })).titles.sort()).toEqual(["Beta", "Gamma"]);
  });

  it("ignores annotations in comments and nowiki", async () => {
    expect((await run({ filter: filter({ key: "Tag", value: ["Hidden", "Nowiki"] }) })).total).toBe(0);
  });

  it("has-property, negation and conjunctions", async () => {
    expect((await run({ filter: filter({ key: "Content", value: "+" }) })).titles).toEqual(["Gamma"]);
    const notFoo = await run({ filter: filter({ key: "Tag", value: "Foo", negate: true }, { key: "Average rating", value: "+" }) });
    expect(notFoo.titles.sort()).toEqual(["Beta", "Delta"]);
  });

  it("numeric ranges: inclusive, strict, single bounds, fractional", async () => {
    const range = async (r: object) => (await run({ filter: filter({ key: "Average rating", range: r }) })).titles.sort();
    expect(await range({ gte: 5, lte: 10 })).toEqual(["Alpha", "Beta", "Delta"]);
    expect(await range({ gt: 5, lt: 10 })).toEqual(["Delta"]);
    expect(await range({ gte: 9 })).toEqual(["Beta", "Delta"]);
    expect(await range({ lt: 5 })).toEqual(["Gamma"]);
    expect(await range({ gte: 1.5, lte: 4.9 })).toEqual(["Gamma"]);
    expect(await range({ from: 1, to: 6 })).toEqual(["Alpha", "Gamma"]);
  });

  it("date ranges as Julian days and as date strings", async () => {
    const range = async (r: object) => (await run({ filter: filter({ key: "Start date", range: r }) })).titles.sort();
    expect(await range({ gte: "2020-01-01", lte: "2021-01-01" })).toEqual(["Alpha"]);
    expect(await range({ gte: julianDay(2020, 1, 1) })).toEqual(["Alpha", "Gamma"]);
    const modified = await run({ filter: filter({ key: "Modification date", range: { gte: julianDay(2021, 1, 1), lte: julianDay(2022, 12, 31) } }) });
    expect(modified.titles.sort()).toEqual(["Beta", "Gamma"]);
  });

  it("text filters use the simple query syntax with wildcards", async () => {
    expect((await run({ filter: filter({ key: "Title", value: "foo", type: "query" }) })).titles).toEqual(["Alpha"]);
    expect((await run({ filter: filter({ key: "Title", value: "title", type: "query" }) })).titles.sort()).toEqual(["Alpha", "Beta"]);
  });

  it("free text: substring wildcards, accents folded, advanced syntax, relevance", async () => {
    const foot = await run({ term: "foot" });
    expect(foot.titles).toEqual(["Alpha"]);
    expect((await run({ term: "cafe" })).titles).toEqual(["Delta"]);
    expect((await run({ term: "STRASSE" })).titles).toEqual([]);
    expect((await run({ term: "uber" })).titles).toEqual(["Delta"]);
    // Exact word (advanced syntax): "foot" alone is not in "football".
    expect((await run({ term: "\"foot\"" })).titles).toEqual([]);
    expect((await run({ term: "\"football season\"" })).titles).toEqual(["Alpha"]);
    expect((await run({ term: "foo AND everywhere" })).titles).toEqual(["Gamma"]);
    expect((await run({ term: "bar -everywhere" })).titles).toEqual(["Beta"]);
    // Title matches weigh more than body text: pages titled Foo… come before bodies mentioning foo.
    const ranked = await run({ term: "foo" });
    expect(ranked.titles.indexOf("Foo")).toBeLessThan(3);
    expect(ranked.titles.indexOf("Foobar")).toBeLessThan(3);
  });

  it("aggregations: facet terms and keyed ranges with from inclusive, to exclusive", async () => {
    const r = await run({
      aggregations: JSON.stringify([
        { type: "range", property: "Average rating", ranges: [{ from: 1, to: 5, key: "low" }, { from: 5, to: 10 }, { from: 10 }, { from: 0, to: 1, key: "0" }] },
        { type: "property", property: "Class", name: "Classes" },
      ]),
    });
    expect(r.aggs.Tag.Tag.buckets).toEqual([{ key: "Bar", doc_count: 2 }, { key: "Foo", doc_count: 2 }]);
    expect(r.aggs.Tag.doc_count).toBe(19);
    expect(r.aggs["Average rating"]).toEqual({
      meta: [],
      doc_count: 19,
      "Average rating": {
        buckets: {
          low: { from: 1, to: 5, doc_count: 1 },
          "5.0-10.0": { from: 5, to: 10, doc_count: 2 },
          "10.0-*": { from: 10, doc_count: 1 },
          "0": { from: 0, to: 1, doc_count: 0 },
        },
      },
    });
    expect(r.aggs.Classes.Classes.buckets).toEqual([{ key: "Foo", doc_count: 1 }, { key: "Other", doc_count: 1 }]);
  });

  it("sorts numbers numerically and dates chronologically, missing values last", async () => {
    const byRating = await run({ sortings: JSON.stringify([{ type: "property", property: "Average rating", order: "desc" }]), limit: 5 });
    expect(byRating.titles).toEqual(["Beta", "Delta", "Alpha", "Gamma", expect.any(String)]);
    const byDate = await run({ sorting: undefined, sortings: JSON.stringify([{ type: "property", property: "Start date", order: "asc" }]), limit: 3 });
    expect(byDate.titles).toEqual(["Beta", "Alpha", "Gamma"]);
  });

  it("sorts free-text matches by a property", async () => {
    const r = await run({ term: "foo", sortings: JSON.stringify([{ type: "property", property: "Average rating", order: "desc" }]) });
    expect(r.titles.slice(0, 2)).toEqual(["Alpha", "Gamma"]);
    expect(r.titles).toHaveLength(4);
  });

  it("pages with from/limit", async () => {
    const sortings = JSON.stringify([{ type: "property", property: "Average rating", order: "asc" }]);
    const page1 = await run({ sortings, limit: 2 });
    const page2 = await run({ sortings, limit: 2, from: 2 });
    expect([...page1.titles, ...page2.titles]).toEqual(["Gamma", "Alpha", "Delta", "Beta"]);
    expect(page2.total).toBe(19);
  });

  it("post filter properties filter hits but not their own facet", async () => {
    const s = await seededSearch({ withConfig: ["Tag", "Version", "post filter properties=Tag"] });
    const answer = await s.search(wiki, { pageId: CONFIG_PAGE, filter: filter({ key: "Tag", value: "Foo" }) });
    const aggs = answer.result.aggs as any;
    expect(titles(answer.result.hits).sort()).toEqual(["Alpha", "Gamma"]);
    expect(aggs.Tag.Tag.buckets).toEqual([{ key: "Bar", doc_count: 2 }, { key: "Foo", doc_count: 2 }]);
    expect(aggs.Version.Version.buckets).toEqual([{ key: "1.0", doc_count: 1 }]);
    s.close();
  });

  it("highlights matches in the page text with the reference's tags", async () => {
    const r = await run({ term: "everywhere" });
    expect(r.titles).toEqual(["Gamma"]);
    expect(r.hits[0].highlight.text_raw[0]).toContain("{@@_HIGHLIGHT_@@everywhere@@_HIGHLIGHT_@@}");
    expect(r.hits[0]._source.subject.namespacename).toBe("");
    expect(Object.keys(r.hits[0]._source).sort()).toEqual(["P:102", "P:103", "P:16", "P:29", "subject"].filter((k) => k in r.hits[0]._source).sort());
  });

  it("meta=WikiSearchHighlight words come from the page's own highlights", async () => {
    const words = await search.highlight(wiki, { query: "foo", properties: ["text_raw", "Content"], pageId: PAGES.Gamma!.id, limit: 10 });
    expect(words.words).toEqual(["foo", "Foo"]);
  });

  it("refuses a page without configuration and unknown pages", async () => {
    await expect(search.search(wiki, { pageId: PAGES.Alpha!.id })).rejects.toMatchObject({ code: "wikisearch-api-invalid-pageid" });
    await expect(search.highlight(wiki, { query: "x", properties: ["text_raw"], pageId: 999, limit: 3 })).rejects.toMatchObject({ code: "wikisearch-api-invalid-pageid" });
  });
});
