/**
 * The `meta=WikiSearch` answer from a backend response: hits JSON-encoded with the subject's
 * namespace name filled in, range aggregations carrying `meta`. Pure, so the server's service
 * and the PWA's offline search shape answers the same way.
 */
import type { SearchResponse } from "./executor/types";
import type { Json, JsonObject, SearchRequest } from "./query/dsl";

export interface SearchAnswer {
  result: { hits: string; total: Json; aggs: Json };
  /** The backend request, in debug mode only. */
  query?: SearchRequest;
}

/** Range aggregation results carry `meta` next to `doc_count`, as the interface describes them. */
function withRangeMeta(request: SearchRequest, aggs: Record<string, Json> | undefined): Json {
  const out: Record<string, Json> = { ...(aggs ?? {}) };
  const requested = (request.body.aggregations ?? {}) as Record<string, JsonObject>;
  for (const [name, spec] of Object.entries(requested)) {
    const inner = (spec.aggregations as Record<string, JsonObject> | undefined)?.[name];
    const result = out[name];
    if (inner && "range" in inner && result && typeof result === "object" && !Array.isArray(result) && !("meta" in result)) {
      out[name] = { meta: [], ...result };
    }
  }
  return out;
}

export function searchAnswer(request: SearchRequest, response: SearchResponse, namespaceName: (ns: number) => string): SearchAnswer {
  const hits = response.hits.hits.map((hit) => {
    const subject = hit._source.subject;
    if (subject && typeof subject === "object" && !Array.isArray(subject)) {
      return { ...hit, _source: { ...hit._source, subject: { ...subject, namespacename: namespaceName(Number(subject.namespace)) } } };
    }
    return hit;
  });
  return { result: { hits: JSON.stringify(hits), total: response.hits.total as unknown as Json, aggs: withRangeMeta(request, response.aggregations) } };
}
