/**
 * The in-memory executor: evaluates a built Elasticsearch request over documents held in memory
 * (the PWA's offline copy), with the embedded SQLite executor's semantics: the same field
 * references (parseField), stored value forms (storedValue), query_string parsing and term
 * matchers, token-index evaluation (ftsQuery over the same tokenizer as the FTS5 table), bm25
 * relevance with the same column weights, highlighting, sorts and aggregations. Isomorphic: no
 * SQLite, no Node API.
 */
import { SearchError } from "../errors";
import type { Json, JsonObject, SearchRequest } from "../query/dsl";
import { ftsQuery, textTokens, type FtsPart, type Vocabulary } from "./fts-terms";
import { snippets } from "./highlighter";
import { parseQueryString, positiveTerms, type QsNode, type TermMatcher } from "./query-string";
import {
  DEFAULT_TERMS_SIZE, filterSource, highlightOptions, isObject, pageWindow, queryStrings, rangeBuckets, rangeResult, sortSpecs, termsResult, unsupported,
} from "./request-parts";
import { isNumericType, parseField, searchMatch, storedValue, type FieldRef } from "./sql-compiler";
import type { SearchExecutor, SearchHit, SearchResponse } from "./types";

/** One indexed page as the index stores it (search_doc + search_value + search_text). */
export interface MemoryDoc {
  docId: number;
  ns: number;
  /** Title without namespace (the `title` column). */
  title: string;
  prefixed: string;
  source: JsonObject;
  textRaw: string;
  textCopy: string;
  values: readonly { propId: number; keyword: string; num: number | null }[];
}

type Column = "title" | "text_raw" | "text_copy";
const COLUMNS: readonly Column[] = ["title", "text_raw", "text_copy"];
/** bm25 column weights, as the embedded executor passes them to FTS5. */
const WEIGHTS: Record<Column, number> = { title: 8, text_raw: 1, text_copy: 5 };
const K1 = 1.2;
const B = 0.75;

type Predicate = (doc: MemoryDoc) => boolean;
const ALWAYS: Predicate = () => true;
const NEVER: Predicate = () => false;

function all(parts: Predicate[]): Predicate {
  if (parts.length === 0) return ALWAYS;
  if (parts.length === 1) return parts[0]!;
  return (doc) => parts.every((p) => p(doc));
}

function any(parts: Predicate[]): Predicate {
  if (parts.length === 0) return NEVER;
  if (parts.length === 1) return parts[0]!;
  return (doc) => parts.some((p) => p(doc));
}

function asArray(value: Json | undefined): JsonObject[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as JsonObject[];
}

function singleField(node: JsonObject, what: string): [string, Json] {
  const entries = Object.entries(node);
  if (entries.length !== 1) throw unsupported(`a ${what} query on ${entries.length} fields`);
  return entries[0]!;
}

/** SQLite orders text by its bytes (BINARY collation); code points compare the same way. */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  // SQLite sorts numbers before text.
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return compareText(a, b);
}

/** Tokens of a document's three text columns, as the token index holds them. */
interface DocTokens {
  columns: Record<Column, string[]>;
  length: number;
}

/** The documents of one index, with the token index built over them (lazily). */
export class MemoryIndex implements Vocabulary {
  private readonly tokens = new Map<number, DocTokens>();
  private vocabulary: string[] | null = null;
  private averageLength: number | null = null;
  readonly byId: Map<number, MemoryDoc>;

  constructor(readonly docs: readonly MemoryDoc[]) {
    this.byId = new Map(docs.map((doc) => [doc.docId, doc]));
  }

  tokensOf(doc: MemoryDoc): DocTokens {
    let found = this.tokens.get(doc.docId);
    if (!found) {
      const columns = { title: textTokens(doc.title), text_raw: textTokens(doc.textRaw), text_copy: textTokens(doc.textCopy) };
      found = { columns, length: columns.title.length + columns.text_raw.length + columns.text_copy.length };
      this.tokens.set(doc.docId, found);
    }
    return found;
  }

  /** Distinct words containing `core` (wildcard expansion), like the vocabulary table. */
  containing(core: string): string[] {
    if (!this.vocabulary) {
      const words = new Set<string>();
      for (const doc of this.docs) for (const column of COLUMNS) for (const word of this.tokensOf(doc).columns[column]) words.add(word);
      this.vocabulary = [...words];
    }
    return this.vocabulary.filter((word) => word.includes(core));
  }

  private readonly frequencies = new Map<string, number>();

  /** Number of documents a phrase occurs in (bm25's n), computed once per phrase. */
  documentFrequency(key: string, compute: () => number): number {
    let n = this.frequencies.get(key);
    if (n === undefined) {
      if (this.frequencies.size > 10_000) this.frequencies.clear();
      this.frequencies.set(key, (n = compute()));
    }
    return n;
  }

  /** Mean token count per document (bm25's avgdl). */
  averageDocLength(): number {
    if (this.averageLength === null) {
      const total = this.docs.reduce((sum, doc) => sum + this.tokensOf(doc).length, 0);
      this.averageLength = this.docs.length > 0 ? total / this.docs.length : 0;
    }
    return this.averageLength;
  }
}

/** A part's own tokens (FTS5 tokenizes the quoted text the same way as documents). */
const partWords = new WeakMap<FtsPart, string[]>();

/** Occurrences of one token-index part in a column's tokens. */
function occurrences(part: FtsPart, tokens: readonly string[]): number {
  if (part.kind === "anyOf") return tokens.filter((token) => part.words.includes(token)).length;
  let words = partWords.get(part);
  if (!words) partWords.set(part, (words = textTokens(part.text)));
  if (words.length === 0) return 0;
  let count = 0;
  for (let i = 0; i + words.length <= tokens.length; i++) {
    let ok = true;
    for (let k = 0; k < words.length && ok; k++) {
      const last = k === words.length - 1;
      ok = part.kind === "prefix" && last ? tokens[i + k]!.startsWith(words[k]!) : tokens[i + k] === words[k];
    }
    if (ok) count++;
  }
  return count;
}

/** The phrases FTS5 scores: a choice of words is one phrase per word. */
function phrasesOf(parts: readonly FtsPart[]): FtsPart[] {
  return parts.flatMap((part): FtsPart[] => (part.kind === "anyOf" ? part.words.map((word) => ({ kind: "phrase", text: word })) : [part]));
}

export interface MemoryExecutorOptions {
  /** The index name the documents belong to (requests for another index are refused). */
  index: string;
}

export class MemoryExecutor implements SearchExecutor {
  private readonly index: MemoryIndex;

  constructor(docs: readonly MemoryDoc[] | MemoryIndex, private readonly options: MemoryExecutorOptions) {
    this.index = docs instanceof MemoryIndex ? docs : new MemoryIndex(docs);
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    return this.searchSync(request);
  }

  searchSync(request: SearchRequest): SearchResponse {
    if (request.index !== this.options.index) throw new SearchError("wikisearch-unknown-index", `There is no search index "${request.index}".`);
    const body = request.body;
    const { from, size } = pageWindow(body);
    const query = this.compile(body.query);
    const post = body.post_filter === undefined ? ALWAYS : this.compile(body.post_filter);
    const terms = queryStrings(body.query).flatMap((qs) =>
      positiveTerms(parseQueryString(String(qs.query ?? ""), qs.default_operator === "and" ? "and" : "or")),
    );
    const matches = this.index.docs.filter(query);
    const shown = matches.filter(post);
    const hits = size > 0 && shown.length > from ? this.hits(request, shown, terms, from, size) : [];
    const response: SearchResponse = {
      hits: { total: { value: shown.length, relation: "eq" }, max_score: hits.length > 0 ? Math.max(...hits.map((h) => h._score ?? 0)) : null, hits },
    };
    if (isObject(body.aggregations)) response.aggregations = this.aggregations(body.aggregations, matches);
    return response;
  }

  // ---- queries ------------------------------------------------------------------------------

  compile(query: Json | undefined): Predicate {
    if (query === undefined || query === null) return ALWAYS;
    if (typeof query !== "object" || Array.isArray(query)) throw unsupported("a query that is not an object");
    const [kind, body] = singleField(query, "compound");
    const node = (body ?? {}) as JsonObject;
    switch (kind) {
      case "bool": return this.bool(node);
      case "constant_score": return this.compile(node.filter);
      case "function_score": return this.compile(node.query);
      case "match_all": return ALWAYS;
      case "match_none": return NEVER;
      case "term": {
        const [field, raw] = singleField(node, "term");
        const value = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw.value as Json) : raw;
        return this.terms(field, [value]);
      }
      case "terms": return this.terms(...singleField(node, "terms"));
      case "exists": return this.exists(String(node.field));
      case "range": return this.range(...singleField(node, "range"));
      case "query_string": return this.queryString(node);
      default: throw unsupported(`the "${kind}" query`);
    }
  }

  private bool(node: JsonObject): Predicate {
    const required = [...asArray(node.must), ...asArray(node.filter)].map((q) => this.compile(q));
    const excluded = asArray(node.must_not).map((q) => this.compile(q));
    const should = asArray(node.should).map((q) => this.compile(q));
    const parts = [...required, ...excluded.map((p): Predicate => (doc) => !p(doc))];
    const minimum = typeof node.minimum_should_match === "number" ? Math.trunc(node.minimum_should_match) : required.length > 0 ? 0 : 1;
    if (should.length > 0 && minimum > 0) parts.push((doc) => should.filter((p) => p(doc)).length >= minimum);
    return all(parts);
  }

  private hasValue(propId: number, test: (value: MemoryDoc["values"][number]) => boolean): Predicate {
    return (doc) => doc.values.some((value) => value.propId === propId && test(value));
  }

  private terms(field: string, values: Json): Predicate {
    if (!Array.isArray(values)) throw unsupported("a terms query without a list");
    if (values.length === 0) return NEVER;
    const ref = parseField(field);
    switch (ref.kind) {
      case "id": {
        const ids = new Set(values.map((v) => Number(v)));
        return (doc) => ids.has(doc.docId);
      }
      case "namespace": {
        const namespaces = new Set(values.map((v) => Number(v)));
        return (doc) => namespaces.has(doc.ns);
      }
      case "title": {
        const titles = new Set(values.map(String));
        return (doc) => titles.has(doc.title);
      }
      case "property": {
        if (ref.part === "id") {
          // Page values are stored by title; a page id stands for that page's title.
          const titles = new Set(values.flatMap((v) => this.index.byId.get(Number(v))?.prefixed ?? []));
          return this.hasValue(ref.propId, (value) => titles.has(value.keyword));
        }
        const stored = values.map((v) => storedValue(ref.type, v)).filter((v) => v !== null);
        if (stored.length === 0) return NEVER;
        if (isNumericType(ref.type)) {
          const numbers = new Set(stored.map(Number));
          return this.hasValue(ref.propId, (value) => value.num !== null && numbers.has(value.num));
        }
        const keywords = new Set(stored.map(String));
        return this.hasValue(ref.propId, (value) => keywords.has(value.keyword));
      }
      case "text":
        throw unsupported(`exact matches on the analysed field "${field}"`);
      case "absent":
        return NEVER;
    }
  }

  private exists(field: string): Predicate {
    const ref = parseField(field);
    if (ref.kind === "property") return this.hasValue(ref.propId, () => true);
    if (ref.kind === "absent") return NEVER;
    return ALWAYS;
  }

  private range(field: string, raw: Json): Predicate {
    const ref = parseField(field);
    if (ref.kind === "absent") return NEVER;
    if (ref.kind !== "property") throw unsupported(`a range on "${field}"`);
    const spec = (raw ?? {}) as JsonObject;
    const numeric = isNumericType(ref.type);
    const checks: ((v: string | number) => boolean)[] = [];
    const bound = (value: Json | undefined, test: (cmp: number) => boolean) => {
      if (value === undefined || value === null) return;
      const stored = numeric ? storedValue(ref.type, value) : String(value);
      if (stored === null) throw new SearchError("wikisearch-invalid-filter", `Invalid filter: the range bound ${JSON.stringify(value)} is not a number.`);
      checks.push((v) => test(compareValues(v, stored)));
    };
    bound(spec.gte, (c) => c >= 0);
    bound(spec.gt, (c) => c > 0);
    bound(spec.lte, (c) => c <= 0);
    bound(spec.lt, (c) => c < 0);
    bound(spec.from, spec.include_lower === false ? (c) => c > 0 : (c) => c >= 0);
    bound(spec.to, spec.include_upper === false ? (c) => c < 0 : (c) => c <= 0);
    return this.hasValue(ref.propId, (value) => {
      if (numeric && value.num === null) return false;
      const v = numeric ? value.num! : value.keyword;
      return checks.every((check) => check(v));
    });
  }

  private queryString(node: JsonObject): Predicate {
    const operator = node.default_operator === "and" ? "and" : "or";
    const fields = Array.isArray(node.fields) ? node.fields.map(String) : ["text_raw", "text_copy", "subject.title"];
    const refs: FieldRef[] = fields.map(parseField);
    const columns = [...new Set(refs.flatMap((r) => (r.kind === "text" ? [r.column] : [])))];
    const propIds = new Set(refs.flatMap((r) => (r.kind === "property" ? [r.propId] : [])));
    return this.qsNode(parseQueryString(String(node.query ?? ""), operator), columns, propIds);
  }

  private qsNode(node: QsNode, columns: Column[], propIds: ReadonlySet<number>): Predicate {
    if (node.kind === "term") return this.termMatch(node.matcher, columns, propIds);
    const must = node.must.map((n) => this.qsNode(n, columns, propIds));
    const mustNot = node.mustNot.map((n) => this.qsNode(n, columns, propIds));
    const should = node.should.map((n) => this.qsNode(n, columns, propIds));
    const parts = [...must, ...mustNot.map((p): Predicate => (doc) => !p(doc))];
    if (should.length > 0 && must.length === 0) parts.push(any(should));
    return all(parts);
  }

  /** One term: the token index finds the documents, the matcher confirms inexact candidates. */
  private termMatch(matcher: TermMatcher, columns: Column[], propIds: ReadonlySet<number>): Predicate {
    const parts: Predicate[] = [];
    if (columns.length > 0) {
      const fts = ftsQuery(matcher, this.index);
      if (fts.parts !== null && fts.parts.length === 0) parts.push(ALWAYS);
      else if (fts.parts !== null) {
        const required = fts.parts;
        parts.push((doc) => {
          const tokens = this.index.tokensOf(doc).columns;
          // Each part may occur in any of the searched columns (FTS5's column filter).
          if (!required.every((part) => columns.some((column) => occurrences(part, tokens[column]) > 0))) return false;
          return fts.exact || searchMatch(matcher.pattern, ...columns.map((column) => this.columnText(doc, column))) === 1;
        });
      }
    }
    if (propIds.size > 0) {
      parts.push((doc) => doc.values.some((value) => propIds.has(value.propId) && searchMatch(matcher.pattern, value.keyword) === 1));
    }
    return any(parts);
  }

  private columnText(doc: MemoryDoc, column: Column): string {
    return column === "title" ? doc.title : column === "text_raw" ? doc.textRaw : doc.textCopy;
  }

  // ---- relevance, hits ----------------------------------------------------------------------

  /** bm25 (FTS5's formula, weights title 8, text 1, value copy 5) over the free-text terms. */
  private scores(docs: readonly MemoryDoc[], terms: readonly TermMatcher[]): Map<number, number> {
    const scores = new Map<number, number>();
    const seen = new Set<string>();
    const phrases: FtsPart[] = [];
    const expressions: FtsPart[][] = [];
    for (const term of terms) {
      const parts = ftsQuery(term, this.index).parts;
      if (!parts || parts.length === 0) continue;
      // Terms with the same expression are scored once, as the embedded executor dedupes them.
      const key = JSON.stringify(parts);
      if (seen.has(key)) continue;
      seen.add(key);
      expressions.push(parts);
      phrases.push(...phrasesOf(parts));
    }
    if (phrases.length === 0) return scores;
    const total = this.index.docs.length;
    const avgdl = this.index.averageDocLength();
    const frequency = (doc: MemoryDoc, phrase: FtsPart) => {
      const tokens = this.index.tokensOf(doc).columns;
      return COLUMNS.reduce((sum, column) => sum + WEIGHTS[column] * occurrences(phrase, tokens[column]), 0);
    };
    const idf = phrases.map((phrase) => {
      const hits = this.index.documentFrequency(JSON.stringify(phrase), () => this.index.docs.filter((doc) => frequency(doc, phrase) > 0).length);
      const value = Math.log((total - hits + 0.5) / (hits + 0.5));
      return value <= 0 ? 1e-6 : value;
    });
    for (const doc of docs) {
      const length = this.index.tokensOf(doc).length;
      // Only documents the combined expression (the terms joined by OR) matches get a bm25 rank.
      if (!expressions.some((parts) => parts.every((part) => frequency(doc, part) > 0))) continue;
      let score = 0;
      phrases.forEach((phrase, i) => {
        const f = frequency(doc, phrase);
        score += idf[i]! * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * length) / avgdl)));
      });
      scores.set(doc.docId, score);
    }
    return scores;
  }

  private sortValue(doc: MemoryDoc, field: string, mode: "min" | "max", score: number): string | number | null {
    if (field === "_score") return score;
    const ref = parseField(field);
    if (ref.kind === "property") {
      const numeric = isNumericType(ref.type);
      const values = doc.values
        .filter((v) => v.propId === ref.propId)
        .map((v) => (numeric ? v.num : v.keyword))
        .filter((v): v is string | number => v !== null);
      if (values.length === 0) return null;
      return values.reduce((a, b) => ((mode === "min" ? compareValues(b, a) < 0 : compareValues(b, a) > 0) ? b : a));
    }
    if (ref.kind === "title") return doc.title;
    if (ref.kind === "id") return doc.docId;
    if (ref.kind === "absent") return null;
    throw unsupported(`sorting on "${field}"`);
  }

  private hits(request: SearchRequest, docs: readonly MemoryDoc[], terms: readonly TermMatcher[], from: number, size: number): SearchHit[] {
    const body = request.body;
    const ranks = this.scores(docs, terms);
    const sorts = sortSpecs(body);
    const rows = docs.map((doc) => {
      const score = 1 + (ranks.get(doc.docId) ?? 0);
      return { doc, score, keys: sorts.map((sort) => this.sortValue(doc, sort.field, sort.mode, score)) };
    });
    rows.sort((a, b) => {
      for (let i = 0; i < sorts.length; i++) {
        const x = a.keys[i]!;
        const y = b.keys[i]!;
        // Documents without a value sort last in both directions, as Elasticsearch does.
        if (x === null || y === null) {
          if (x !== y) return x === null ? 1 : -1;
          continue;
        }
        const c = compareValues(x, y);
        if (c !== 0) return sorts[i]!.direction === "asc" ? c : -c;
      }
      return a.doc.docId - b.doc.docId;
    });
    const highlight = isObject(body.highlight) ? body.highlight : null;
    return rows.slice(from, from + size).map((row) => {
      const hit: SearchHit = { _index: request.index, _id: String(row.doc.docId), _score: row.score, _source: filterSource(row.doc.source, body._source) };
      if (highlight) {
        const found = this.highlight(row.doc, highlight, terms);
        if (Object.keys(found).length > 0) hit.highlight = found;
      }
      if (Array.isArray(body.sort)) hit.sort = row.keys as Json[];
      return hit;
    });
  }

  private highlight(doc: MemoryDoc, spec: JsonObject, terms: readonly TermMatcher[]): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    if (!isObject(spec.fields) || terms.length === 0) return out;
    for (const [field, raw] of Object.entries(spec.fields)) {
      const options = highlightOptions(spec, raw);
      const ref = parseField(field);
      let values: string[] = [];
      if (ref.kind === "text") values = [this.columnText(doc, ref.column)];
      else if (ref.kind === "property") {
        const holder = doc.source[`P:${ref.propId}`];
        const list = isObject(holder) ? Object.values(holder).find(Array.isArray) : undefined;
        values = (list ?? []).map(String);
      }
      const found = values.flatMap((value) => snippets(value, terms, options));
      if (found.length > 0) out[field] = found.slice(0, Math.max(1, options.fragments));
    }
    return out;
  }

  // ---- aggregations -------------------------------------------------------------------------

  /** Aggregations over the matching documents (post_filter does not apply to them). */
  private aggregations(aggs: JsonObject, docs: readonly MemoryDoc[]): Record<string, Json> {
    const out: Record<string, Json> = {};
    for (const [name, spec] of Object.entries(aggs)) {
      if (!isObject(spec)) throw unsupported(`the aggregation "${name}"`);
      out[name] = this.aggregation(name, spec, docs);
    }
    return out;
  }

  private aggregation(name: string, spec: JsonObject, docs: readonly MemoryDoc[]): Json {
    const sub = isObject(spec.aggregations) ? spec.aggregations : isObject(spec.aggs) ? spec.aggs : undefined;
    if (isObject(spec.filter)) {
      const inner = docs.filter(this.compile(spec.filter));
      return { doc_count: inner.length, ...(sub ? this.aggregations(sub, inner) : {}) };
    }
    if (isObject(spec.terms)) return this.termsAggregation(spec.terms, docs);
    if (isObject(spec.range)) return this.rangeAggregation(spec.range, docs);
    throw unsupported(`the aggregation "${name}" (${Object.keys(spec).join(", ")})`);
  }

  private termsAggregation(spec: JsonObject, docs: readonly MemoryDoc[]): Json {
    const ref = parseField(String(spec.field));
    const size = typeof spec.size === "number" && spec.size > 0 ? spec.size : DEFAULT_TERMS_SIZE;
    if (ref.kind === "absent") return { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] };
    if (ref.kind !== "property") throw unsupported(`a terms aggregation on "${String(spec.field)}"`);
    const counts = new Map<string, number>();
    for (const doc of docs) {
      const keys = new Set(doc.values.filter((v) => v.propId === ref.propId).map((v) => v.keyword));
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const rows = [...counts].map(([key, n]) => ({ key, n })).sort((a, b) => b.n - a.n || compareText(a.key, b.key));
    return termsResult(rows, size, ref.type === "boolean");
  }

  private rangeAggregation(spec: JsonObject, docs: readonly MemoryDoc[]): Json {
    const ref = parseField(String(spec.field));
    const count = (from: number | undefined, to: number | undefined): number => {
      if (ref.kind !== "property" || !isNumericType(ref.type)) return 0;
      return docs.filter((doc) =>
        doc.values.some((v) => v.propId === ref.propId && v.num !== null && (from === undefined || v.num >= from) && (to === undefined || v.num < to)),
      ).length;
    };
    return rangeResult(spec, rangeBuckets(spec).map((bucket) => ({ bucket, count: count(bucket.from, bucket.to) })));
  }
}
