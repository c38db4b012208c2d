/**
 * Compiles the query DSL into SQL over the index tables: every query becomes a boolean SQL
 * expression on a document id column, built from uncorrelated `IN (subquery)` sets so SQLite
 * can drive the search from the most selective one. Supported: bool (must, filter, should with
 * minimum_should_match, must_not), constant_score, function_score, match_all, term, terms,
 * exists, range (gte/gt/lte/lt and from/to with include_lower/include_upper), query_string.
 *
 * Numbers, dates and booleans compare numerically even through their `.keyword` field, which
 * is what users mean (the reference's keyword sorting/matching compares text).
 */
import { SearchError } from "../errors";
import { TYPE_BY_SUFFIX, type PropertyType } from "../properties";
import type { Json, JsonObject } from "../query/dsl";
import { parseDate, parseNumber } from "../values";
import { ftsTerm, type Vocabulary } from "./fts-terms";
import { parseQueryString, type QsNode, type TermMatcher } from "./query-string";

export interface Sql {
  sql: string;
  params: unknown[];
  /**
   * How well the condition can drive a search (lower first): word-index sets, then exact-value
   * sets, then per-document checks. SQLite drives from the first usable set of a conjunction.
   */
  rank?: number;
}

const RANK_TEXT = 0;
const RANK_VALUES = 1;
const RANK_CHECK = 3;

export type FieldRef =
  | { kind: "property"; propId: number; type: PropertyType; part: "value" | "keyword" | "search" | "id" | "other" }
  | { kind: "id" }
  | { kind: "namespace" }
  | { kind: "title"; exact: boolean }
  | { kind: "text"; column: "title" | "text_raw" | "text_copy" }
  | { kind: "absent" };

const NUMERIC: ReadonlySet<PropertyType> = new Set(["number", "date", "boolean"]);

export function isNumericType(type: PropertyType): boolean {
  return NUMERIC.has(type);
}

function unsupported(what: string): SearchError {
  return new SearchError("wikisearch-unsupported-query", `The embedded search engine does not support ${what}.`);
}

/** Reads a backend field name: `P:103.numField.keyword`, `_id`, `subject.title.search`, `text_raw`... */
export function parseField(name: string): FieldRef {
  const base = name.replace(/\^[\d.]+$/, "");
  const m = /^P:(\d+)\.(\w+?)(Field|ID)(?:\.(\w+))?$/.exec(base);
  if (m) {
    const type = TYPE_BY_SUFFIX[m[2]!];
    if (!type) return { kind: "absent" };
    const sub = m[4];
    const part = m[3] === "ID" ? "id" : sub === undefined ? "value" : sub === "keyword" ? "keyword" : sub === "search" ? "search" : "other";
    return { kind: "property", propId: Number(m[1]), type, part };
  }
  if (base === "_id") return { kind: "id" };
  if (base === "subject.namespace") return { kind: "namespace" };
  if (base === "subject.title.keyword" || base === "subject.sortkey.keyword") return { kind: "title", exact: true };
  if (base === "subject.title" || base === "subject.title.search") return { kind: "text", column: "title" };
  if (base === "text_raw" || base === "text_raw.search") return { kind: "text", column: "text_raw" };
  if (base === "text_copy" || base === "text_copy.search") return { kind: "text", column: "text_copy" };
  // Attachments are not indexed here: such fields exist in the mapping but hold nothing.
  if (base.startsWith("attachment.")) return { kind: "absent" };
  throw unsupported(`the field "${name}"`);
}

/** A filter value in the field's stored form: numbers for numeric types, text otherwise. */
export function storedValue(type: PropertyType, value: Json): string | number | null {
  if (isNumericType(type)) {
    if (typeof value === "number") return value;
    if (typeof value === "boolean") return value ? 1 : 0;
    if (typeof value === "string") {
      if (type === "boolean") return value === "true" ? 1 : value === "false" ? 0 : null;
      return parseNumber(value) ?? (type === "date" ? parseDate(value) : null);
    }
    return null;
  }
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : null;
}

const TRUE: Sql = { sql: "1", params: [] };
const FALSE: Sql = { sql: "0", params: [] };

function join(parts: Sql[], op: "AND" | "OR"): Sql {
  if (parts.length === 0) return op === "AND" ? TRUE : FALSE;
  if (parts.length === 1) return parts[0]!;
  const rankOf = (p: Sql) => p.rank ?? 2;
  // A conjunction is led by its most selective part; a disjunction is as weak as its weakest.
  const ordered = op === "AND" ? [...parts].sort((a, b) => rankOf(a) - rankOf(b)) : parts;
  const rank = op === "AND" ? Math.min(...parts.map(rankOf)) : Math.max(...parts.map(rankOf));
  return { sql: `(${ordered.map((p) => p.sql).join(` ${op} `)})`, params: ordered.flatMap((p) => p.params), rank };
}

function not(part: Sql): Sql {
  return { sql: `NOT ${part.sql}`, params: part.params, rank: RANK_CHECK };
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

export class SqlCompiler {
  /**
   * @param doc the SQL expression of the document id being tested, e.g. "d.doc_id".
   * @param vocabulary the token index's words, for wildcard terms.
   */
  constructor(private readonly doc: string, private readonly vocabulary: Vocabulary) {}

  /** A free-text term as an FTS5 expression (see fts-terms). */
  ftsExpression(matcher: TermMatcher): string | null {
    return ftsTerm(matcher, this.vocabulary).expression;
  }

  compile(query: Json | undefined): Sql {
    if (query === undefined || query === null) return TRUE;
    if (typeof query !== "object" || Array.isArray(query)) throw unsupported("a query that is not an object");
    const [kind, body] = singleField(query, "compound");
    const node = (body ?? {}) as JsonObject;
    switch (kind) {
      case "bool": return this.bool(node);
      case "constant_score": return this.compile(node.filter);
      case "function_score": return this.compile(node.query);
      case "match_all": return TRUE;
      case "match_none": return FALSE;
      case "term": return this.term(...singleField(node, "term"));
      case "terms": return this.terms(...singleField(node, "terms"));
      case "exists": return this.exists(String(node.field));
      case "range": return this.range(...singleField(node, "range"));
      case "query_string": return this.queryString(node);
      default: throw unsupported(`the "${kind}" query`);
    }
  }

  private bool(node: JsonObject): Sql {
    const required = [...asArray(node.must), ...asArray(node.filter)].map((q) => this.compile(q));
    const excluded = asArray(node.must_not).map((q) => not(this.compile(q)));
    const should = asArray(node.should).map((q) => this.compile(q));
    const parts = [...required, ...excluded];
    const minimum = typeof node.minimum_should_match === "number" ? node.minimum_should_match : required.length > 0 ? 0 : 1;
    if (should.length > 0 && minimum > 0) {
      parts.push(
        minimum === 1
          ? join(should, "OR")
          : { sql: `((${should.map((s) => `(${s.sql})`).join(" + ")}) >= ${Math.trunc(minimum)})`, params: should.flatMap((s) => s.params) },
      );
    }
    return join(parts, "AND");
  }

  /**
   * Exact values: an uncorrelated set SQLite builds once, and can drive the search from (these
   * sets are usually small).
   */
  private valueSet(propId: number, condition: string, params: unknown[]): Sql {
    return { sql: `${this.doc} IN (SELECT doc_id FROM search_value WHERE prop_id = ? AND ${condition})`, params: [propId, ...params], rank: RANK_VALUES };
  }

  /**
   * Ranges and presence: checked per candidate document through the (doc_id, prop_id) index,
   * since their sets are often large (a range over a common property) and cheap to test.
   */
  private valueCheck(propId: number, condition: string, params: unknown[]): Sql {
    return {
      // INDEXED BY: left alone, SQLite may scan the whole range on (prop_id, num) for every candidate.
      sql: `EXISTS (SELECT 1 FROM search_value v INDEXED BY search_value_doc_values WHERE v.doc_id = ${this.doc} AND v.prop_id = ? AND ${condition})`,
      params: [propId, ...params],
      rank: RANK_CHECK,
    };
  }

  private term(field: string, raw: Json): Sql {
    const value = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw.value as Json) : raw;
    return this.terms(field, [value]);
  }

  private terms(field: string, values: Json): Sql {
    if (!Array.isArray(values)) throw unsupported("a terms query without a list");
    if (values.length === 0) return FALSE;
    const ref = parseField(field);
    const marks = values.map(() => "?").join(", ");
    switch (ref.kind) {
      case "id":
        return { sql: `${this.doc} IN (${marks})`, params: values.map((v) => Number(v)) };
      case "namespace":
        return { sql: `${this.doc} IN (SELECT doc_id FROM search_doc WHERE ns IN (${marks}))`, params: values.map((v) => Number(v)) };
      case "title":
        return { sql: `${this.doc} IN (SELECT doc_id FROM search_doc WHERE title IN (${marks}))`, params: values.map(String) };
      case "property": {
        if (ref.part === "id") {
          // Page values are stored by title; a page id stands for that page's title.
          return this.valueSet(ref.propId, `keyword IN (SELECT prefixed FROM search_doc WHERE doc_id IN (${marks}))`, values.map((v) => Number(v)));
        }
        const stored = values.map((v) => storedValue(ref.type, v)).filter((v) => v !== null);
        if (stored.length === 0) return FALSE;
        const column = isNumericType(ref.type) ? "num" : "keyword";
        return this.valueSet(ref.propId, `${column} IN (${stored.map(() => "?").join(", ")})`, stored);
      }
      case "text":
        throw unsupported(`exact matches on the analysed field "${field}"`);
      case "absent":
        return FALSE;
    }
  }

  private exists(field: string): Sql {
    const ref = parseField(field);
    if (ref.kind === "property") return this.valueCheck(ref.propId, "1", []);
    if (ref.kind === "absent") return FALSE;
    return TRUE;
  }

  private range(field: string, raw: Json): Sql {
    const ref = parseField(field);
    if (ref.kind === "absent") return FALSE;
    if (ref.kind !== "property") throw unsupported(`a range on "${field}"`);
    const spec = (raw ?? {}) as JsonObject;
    const numeric = isNumericType(ref.type);
    const column = numeric ? "num" : "keyword";
    const conditions: string[] = [];
    const params: unknown[] = [];
    const bound = (value: Json | undefined, op: string) => {
      if (value === undefined || value === null) return;
      const stored = numeric ? storedValue(ref.type, value) : String(value);
      if (stored === null) throw new SearchError("wikisearch-invalid-filter", `Invalid filter: the range bound ${JSON.stringify(value)} is not a number.`);
      conditions.push(`${column} ${op} ?`);
      params.push(stored);
    };
    bound(spec.gte, ">=");
    bound(spec.gt, ">");
    bound(spec.lte, "<=");
    bound(spec.lt, "<");
    bound(spec.from, spec.include_lower === false ? ">" : ">=");
    bound(spec.to, spec.include_upper === false ? "<" : "<=");
    if (numeric) conditions.unshift("v.num IS NOT NULL");
    return this.valueCheck(ref.propId, conditions.map((c) => (c.startsWith("v.") ? c : `v.${c}`)).join(" AND ") || "1", params);
  }

  private queryString(node: JsonObject): Sql {
    const operator = node.default_operator === "and" ? "and" : "or";
    const fields = Array.isArray(node.fields) ? node.fields.map(String) : ["text_raw", "text_copy", "subject.title"];
    const refs = fields.map(parseField);
    const columns = [...new Set(refs.flatMap((r) => (r.kind === "text" ? [r.column] : [])))];
    const propIds = [...new Set(refs.flatMap((r) => (r.kind === "property" ? [r.propId] : [])))];
    const ast = parseQueryString(String(node.query ?? ""), operator);
    return this.qsNode(ast, columns, propIds);
  }

  private qsNode(node: QsNode, columns: string[], propIds: number[]): Sql {
    if (node.kind === "term") return this.termMatch(node.matcher, columns, propIds);
    const must = node.must.map((n) => this.qsNode(n, columns, propIds));
    const mustNot = node.mustNot.map((n) => not(this.qsNode(n, columns, propIds)));
    const should = node.should.map((n) => this.qsNode(n, columns, propIds));
    const parts = [...must, ...mustNot];
    if (should.length > 0 && must.length === 0) parts.push(join(should, "OR"));
    return join(parts, "AND");
  }

  /** One term: the token index finds the documents (its candidates confirmed by the matcher when needed). */
  private termMatch(matcher: TermMatcher, columns: string[], propIds: number[]): Sql {
    const parts: Sql[] = [];
    if (columns.length > 0) {
      const fts = ftsTerm(matcher, this.vocabulary);
      if (fts.expression === "") parts.push(TRUE);
      else if (fts.expression !== null) {
        const match = `{${columns.join(" ")}} : ${fts.expression}`;
        const check = fts.exact ? "" : ` AND search_match(?, ${columns.join(", ")})`;
        parts.push({
          sql: `${this.doc} IN (SELECT rowid FROM search_text WHERE search_text MATCH ?${check})`,
          params: fts.exact ? [match] : [match, matcher.pattern],
          rank: RANK_TEXT,
        });
      }
    }
    if (propIds.length > 0) {
      parts.push({
        sql: `${this.doc} IN (SELECT doc_id FROM search_value WHERE prop_id IN (${propIds.map(() => "?").join(", ")}) AND search_match(?, keyword))`,
        params: [...propIds, matcher.pattern],
      });
    }
    return join(parts, "OR");
  }
}

const patterns = new Map<string, RegExp>();

/** The SQL function behind query_string terms: does any of the texts match the pattern (folded)? */
export function searchMatch(pattern: unknown, ...texts: unknown[]): number {
  let regex = patterns.get(String(pattern));
  if (!regex) {
    if (patterns.size > 1000) patterns.clear();
    regex = new RegExp(String(pattern), "u");
    patterns.set(String(pattern), regex);
  }
  for (const text of texts) {
    if (typeof text !== "string" || text === "") continue;
    // Folding is only needed where the text has capitals or combining characters.
    const folded = /^[\x00-\x40\x5b-\x7f]*$/.test(text) ? text : text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    if (regex.test(folded)) return 1;
  }
  return 0;
}
