/** The Elasticsearch query DSL as plain JSON, and the few combinators the builder needs. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One request to the backend: what Elasticsearch's search API takes. */
export interface SearchRequest {
  index: string;
  body: JsonObject;
}

/** A clause with its polarity: negated clauses go to `must_not`. */
export interface Clause {
  query: JsonObject;
  negate: boolean;
}

/**
 * ANDs clauses the way the reference's bool builder does: nothing → `{bool: {}}` (match all),
 * a single positive clause → that clause itself, otherwise `{bool: {must, must_not}}`.
 */
export function conjunction(clauses: readonly Clause[]): JsonObject {
  const must = clauses.filter((c) => !c.negate).map((c) => c.query);
  const mustNot = clauses.filter((c) => c.negate).map((c) => c.query);
  if (must.length === 1 && mustNot.length === 0) return must[0]!;
  const bool: JsonObject = {};
  if (must.length > 0) bool.must = must;
  if (mustNot.length > 0) bool.must_not = mustNot;
  return { bool };
}

/** A leaf query in filter context: `{bool: {filter: [leaf]}}`. */
export function filterOf(leaf: JsonObject): JsonObject {
  return { bool: { filter: [leaf] } };
}

export function queryString(query: string, fields: string[], operator: "or" | "and"): JsonObject {
  return {
    query_string: { query, fields, default_operator: operator, analyze_wildcard: true, tie_breaker: 1, lenient: true },
  };
}
