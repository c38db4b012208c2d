/**
 * The embedded executor: evaluates a built Elasticsearch request over the SQLite index and
 * answers in Elasticsearch's response shapes. Matching documents are collected once into a temp
 * table (with their post_filter verdict); total, the page of hits (sorted, highlighted) and
 * every aggregation are then read from it. Relevance is FTS5's bm25 over the free-text terms
 * (title weighted 8, value copy 5, page text 1, as the default search fields boost them).
 */
import { SearchError } from "../errors";
import type { Json, JsonObject, SearchRequest } from "../query/dsl";
import {
  DEFAULT_TERMS_SIZE, filterSource, highlightOptions, isObject, pageWindow, queryStrings, rangeBuckets, rangeResult, sortSpecs, termsResult, unsupported,
} from "./request-parts";
import type { Db } from "../index/database";
import { snippets } from "./highlighter";
import { parseQueryString, positiveTerms, type TermMatcher } from "./query-string";
import type { Vocabulary } from "./fts-terms";
import { isNumericType, parseField, searchMatch, SqlCompiler, type Sql } from "./sql-compiler";
import type { SearchExecutor, SearchHit, SearchResponse } from "./types";

export interface EmbeddedOptions {
  /** Maps an index name to the wiki whose documents it holds (null: unknown index). */
  wikiOfIndex(index: string): number | null;
  /** The index's words, for wildcard terms. */
  vocabulary: Vocabulary;
}

export class EmbeddedExecutor implements SearchExecutor {
  private readonly compiler: SqlCompiler;
  private readonly hitCompiler: SqlCompiler;

  constructor(private readonly db: Db, private readonly options: EmbeddedOptions) {
    this.compiler = new SqlCompiler("d.doc_id", options.vocabulary);
    this.hitCompiler = new SqlCompiler("h.doc_id", options.vocabulary);
    db.function("search_match", { varargs: true, deterministic: true }, searchMatch);
    db.exec("CREATE TEMP TABLE IF NOT EXISTS search_hits (doc_id INTEGER PRIMARY KEY, post INTEGER NOT NULL)");
    db.exec("CREATE TEMP TABLE IF NOT EXISTS search_scores (doc_id INTEGER PRIMARY KEY, rank REAL NOT NULL)");
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    return this.searchSync(request);
  }

  /** Synchronous on purpose: the temp table is private to this call, nothing can interleave. */
  searchSync(request: SearchRequest): SearchResponse {
    const wikiId = this.options.wikiOfIndex(request.index);
    if (wikiId === null) throw new SearchError("wikisearch-unknown-index", `There is no search index "${request.index}".`);
    const body = request.body;
    const { from, size } = pageWindow(body);

    const query = this.compiler.compile(body.query);
    const post = body.post_filter === undefined ? { sql: "1", params: [] } : this.compiler.compile(body.post_filter);
    const terms = queryStrings(body.query).flatMap((qs) =>
      positiveTerms(parseQueryString(String(qs.query ?? ""), qs.default_operator === "and" ? "and" : "or")),
    );

    return this.db.transaction(() => {
      this.db.prepare("DELETE FROM temp.search_hits").run();
      this.db
        .prepare(`INSERT INTO temp.search_hits (doc_id, post) SELECT d.doc_id, ${post.sql} FROM search_doc d WHERE d.wiki_id = ? AND ${query.sql}`)
        .run(...post.params, wikiId, ...query.params);
      const total = (this.db.prepare("SELECT count(*) AS n FROM temp.search_hits WHERE post").get() as { n: number }).n;
      const hits = size > 0 && total > from ? this.hits(request, terms, from, size) : [];
      const response: SearchResponse = {
        hits: { total: { value: total, relation: "eq" }, max_score: hits.length > 0 ? Math.max(...hits.map((h) => h._score ?? 0)) : null, hits },
      };
      if (isObject(body.aggregations)) response.aggregations = this.aggregations(body.aggregations, []);
      return response;
    })();
  }

  /**
   * Relevance: bm25 over the free-text terms (title 8, page text 1, value copy 5), computed once
   * per query into a temp table keyed by document; documents without a term match score 1.
   */
  private computeScores(terms: readonly TermMatcher[]): boolean {
    const expressions = [...new Set(terms.map((t) => this.compiler.ftsExpression(t)).filter((e): e is string => Boolean(e)))];
    this.db.prepare("DELETE FROM temp.search_scores").run();
    if (expressions.length === 0) return false;
    this.db
      // Joined with the hits: bm25 (the costly part) is only computed for documents that matched.
      .prepare(
        `INSERT INTO temp.search_scores (doc_id, rank) SELECT h.doc_id, -bm25(search_text, 8.0, 1.0, 5.0)
         FROM search_text JOIN temp.search_hits h ON h.doc_id = search_text.rowid WHERE search_text MATCH ? AND h.post`,
      )
      .run(expressions.join(" OR "));
    return true;
  }

  private hits(request: SearchRequest, terms: readonly TermMatcher[], from: number, size: number): SearchHit[] {
    const body = request.body;
    const scored = this.computeScores(terms);
    const scoreExpr = `(1.0 + coalesce(${scored ? "sc.rank" : "NULL"}, 0))`;
    const sorts = sortSpecs(body);
    const columns: string[] = [];
    const order: string[] = [];
    const params: unknown[] = [];
    sorts.forEach(({ field, direction, mode }, i) => {
      let expr: string;
      if (field === "_score") expr = scoreExpr;
      else {
        const ref = parseField(field);
        if (ref.kind === "property") {
          const column = isNumericType(ref.type) ? "num" : "keyword";
          expr = `(SELECT ${mode}(v.${column}) FROM search_value v WHERE v.doc_id = h.doc_id AND v.prop_id = ?)`;
          params.push(ref.propId);
        } else if (ref.kind === "title") expr = "d.title";
        else if (ref.kind === "id") expr = "h.doc_id";
        else if (ref.kind === "absent") expr = "NULL";
        else throw unsupported(`sorting on "${field}"`);
      }
      columns.push(`${expr} AS s${i}`);
      // Documents without a value sort last in both directions, as Elasticsearch does.
      order.push(`(s${i} IS NULL), s${i} ${direction.toUpperCase()}`);
    });
    const scoreJoin = scored ? "LEFT JOIN temp.search_scores sc ON sc.doc_id = h.doc_id" : "";
    const sql = `SELECT h.doc_id AS doc_id, d.source AS source, ${scoreExpr} AS score${columns.length ? ", " + columns.join(", ") : ""}
      FROM temp.search_hits h JOIN search_doc d ON d.doc_id = h.doc_id ${scoreJoin}
      WHERE h.post ORDER BY ${[...order, "h.doc_id ASC"].join(", ")} LIMIT ? OFFSET ?`;
    const rows = this.db.prepare(sql).all(...params, size, from) as Record<string, unknown>[];
    const highlight = isObject(body.highlight) ? body.highlight : null;
    return rows.map((row) => {
      const source = JSON.parse(String(row.source)) as JsonObject;
      const hit: SearchHit = { _index: request.index, _id: String(row.doc_id), _score: Number(row.score), _source: filterSource(source, body._source) };
      if (highlight) {
        const found = this.highlight(Number(row.doc_id), source, highlight, terms);
        if (Object.keys(found).length > 0) hit.highlight = found;
      }
      if (Array.isArray(body.sort)) hit.sort = sorts.map((_, i) => (row[`s${i}`] ?? null) as Json);
      return hit;
    });
  }

  private highlight(docId: number, source: JsonObject, spec: JsonObject, terms: readonly TermMatcher[]): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    if (!isObject(spec.fields) || terms.length === 0) return out;
    let text: Record<string, string> | undefined;
    for (const [field, raw] of Object.entries(spec.fields)) {
      const options = highlightOptions(spec, raw);
      const ref = parseField(field);
      let values: string[] = [];
      if (ref.kind === "text") {
        text ??= (this.db.prepare("SELECT title, text_raw, text_copy FROM search_text WHERE rowid = ?").get(docId) as Record<string, string>) ?? {};
        values = [text[ref.column] ?? ""];
      } else if (ref.kind === "property") {
        const holder = source[`P:${ref.propId}`];
        const list = isObject(holder) ? Object.values(holder).find(Array.isArray) : undefined;
        values = (list ?? []).map(String);
      }
      const found = values.flatMap((value) => snippets(value, terms, options));
      if (found.length > 0) out[field] = found.slice(0, Math.max(1, options.fragments));
    }
    return out;
  }

  /** Aggregations over the matching documents; `filters` are the enclosing filter aggregations. */
  private aggregations(aggs: JsonObject, filters: Sql[]): Record<string, Json> {
    const out: Record<string, Json> = {};
    for (const [name, spec] of Object.entries(aggs)) {
      if (!isObject(spec)) throw unsupported(`the aggregation "${name}"`);
      out[name] = this.aggregation(name, spec, filters);
    }
    return out;
  }

  private where(filters: Sql[]): Sql {
    if (filters.length === 0) return { sql: "1", params: [] };
    return { sql: filters.map((f) => f.sql).join(" AND "), params: filters.flatMap((f) => f.params) };
  }

  private aggregation(name: string, spec: JsonObject, filters: Sql[]): Json {
    const sub = isObject(spec.aggregations) ? spec.aggregations : isObject(spec.aggs) ? spec.aggs : undefined;
    if (isObject(spec.filter)) {
      const inner = [...filters, this.hitCompiler.compile(spec.filter)];
      const where = this.where(inner);
      const count = (this.db.prepare(`SELECT count(*) AS n FROM temp.search_hits h WHERE ${where.sql}`).get(...where.params) as { n: number }).n;
      return { doc_count: count, ...(sub ? this.aggregations(sub, inner) : {}) };
    }
    if (isObject(spec.terms)) return this.terms(spec.terms, filters);
    if (isObject(spec.range)) return this.range(spec.range, filters);
    throw unsupported(`the aggregation "${name}" (${Object.keys(spec).join(", ")})`);
  }

  private terms(spec: JsonObject, filters: Sql[]): Json {
    const ref = parseField(String(spec.field));
    const size = typeof spec.size === "number" && spec.size > 0 ? spec.size : DEFAULT_TERMS_SIZE;
    if (ref.kind === "absent") return { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] };
    if (ref.kind !== "property") throw unsupported(`a terms aggregation on "${String(spec.field)}"`);
    const where = this.where(filters);
    const rows = this.db
      .prepare(
        // CROSS JOIN keeps SQLite driving from the (few) hits, not from every value of the property.
        `SELECT v.keyword AS key, count(DISTINCT v.doc_id) AS n FROM temp.search_hits h CROSS JOIN search_value v ON v.doc_id = h.doc_id
         WHERE v.prop_id = ? AND ${where.sql} GROUP BY v.keyword ORDER BY n DESC, v.keyword ASC`,
      )
      .all(ref.propId, ...where.params) as { key: string; n: number }[];
    return termsResult(rows, size, ref.type === "boolean");
  }

  private range(spec: JsonObject, filters: Sql[]): Json {
    const ref = parseField(String(spec.field));
    const where = this.where(filters);
    const count = (from: number | undefined, to: number | undefined): number => {
      if (ref.kind !== "property" || !isNumericType(ref.type)) return 0;
      const bounds = [from !== undefined ? "v.num >= ?" : "", to !== undefined ? "v.num < ?" : ""].filter(Boolean);
      const sql = `SELECT count(DISTINCT v.doc_id) AS n FROM temp.search_hits h CROSS JOIN search_value v ON v.doc_id = h.doc_id
        WHERE v.prop_id = ? AND v.num IS NOT NULL ${bounds.map((b) => `AND ${b}`).join(" ")} AND ${where.sql}`;
      const args = [ref.propId, ...(from !== undefined ? [from] : []), ...(to !== undefined ? [to] : []), ...where.params];
      return (this.db.prepare(sql).get(...args) as { n: number }).n;
    };
    return rangeResult(spec, rangeBuckets(spec).map((bucket) => ({ bucket, count: count(bucket.from, bucket.to) })));
  }
}
