import { describe, expect, it } from "vitest";
import { parseConfigArgs } from "../src/config/parse-config";
import { readSearchParameters } from "../src/config/search-parameters";
import { keywordField, type PropertyTable } from "../src/properties";
import { propertySort } from "../src/query/sorts";
import { insertWildcards, prepareTerm } from "../src/query/prepare-term";
import { fixtureTable, haveFixtures, readFixture } from "./support/fixtures";

interface PrepareCases {
  prepareQuery: { input: string; prepared: string }[];
  insertWildcards: { input: string; insertWildcards: string }[];
}
interface ConfigCase {
  args: string[];
  facets: string[];
  translations: Record<string, string> | [];
  result_properties: string[];
  getSearchParameter: Record<string, unknown>;
  db_writes: Record<string, Record<string, unknown>>[];
}

/** The reference's getSearchParameter view of our typed parameters, to compare like with like. */
function referenceView(args: string[], properties: PropertyTable): Record<string, unknown> {
  const p = readSearchParameters(parseConfigArgs(args), properties);
  const config = parseConfigArgs(args);
  const has = (key: string) => config.parameters.some((param) => param.key === key);
  return {
    "base query": p.baseQuery ?? false,
    "highlighted properties": p.highlightedProperties ?? false,
    "search term properties":
      p.searchTermProperties?.map((s) => ({
        PropertyFieldMapper: s.chain[s.chain.length - 1],
        field: s.field,
        weighted: `${s.field}^${s.weight}`,
        chained: s.chained,
      })) ?? false,
    "default operator": has("default operator") ? p.defaultOperator : false,
    "aggregation size": p.aggregationSize ?? false,
    "post filter properties": has("post filter properties") ? p.postFilterProperties : false,
    "highlighter type": p.highlighterType ?? false,
    "result template": p.resultTemplate ?? false,
    "fallback sorts": has("fallback sorts")
      ? p.fallbackSorts.map((s) => ({ PropertySort: propertySort(keywordField(properties.lookup(s.property)), s.order) }))
      : false,
    "include default search term properties": p.includeDefaultSearchTermProperties,
  };
}

describe.skipIf(!haveFixtures)("prepareTerm (prepareQuery.json)", () => {
  const cases = haveFixtures ? readFixture<PrepareCases>("prepareQuery.json") : { prepareQuery: [], insertWildcards: [] };
  it.each(cases.prepareQuery)("prepares $input", ({ input, prepared }) => {
    expect(prepareTerm(input)).toBe(prepared);
  });
  it.each(cases.insertWildcards)("inserts wildcards into $input", ({ input, insertWildcards: expected }) => {
    expect(insertWildcards(input)).toBe(expected);
  });
});

describe.skipIf(!haveFixtures)("{{#wikisearchconfig}} parsing (config-parsing.json)", () => {
  const cases = haveFixtures ? readFixture<ConfigCase[]>("config-parsing.json") : [];
  it.each(cases.map((c, i) => [i, c] as const))("case %i", (_i, c) => {
    const config = parseConfigArgs(c.args);
    expect(config.facets).toEqual(c.facets);
    expect(config.translations).toEqual(Array.isArray(c.translations) ? {} : c.translations);
    expect(config.resultProperties).toEqual(c.result_properties);
    expect(referenceView(c.args, fixtureTable())).toEqual(c.getSearchParameter);
    // The rows the reference writes for the page (facets, result properties, raw parameters).
    const rows = c.db_writes.filter((w) => !Object.keys(w)[0]!.startsWith("DELETE"));
    const facets = rows.flatMap((w) => (w.search_facets ? [w.search_facets.property] : []));
    const props = rows.flatMap((w) => (w.search_properties ? [w.search_properties.property] : []));
    const params = rows.flatMap((w) => (w.search_parameters ? [[w.search_parameters.parameter_key, w.search_parameters.parameter_value]] : []));
    expect(config.facets).toEqual(facets);
    expect(config.resultProperties).toEqual(props);
    expect(config.parameters.map((p) => [p.key, p.value])).toEqual(params);
  });
});
