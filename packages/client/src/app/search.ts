// Searches over a search configuration page (WikiSearch): action=query&meta=WikiSearch online,
// the data layer's offline evaluation over the synced documents otherwise. Both answer the same
// shape, which is normalised here for the view.
import { searchOffline, type OfflineSearchParams } from "../data/index.js";
import { NetworkError, actionGet } from "./api.js";
import { clientDb, syncClient } from "./library.js";
import { isOnline } from "./online.js";

export interface SearchFilter {
  key: string;
  value: string;
}

export interface SearchSort {
  property: string;
  order: "asc" | "desc";
}

export interface SearchParams {
  term: string;
  filters: SearchFilter[];
  sort: SearchSort | null;
  from: number;
  limit: number;
}

export interface SearchHit {
  title: string;
  namespace: string;
  /** Prefixed title, for links. */
  page: string;
  source: Record<string, unknown>;
}

export interface Facet {
  name: string;
  buckets: Array<{ key: string; count: number }>;
}

export interface SearchOutcome {
  hits: SearchHit[];
  total: number;
  facets: Facet[];
  from: "server" | "local";
}

/** The API's parameters (JSON text for the structured ones), shared by both paths. */
export function apiParams(params: SearchParams): OfflineSearchParams {
  const out: OfflineSearchParams = { term: params.term, from: params.from, limit: params.limit };
  if (params.filters.length > 0) out.filter = JSON.stringify(params.filters.map((f) => ({ key: f.key, value: f.value })));
  if (params.sort) out.sortings = JSON.stringify([{ type: "property", property: params.sort.property, order: params.sort.order }]);
  return out;
}

export async function runSearch(configTitle: string, params: SearchParams): Promise<SearchOutcome> {
  if (isOnline()) {
    try {
      const answer = normalise(await serverSearch(configTitle, params), "server");
      // From now on every pull brings this search's documents, so it works offline too.
      await syncClient().followSearchConfig(configTitle);
      return answer;
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  return normalise(await searchOffline(clientDb(), configTitle, apiParams(params)), "local");
}

async function serverSearch(configTitle: string, params: SearchParams): Promise<any> {
  const info = await actionGet({ action: "query", prop: "info", titles: configTitle });
  const page = info.query?.pages?.[0];
  if (!page || page.missing) throw new Error(`The search configuration page "${configTitle}" does not exist.`);
  return actionGet({ action: "query", meta: "WikiSearch", pageid: page.pageid, ...apiParams(params) });
}

function normalise(answer: any, from: SearchOutcome["from"]): SearchOutcome {
  const result = answer?.result ?? answer;
  const rawHits: any[] = typeof result.hits === "string" ? JSON.parse(result.hits) : (result.hits ?? []);
  const hits = rawHits.map((hit) => {
    const subject = hit._source?.subject ?? {};
    const namespace = String(subject.namespacename ?? "");
    const title = String(subject.title ?? "");
    return { title, namespace, page: namespace ? `${namespace}:${title}` : title, source: hit._source ?? {} };
  });
  const total = typeof result.total === "number" ? result.total : Number(result.total?.value ?? hits.length);
  return { hits, total, facets: facetsOf(result.aggs ?? {}), from };
}

/** Aggregations nest their buckets one or two levels deep (`aggs.Name.buckets` or `aggs.Name.Name.buckets`). */
export function facetsOf(aggs: Record<string, any>): Facet[] {
  const facets: Facet[] = [];
  for (const [name, agg] of Object.entries(aggs)) {
    const buckets = findBuckets(agg);
    if (buckets) facets.push({ name, buckets: buckets.map((b: any) => ({ key: String(b.key), count: Number(b.doc_count ?? 0) })) });
  }
  return facets;
}

function findBuckets(agg: any): any[] | null {
  if (!agg || typeof agg !== "object") return null;
  if (Array.isArray(agg.buckets)) return agg.buckets;
  for (const value of Object.values(agg)) {
    const found = findBuckets(value);
    if (found) return found;
  }
  return null;
}
