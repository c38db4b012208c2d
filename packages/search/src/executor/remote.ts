/**
 * What Elasticsearch and OpenSearch share: the request as built goes out (with the numeric-sort
 * correction), the answer comes back as the same search response, and a sink keeps the remote
 * index in step with the local one. Each product only supplies a small client adapter, since
 * their official clients differ in calling conventions (Elasticsearch 9: body keys at the top
 * level, plain results; OpenSearch: `body` parameter, results wrapped in `{ body, statusCode }`).
 */
import type { Json, JsonObject, SearchRequest } from "../query/dsl";
import type { SearchExecutor, SearchHit, SearchResponse } from "./types";

/** The calls WikiSearch makes on a remote search server, whatever its product. */
export interface RemoteSearchClient {
  /** Runs a search; answers the response body. */
  search(index: string, body: JsonObject): Promise<unknown>;
  /** Creates or replaces a document. */
  put(index: string, id: string, document: JsonObject): Promise<void>;
  /** Removes a document; a missing one is not an error. */
  remove(index: string, id: string): Promise<void>;
  close(): Promise<void>;
}

const TEXT_SORTED_NUMBERS = /^(P:\d+\.(?:num|dat)Field)\.keyword$/;

/**
 * The request body with numeric sorts on numeric fields: the reference sorts number and date
 * properties on their `.keyword` subfield, which orders them as text ("10" before "9").
 */
export function correctedBody(body: JsonObject): JsonObject {
  if (!Array.isArray(body.sort)) return body;
  const sort = body.sort.map((entry): Json => {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return entry;
    return Object.fromEntries(Object.entries(entry).map(([field, spec]) => [field.replace(TEXT_SORTED_NUMBERS, "$1"), spec]));
  });
  return { ...body, sort };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A server's search answer as WikiSearch uses it. Totals given as a bare number (servers asked
 * for `rest_total_hits_as_int`, old OpenSearch/ODFE) become `{value, relation: "eq"}`; anything
 * without a hit list is a backend failure, not an empty result.
 */
export function toSearchResponse(raw: unknown): SearchResponse {
  if (!isObject(raw) || !isObject(raw.hits) || !Array.isArray(raw.hits.hits)) {
    throw new Error("the search server's answer has no hits");
  }
  const total = raw.hits.total;
  const hits = raw.hits.hits as SearchHit[];
  const response: SearchResponse = {
    hits: {
      total: typeof total === "number" ? { value: total, relation: "eq" } : isObject(total) ? (total as SearchResponse["hits"]["total"]) : { value: hits.length, relation: "eq" },
      max_score: typeof raw.hits.max_score === "number" ? raw.hits.max_score : null,
      hits,
    },
  };
  if (isObject(raw.aggregations)) response.aggregations = raw.aggregations as Record<string, Json>;
  return response;
}

/** Runs built requests on a remote server through its adapter. */
export class RemoteExecutor implements SearchExecutor {
  constructor(readonly remote: RemoteSearchClient) {}

  async search(request: SearchRequest): Promise<SearchResponse> {
    return toSearchResponse(await this.remote.search(request.index, correctedBody(request.body)));
  }

  close(): Promise<void> {
    return this.remote.close();
  }
}

/** Keeps a remote index in step with the local index (the scale path's write side). */
export class RemoteSink {
  constructor(readonly remote: RemoteSearchClient) {}

  /** The local document plus the raw text, which full-text queries and highlighting read. */
  put(index: string, id: number, source: JsonObject, textRaw: string): Promise<void> {
    return this.remote.put(index, String(id), { ...source, text_raw: textRaw });
  }

  remove(index: string, id: number): Promise<void> {
    return this.remote.remove(index, String(id));
  }
}
