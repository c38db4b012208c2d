/**
 * The one query builder: a search configuration plus the API call's parameters → the
 * Elasticsearch request (`{index, body}`). Both executors run exactly this request.
 *
 *   query: bool.must [ constant_score(filters), function_score(free text) ]   (+ base query)
 *   post_filter: filters on the configuration's post filter properties
 *   aggregations: facets + requested, each under the other properties' post-filters
 *   highlight, sort (requested, _score, fallback), from/size, _source (subject + result properties)
 */
import type { SearchConfig } from "../config/parse-config";
import { fieldOf, readSearchParameters, type SearchParameters, type SearchTermProperty } from "../config/search-parameters";
import { DISPLAY_TITLE, MODIFICATION_DATE, pageIdField, type PropertyTable } from "../properties";
import { checkUniqueNames, facetAggregation, parseAggregation, type NamedAggregation } from "./aggregations";
import { baseQueryFilter } from "./base-query";
import { conjunction, filterOf, queryString, type Json, type JsonObject, type SearchRequest } from "./dsl";
import { parseFilters, type PropertyFilter } from "./filters";
import { DEFAULT_FRAGMENT_SIZE, highlightSection, searchHighlightFields } from "./highlight";
import { parseJsonList } from "./json-param";
import { prepareTerm } from "./prepare-term";
import { fallbackSorts, parseSort, RELEVANCE_SORT } from "./sorts";
import { normalizePropertyName } from "../properties";

export interface BuildEnv {
  /** Backend index of the wiki, e.g. "smw-data-mywiki". */
  index: string;
  properties: PropertyTable;
  normalizeTitle(text: string): string | null;
  /** Page id (the backend's document id) of a title, for base queries on page properties. */
  pageIdOf?(title: string): Promise<number | null>;
  /** Runs a chained search term property's sub-request; returns the document ids it found. */
  resolveChain?(request: SearchRequest): Promise<number[]>;
}

/** The API call: structured parameters still as JSON text, as they arrive. */
export interface SearchInput {
  term?: string;
  from?: number;
  limit?: number;
  filter?: string;
  aggregations?: string;
  sortings?: string;
}

/** Free-text fields when the configuration names none (boosts as the reference sets them). */
export const DEFAULT_SEARCH_FIELDS = [
  "subject.title.search^8", "subject.title^8", "text_copy.search^5", "text_copy^5",
  "text_raw.search", "text_raw", "attachment.title^3", "attachment.content",
];

const CHAIN_SUBREQUEST_SIZE = 500;

export const DEFAULT_LIMIT = 10;

export function sourceFields(resultProperties: readonly string[], properties: PropertyTable): string[] {
  const ids = [DISPLAY_TITLE.id, MODIFICATION_DATE.id, ...resultProperties.map((name) => properties.lookup(name).id)];
  return ["subject.*", ...[...new Set(ids)].map((id) => `P:${id}.*`)];
}

function matchAll(): JsonObject {
  return { function_score: { query: { bool: {} }, functions: null } };
}

/** The common query skeleton: filters in constant_score, free text scored by function_score. */
export function scoredQuery(filter: JsonObject, should: JsonObject[]): JsonObject {
  return {
    bool: {
      must: [
        { constant_score: { filter } },
        { function_score: { query: { bool: should.length > 0 ? { should } : {} }, functions: null } },
      ],
    },
  };
}

/** `Pdf.attachment-content`: pages whose Pdf is one of the documents whose content matches. */
async function chainClause(chain: readonly string[], term: string, parameters: SearchParameters, env: BuildEnv): Promise<JsonObject> {
  const inner =
    chain.length > 2
      ? await chainClause(chain.slice(1), term, parameters, env)
      : (() => {
          const { field, searchSubfield } = fieldOf(chain[chain.length - 1]!, env.properties);
          const fields = searchSubfield ? [`${field}^1`, `${field}.search^1`] : [`${field}^1`];
          return filterOf(queryString(prepareTerm(term), fields, parameters.defaultOperator));
        })();
  const request: SearchRequest = {
    index: env.index,
    body: {
      query: { bool: { must: [{ constant_score: { filter: inner } }, matchAll()] } },
      sort: [RELEVANCE_SORT],
      size: CHAIN_SUBREQUEST_SIZE,
      _source: sourceFields([], env.properties),
    },
  };
  const ids = env.resolveChain ? await env.resolveChain(request) : [];
  return filterOf({ terms: { [pageIdField(env.properties.lookup(chain[0]!))]: ids } });
}

async function freeTextClauses(term: string, parameters: SearchParameters, env: BuildEnv): Promise<JsonObject[]> {
  const termProperties: SearchTermProperty[] = parameters.searchTermProperties ?? [];
  const clauses: JsonObject[] = [];
  for (const property of termProperties.filter((p) => p.chained)) clauses.push(await chainClause(property.chain, term, parameters, env));
  const fields = parameters.searchTermProperties === undefined || parameters.includeDefaultSearchTermProperties ? [...DEFAULT_SEARCH_FIELDS] : [];
  for (const property of termProperties.filter((p) => !p.chained)) {
    fields.push(`${property.field}^${property.weight}`);
    if (property.searchSubfield) fields.push(`${property.field}.search^${property.weight}`);
  }
  if (fields.length > 0) clauses.push(queryString(prepareTerm(term), fields, parameters.defaultOperator));
  return clauses;
}

function wrapAggregations(aggregations: readonly NamedAggregation[], postFilters: readonly PropertyFilter[]): JsonObject {
  const out: JsonObject = {};
  for (const aggregation of aggregations) {
    const others = postFilters.filter((filter) => filter.property !== aggregation.property);
    out[aggregation.name] = { filter: conjunction(others), aggregations: { [aggregation.name]: aggregation.body } };
  }
  return out;
}

export async function buildSearchRequest(config: SearchConfig, input: SearchInput, env: BuildEnv): Promise<SearchRequest> {
  const { properties } = env;
  const parameters = readSearchParameters(config, properties);
  const filters = parseFilters(parseJsonList("filter", input.filter), properties, parameters.defaultOperator);
  const requested = parseJsonList("aggregations", input.aggregations).map((item) => parseAggregation(item, properties));
  const sorts = parseJsonList("sortings", input.sortings).map((item) => parseSort(item, properties));

  const postProperties = new Set(parameters.postFilterProperties.map(normalizePropertyName));
  const postFilters = filters.filter((filter) => postProperties.has(filter.property));
  const queryFilters = filters.filter((filter) => !postProperties.has(filter.property));

  const term = input.term?.trim() ?? "";
  const should = term === "" ? [] : await freeTextClauses(term, parameters, env);
  let query = scoredQuery(conjunction(queryFilters), should);
  if (parameters.baseQuery) query = { bool: { must: [await baseQueryFilter(parameters.baseQuery, env), query] } };

  const aggregations = [
    ...config.facets.map((facet) => facetAggregation(properties.lookup(facet), facet, parameters.aggregationSize)),
    ...requested,
  ];
  checkUniqueNames(aggregations);

  const body: JsonObject = {};
  if (postFilters.length > 0) body.post_filter = conjunction(postFilters);
  body.query = query;
  if (aggregations.length > 0) body.aggregations = wrapAggregations(aggregations, postFilters);
  body.highlight = highlightSection(searchHighlightFields(parameters, properties), {
    fragmentSize: DEFAULT_FRAGMENT_SIZE,
    fragments: 1,
    type: parameters.highlighterType,
  });
  body.sort = [...sorts, RELEVANCE_SORT, ...fallbackSorts(parameters.fallbackSorts, properties)] as Json[];
  if (input.from !== undefined && input.from > 0) body.from = input.from;
  body.size = input.limit ?? DEFAULT_LIMIT;
  body._source = sourceFields(config.resultProperties, properties);
  return { index: env.index, body };
}

export interface HighlightInput {
  query: string;
  properties: string[];
  /** Backend document id of the page. */
  documentId: string;
  limit: number;
  size?: number;
  highlighterType?: string;
}

/** meta=WikiSearchHighlight's request: the page's own document, matched against the query, highlighted. */
export function buildHighlightRequest(input: HighlightInput, env: Pick<BuildEnv, "index" | "properties">): SearchRequest {
  const fields = input.properties.map((name) => fieldOf(name, env.properties));
  const searchFields = fields.flatMap(({ field, searchSubfield }) => (searchSubfield ? [`${field}^1`, `${field}.search^1`] : [`${field}^1`]));
  const filter = conjunction([
    { query: filterOf({ term: { _id: input.documentId } }), negate: false },
    { query: { bool: { should: [queryString(prepareTerm(input.query), searchFields, "or")] } }, negate: false },
  ]);
  return {
    index: env.index,
    body: {
      query: scoredQuery(filter, []),
      highlight: highlightSection(fields, {
        fragmentSize: input.size ?? DEFAULT_FRAGMENT_SIZE,
        fragments: input.limit,
        type: input.highlighterType ?? "unified",
      }),
      sort: [RELEVANCE_SORT],
      size: DEFAULT_LIMIT,
      _source: sourceFields([], env.properties),
    },
  };
}
