/**
 * Reading a built request and shaping the response: the parts every local executor (SQLite and
 * in-memory) shares, so both read `from`/`size`, sorts, ranges and `_source` the same way.
 */
import { SearchError } from "../errors";
import type { Json, JsonObject } from "../query/dsl";

export const DEFAULT_TERMS_SIZE = 10;
export const MAX_WINDOW = 50_000;

export function unsupported(what: string): SearchError {
  return new SearchError("wikisearch-unsupported-query", `The embedded search engine does not support ${what}.`);
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every query_string node of a query, for scoring and highlighting. */
export function queryStrings(node: Json | undefined, out: JsonObject[] = []): JsonObject[] {
  if (Array.isArray(node)) for (const item of node) queryStrings(item, out);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "query_string" && isObject(value)) out.push(value);
      else queryStrings(value, out);
    }
  }
  return out;
}

/** `_source: ["subject.*", "P:16.*"]` keeps those top-level objects. */
export function filterSource(source: JsonObject, patterns: Json | undefined): JsonObject {
  if (!Array.isArray(patterns)) return source;
  const keep = new Set(patterns.map((p) => String(p).replace(/\.\*$/, "")));
  return Object.fromEntries(Object.entries(source).filter(([key]) => keep.has(key)));
}

/** ES's default key of an unkeyed range bucket: "1.0-6.0", "*-50.0". */
export function rangeKey(from: number | undefined, to: number | undefined): string {
  const format = (n: number | undefined) => (n === undefined ? "*" : Number.isInteger(n) ? n.toFixed(1) : String(n));
  return `${format(from)}-${format(to)}`;
}

/** The page window of a request; refuses windows beyond MAX_WINDOW. */
export function pageWindow(body: JsonObject): { from: number; size: number } {
  const from = typeof body.from === "number" ? Math.max(0, Math.trunc(body.from)) : 0;
  const size = typeof body.size === "number" ? Math.max(0, Math.trunc(body.size)) : 10;
  if (from + size > MAX_WINDOW) throw new SearchError("wikisearch-result-window-too-large", `from + size must not exceed ${MAX_WINDOW}.`);
  return { from, size };
}

export interface SortSpec {
  field: string;
  direction: "asc" | "desc";
  /** For multi-valued properties: which value stands for the document. */
  mode: "min" | "max";
}

/** The request's sorts (relevance when none), with ES's defaults for order and mode. */
export function sortSpecs(body: JsonObject): SortSpec[] {
  const sorts = Array.isArray(body.sort) ? (body.sort as Json[]) : [{ _score: { order: "desc" } }];
  return sorts.map((entry) => {
    const [field, spec] = typeof entry === "string" ? [entry, {}] : isObject(entry) ? Object.entries(entry)[0] ?? ["", {}] : ["", {}];
    const options = isObject(spec) ? spec : { order: spec };
    const defaultOrder = field === "_score" ? "desc" : "asc";
    const direction = options.order === "desc" || options.order === "asc" ? options.order : defaultOrder;
    const mode = options.mode === "max" || options.mode === "min" ? options.mode : direction === "asc" ? "min" : "max";
    return { field, direction, mode };
  });
}

export interface RangeBucketSpec {
  from: number | undefined;
  to: number | undefined;
  key: string;
}

/** The buckets of a range aggregation, keyed as ES keys them. */
export function rangeBuckets(spec: JsonObject): RangeBucketSpec[] {
  const ranges = Array.isArray(spec.ranges) ? spec.ranges.filter(isObject) : [];
  return ranges.map((range) => {
    const from = typeof range.from === "number" ? range.from : undefined;
    const to = typeof range.to === "number" ? range.to : undefined;
    return { from, to, key: typeof range.key === "string" ? range.key : rangeKey(from, to) };
  });
}

/** A range aggregation's result from bucket counts, keyed or as a list. */
export function rangeResult(spec: JsonObject, buckets: { bucket: RangeBucketSpec; count: number }[]): Json {
  const shaped = buckets.map(({ bucket, count }) => {
    const out: JsonObject = {};
    if (bucket.from !== undefined) out.from = bucket.from;
    if (bucket.to !== undefined) out.to = bucket.to;
    out.doc_count = count;
    return { key: bucket.key, bucket: out };
  });
  if (spec.keyed === true) return { buckets: Object.fromEntries(shaped.map(({ key, bucket }) => [key, bucket])) };
  return { buckets: shaped.map(({ key, bucket }) => ({ key, ...bucket })) };
}

/** A terms aggregation's result from per-key document counts (most frequent first, then by key). */
export function termsResult(counts: { key: string; n: number }[], size: number, boolean: boolean): Json {
  const shown = counts.slice(0, size);
  const other = counts.slice(size).reduce((sum, row) => sum + row.n, 0);
  const buckets: Json[] = shown.map((row): JsonObject =>
    boolean ? { key: row.key === "true" ? 1 : 0, key_as_string: row.key, doc_count: row.n } : { key: row.key, doc_count: row.n },
  );
  return { doc_count_error_upper_bound: 0, sum_other_doc_count: other, buckets };
}

/** Highlight options of one field, with the defaults both executors use. */
export function highlightOptions(spec: JsonObject, raw: Json | undefined): { pre: string; post: string; fragmentSize: number; fragments: number } {
  const options = isObject(raw) ? raw : {};
  return {
    pre: Array.isArray(spec.pre_tags) ? String(spec.pre_tags[0]) : "<em>",
    post: Array.isArray(spec.post_tags) ? String(spec.post_tags[0]) : "</em>",
    fragmentSize: typeof options.fragment_size === "number" ? options.fragment_size : 100,
    fragments: typeof options.number_of_fragments === "number" ? options.number_of_fragments : 5,
  };
}
