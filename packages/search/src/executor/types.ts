/** What an executor answers: Elasticsearch's search response, the parts WikiSearch uses. */
import type { Json, JsonObject, SearchRequest } from "../query/dsl";

export interface SearchHit {
  _index: string;
  _id: string;
  _score: number | null;
  _source: JsonObject;
  highlight?: Record<string, string[]>;
  sort?: Json[];
}

export interface SearchResponse {
  hits: { total: { value: number; relation: "eq" | "gte" }; max_score: number | null; hits: SearchHit[] };
  aggregations?: Record<string, Json>;
}

/** Runs a built request; the embedded engine and Elasticsearch/OpenSearch both implement it. */
export interface SearchExecutor {
  search(request: SearchRequest): Promise<SearchResponse>;
}
