/**
 * The query builder against the reference's `es_request` for every case of
 * search-scenarios.json. Where the reference's answer is wrong and the README asks for right
 * answers (ranges), or it fails with an internal error, the test states our request or our
 * clear error explicitly instead.
 */
import { describe, expect, it } from "vitest";
import { parseConfigArgs } from "../src/config/parse-config";
import { SearchError } from "../src/errors";
import { buildSearchRequest, type BuildEnv, type SearchInput } from "../src/query/build-request";
import type { JsonObject, SearchRequest } from "../src/query/dsl";
import { julianDay } from "../src/values";
import { FIXTURE_INDEX, fixtureTable, haveFixtures, readFixture, upperFirstTitle } from "./support/fixtures";

interface Scenario {
  name: string;
  wikisearchconfig_args: string[];
  api_params: Record<string, string | number> | [];
  es_request?: SearchRequest;
  es_requests?: SearchRequest[];
  es_subrequests?: SearchRequest[];
  error?: { class: string; message: string };
}

const scenarios: Scenario[] = haveFixtures ? readFixture<Scenario[]>("search-scenarios.json") : [];

function inputOf(params: Scenario["api_params"]): SearchInput {
  const p = Array.isArray(params) ? {} : params;
  const text = (key: string) => (p[key] === undefined ? undefined : String(p[key]));
  return {
    term: text("term"),
    from: p.from === undefined ? undefined : Number(p.from),
    limit: p.limit === undefined ? undefined : Number(p.limit),
    filter: text("filter"),
    aggregations: text("aggregations"),
    sortings: text("sortings") ?? text("sorting"),
  };
}

function envFor(subrequests: SearchRequest[]): BuildEnv {
  return {
    index: FIXTURE_INDEX,
    properties: fixtureTable(),
    normalizeTitle: upperFirstTitle,
    // The reference's stand-ins: page "Foo" has id 777; the attachment sub-query finds document 5.
    pageIdOf: async (title) => (title === "Foo" ? 777 : null),
    resolveChain: async (request) => {
      subrequests.push(request);
      return [5];
    },
  };
}

/** Replaces the constant_score filter of a request's body (the place every range filter lands). */
function withConstantScoreFilter(request: SearchRequest, filter: JsonObject): SearchRequest {
  const copy = structuredClone(request);
  const must = (copy.body.query as { bool: { must: JsonObject[] } }).bool.must;
  must[0] = { constant_score: { filter } };
  return copy;
}

/** Our deliberate answers where the reference is wrong or fails internally. */
const DEVIATIONS: Record<string, (base: SearchRequest) => SearchRequest> = {
  // gte without lte: a single lower bound, not a term on the "value" text.
  "11-range-gte-only": (base) => withConstantScoreFilter(base, { range: { "P:103.numField": { boost: 1, from: 5 } } }),
  // A single bound is a valid range (the reference rejected it).
  "12-range-gte-only-novalue": (base) => withConstantScoreFilter(base, { range: { "P:103.numField": { boost: 1, from: 5 } } }),
  // Fractional bounds are kept (the reference truncated them to 1 and 4).
  "13-range-float": (base) => withConstantScoreFilter(base, { range: { "P:103.numField": { boost: 1, from: 1.5, to: 4.9 } } }),
  // Date bounds on a date property are dates, as Julian days (the reference raised a TypeError).
  "14-range-string": (base) =>
    withConstantScoreFilter(base, { range: { "P:112.datField": { boost: 1, from: julianDay(2020, 1, 1), to: julianDay(2021, 1, 1) } } }),
  // A range bucket's key "0" is kept (the reference drops keys PHP considers false).
  "21-aggregations": (reference) => {
    const copy = structuredClone(reference);
    const aggs = copy.body.aggregations as Record<string, { aggregations: Record<string, { range: { ranges: JsonObject[] } }> }>;
    aggs["Average rating"]!.aggregations["Average rating"]!.range.ranges[3]!.key = "0";
    return copy;
  },
};

/** Reference failures and the clear API error we answer instead. */
const ERROR_CODES: Record<string, string> = {
  "22-aggregation-name-collision": "wikisearch-invalid-aggregation",
  "E1-filter-invalid-json": "wikisearch-invalid-json",
  "E2-filter-not-array": "wikisearch-invalid-json",
  "E3-filter-missing-key": "wikisearch-invalid-filter",
  "E4-filter-bad-type": "wikisearch-invalid-filter",
  "E6-aggregation-invalid": "wikisearch-invalid-aggregation",
  "E8-sort-invalid": "wikisearch-invalid-sort",
  "E9-sortings-object": "wikisearch-invalid-json",
  "E10-fuzziness-invalid": "wikisearch-invalid-filter",
};

/** The first successful case's request: the base that deviations for failing reference cases start from. */
const minimal = scenarios.find((s) => s.name === "01-minimal")?.es_request;

describe.skipIf(!haveFixtures)("buildSearchRequest equals the reference's es_request (search-scenarios.json)", () => {
  it.each(scenarios.map((s) => [s.name, s] as const))("%s", async (name, scenario) => {
    const subrequests: SearchRequest[] = [];
    const build = () => buildSearchRequest(parseConfigArgs(scenario.wikisearchconfig_args), inputOf(scenario.api_params), envFor(subrequests));
    const code = ERROR_CODES[name];
    if (code) {
      const error = await build().then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(SearchError);
      expect((error as SearchError).code).toBe(code);
      return;
    }
    const reference = scenario.es_request ?? scenario.es_requests?.[0] ?? minimal!;
    const expected = DEVIATIONS[name]?.(reference) ?? reference;
    expect(await build()).toEqual(expected);
    if (scenario.es_subrequests) expect(subrequests).toEqual(scenario.es_subrequests);
  });

  it("covers every case: each either matches, deviates on purpose, or is a clear error", () => {
    for (const s of scenarios) {
      const known = s.es_request || s.es_requests || DEVIATIONS[s.name] || ERROR_CODES[s.name];
      expect(known, s.name).toBeTruthy();
    }
  });
});
