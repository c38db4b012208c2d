/**
 * Equivalence: every successful case of search-scenarios.json, run through the same query
 * builder and the embedded executor over the seeded wiki (the fixture's property names and
 * types), with the answers the seed implies.
 */
import { describe, expect, it } from "vitest";
import type { WikiSearch } from "../src/index";
import { haveFixtures, readFixture } from "./support/fixtures";
import { PAGES, seededSearch, titles, wiki } from "./support/seeded-wiki";

interface Scenario {
  name: string;
  wikisearchconfig_args: string[];
  api_params: Record<string, string | number> | [];
  error?: unknown;
}

const ALL = 19;
/** Expected hits (as a sorted list, or in order when `ordered`) and total per case. */
const EXPECTED: Record<string, { titles?: string[]; ordered?: string[]; total?: number }> = {
  "01-minimal": { total: ALL },
  "03-term-advanced": { titles: [] },
  "04-from-limit": { titles: [], total: ALL },
  "05-value-filter-txt": { titles: ["Alpha"] },
  "06-value-filter-wpg-num-boo": { titles: ["Alpha"] },
  "07-values-filter": { titles: ["Alpha", "Beta", "Gamma"] },
  "09-range-from-to": { titles: ["Alpha", "Gamma"] },
  "10-range-gte-lte": { titles: ["Alpha"] },
  "11-range-gte-only": { titles: ["Alpha", "Beta", "Delta"] },
  "12-range-gte-only-novalue": { titles: ["Alpha", "Beta", "Delta"] },
  "13-range-float": { titles: ["Gamma"] },
  "14-range-string": { titles: ["Alpha"] },
  "15-text-filter": { titles: [] },
  "16-text-filter-and": { titles: ["Alpha", "Gamma"] },
  "18-negate": { total: ALL - 2 },
  "19-multi-filters": { titles: ["Alpha"] },
  "24-fallback-sorts": { ordered: ["Gamma", "Beta", "Alpha"] }, // equal Tag minimum: newer modification date first
  "26-search-term-properties-include-default": { titles: ["Alpha", "Foo", "Foobar", "Gamma"] }, // Property:Foobar too
  "27-default-operator-and": { titles: ["Foobar", "Gamma"] },
  "28-highlighted-properties-fvh": { titles: ["Alpha", "Foo", "Foobar", "Gamma"] },
  "30-base-query": { titles: ["Alpha"] },
  "34-chained-search-term-property": { titles: ["Alpha"] },
  "E12-empty-filter-list": { total: ALL },
  "R1-doSearch-result": { titles: ["Alpha", "Foo", "Foobar", "Gamma"] },
  "R2-toQuery-twice": { titles: ["Alpha", "Gamma"] },
};

const scenarios: Scenario[] = haveFixtures ? readFixture<Scenario[]>("search-scenarios.json") : [];

async function runScenario(s: Scenario): Promise<{ search: WikiSearch; answer: Awaited<ReturnType<WikiSearch["search"]>> }> {
  const search = await seededSearch({ withConfig: s.wikisearchconfig_args });
  const p = Array.isArray(s.api_params) ? {} : s.api_params;
  const text = (key: string) => (p[key] === undefined ? undefined : String(p[key]));
  const answer = await search.search(wiki, {
    pageId: PAGES.Search!.id,
    term: text("term"),
    from: p.from === undefined ? undefined : Number(p.from),
    limit: p.limit === undefined ? undefined : Number(p.limit),
    filter: text("filter"),
    aggregations: text("aggregations"),
    sortings: text("sortings"),
  });
  return { search, answer };
}

describe.skipIf(!haveFixtures)("search-scenarios.json on the embedded executor over a seeded wiki", () => {
  const cases = scenarios.filter((s) => EXPECTED[s.name]);
  it.each(cases.map((s) => [s.name, s] as const))("%s", async (name, s) => {
    const { search, answer } = await runScenario(s);
    try {
      const expected = EXPECTED[name]!;
      const found = titles(answer.result.hits);
      if (expected.titles) expect([...found].sort()).toEqual(expected.titles);
      if (expected.ordered) expect(found.slice(0, expected.ordered.length)).toEqual(expected.ordered);
      if (expected.total !== undefined) expect((answer.result.total as { value: number }).value).toBe(expected.total);
    } finally {
      search.close();
    }
  });

  it("21-aggregations: keyed range buckets and a property aggregation", async () => {
    const { search, answer } = await runScenario(scenarios.find((s) => s.name === "21-aggregations")!);
    const aggs = answer.result.aggs as any;
    expect(aggs["Average rating"]["Average rating"].buckets).toEqual({
      "1": { from: 1, to: 6, doc_count: 2 },
      "*-50.0": { to: 50, doc_count: 4 },
      "100.0-*": { from: 100, doc_count: 0 },
      "0": { from: 0, to: 1, doc_count: 0 },
    });
    expect(aggs.Classes.Classes.buckets).toEqual([{ key: "Foo", doc_count: 1 }, { key: "Other", doc_count: 1 }]);
    search.close();
  });

  it("29-aggregation-size and 31-facet-translation run with their facets", async () => {
    for (const name of ["29-aggregation-size", "31-facet-translation"]) {
      const { search, answer } = await runScenario(scenarios.find((s) => s.name === name)!);
      expect(Object.keys(answer.result.aggs as object).length).toBeGreaterThan(1);
      search.close();
    }
  });
});
