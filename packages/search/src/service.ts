/**
 * WikiSearch, the service: indexing pages, storing configurations, running `meta=WikiSearch`
 * and `meta=WikiSearchHighlight` calls. It knows nothing of HTTP or of the store; callers hand
 * it pages and a namespace/title helper per wiki.
 */
import { searchAnswer, type SearchAnswer } from "./answer";
import type { SearchConfig } from "./config/parse-config";

export type { SearchAnswer } from "./answer";
import { SearchError } from "./errors";
import { EmbeddedExecutor } from "./executor/embedded";
import { RemoteExecutor, RemoteSink } from "./executor/remote";
import { remoteFor, type BackendOptions } from "./executor/select";
import type { SearchExecutor, SearchHit, SearchResponse } from "./executor/types";
import { IndexTables, openIndexDatabase, type Db } from "./index/database";
import { Indexer, type IndexOutcome, type PageInput } from "./index/indexer";
import { StaticPropertyTable } from "./properties";
import { buildHighlightRequest, buildSearchRequest, type SearchInput } from "./query/build-request";
import type { JsonObject, SearchRequest } from "./query/dsl";
import { HIGHLIGHT_POST, HIGHLIGHT_PRE } from "./query/highlight";

export interface WikiSearchOptions extends BackendOptions {
  /** SQLite file of the index (the store's database file), or ":memory:". */
  databaseFile: string;
  /** Debug mode: answers also carry the backend request. */
  debug?: boolean;
}

/** What the service needs to know about a wiki. */
export interface WikiRef {
  id: number;
  prefix: string;
  /** Canonical prefixed title, or null when the text is not a valid title. */
  normalizeTitle(text: string): string | null;
  /** Localised namespace name ("" for the main namespace). */
  namespaceName(ns: number): string;
}

export interface SearchParams extends SearchInput {
  pageId: number;
}

export interface HighlightParams {
  query: string;
  properties: string[];
  pageId: number;
  limit: number;
  size?: number;
  highlighterType?: string;
}

const INVALID_PAGE = "The given page ID is invalid: the page does not exist or has no config associated with it.";

/** Index name of a wiki, as SMW names it. */
export function indexName(prefix: string): string {
  return `smw-data-${prefix.toLowerCase()}`;
}

function wordsOf(hits: readonly SearchHit[]): string[] {
  const words: string[] = [];
  const pattern = new RegExp(`${HIGHLIGHT_PRE.replace(/[{}]/g, "\\$&")}(.*?)${HIGHLIGHT_POST.replace(/[{}]/g, "\\$&")}`, "gs");
  for (const hit of hits) {
    for (const snippets of Object.values(hit.highlight ?? {})) {
      for (const snippet of snippets) for (const m of snippet.matchAll(pattern)) if (!words.includes(m[1]!)) words.push(m[1]!);
    }
  }
  return words;
}

export class WikiSearch {
  readonly db: Db;
  readonly tables: IndexTables;
  private readonly indexer: Indexer;
  private readonly executor: SearchExecutor;
  /** The remote index kept in step with the local one, when searches run on a server. */
  private readonly sink: RemoteSink | null;
  private readonly wikiIds = new Map<string, number>();
  readonly debug: boolean;

  constructor(options: WikiSearchOptions) {
    this.db = openIndexDatabase(options.databaseFile);
    this.tables = new IndexTables(this.db);
    this.indexer = new Indexer(this.tables);
    this.debug = options.debug ?? false;
    const remote = remoteFor(options);
    this.executor = remote
      ? new RemoteExecutor(remote)
      : new EmbeddedExecutor(this.db, { wikiOfIndex: (index) => this.wikiIds.get(index) ?? null, vocabulary: this.tables });
    this.sink = remote ? new RemoteSink(remote) : null;
  }

  private remember(wiki: WikiRef): string {
    const index = indexName(wiki.prefix);
    this.wikiIds.set(index, wiki.id);
    return index;
  }

  /** Indexes (or re-indexes) one page; returns documents whose property type changed under them. */
  async indexPage(wiki: WikiRef, page: Omit<PageInput, "wikiId">): Promise<IndexOutcome> {
    const index = this.remember(wiki);
    const outcome = this.indexer.indexPage({ ...page, wikiId: wiki.id }, wiki.normalizeTitle);
    if (this.sink) {
      const row = this.tables.doc(page.pageId)!;
      await this.sink.put(index, page.pageId, JSON.parse(row.source) as JsonObject, page.text);
    }
    return outcome;
  }

  /**
   * Indexes many pages in one transaction (rebuilds, bulk imports): far fewer commits than one
   * per page. Property pages in the batch should come first so values get their declared types.
   */
  async indexPages(wiki: WikiRef, pages: readonly Omit<PageInput, "wikiId">[]): Promise<number[]> {
    const reindex = this.tables.transaction(() => {
      this.remember(wiki);
      return pages.flatMap((page) => this.indexer.indexPage({ ...page, wikiId: wiki.id }, wiki.normalizeTitle).reindex);
    });
    if (this.sink) {
      for (const page of pages) await this.sink.put(indexName(wiki.prefix), page.pageId, JSON.parse(this.tables.doc(page.pageId)!.source) as JsonObject, page.text);
    }
    return reindex;
  }

  async removePage(wiki: WikiRef, pageId: number): Promise<void> {
    this.indexer.removePage(pageId);
    if (this.sink) await this.sink.remove(this.remember(wiki), pageId);
  }

  /** The stored configuration of a page of this wiki, or null. */
  config(wiki: WikiRef, pageId: number): SearchConfig | null {
    const stored = this.tables.config(pageId);
    return stored && stored.wikiId === wiki.id ? stored.config : null;
  }

  properties(wiki: WikiRef): StaticPropertyTable {
    return new StaticPropertyTable(this.tables.properties(wiki.id));
  }

  async search(wiki: WikiRef, params: SearchParams): Promise<SearchAnswer> {
    const config = this.config(wiki, params.pageId);
    if (!config) throw new SearchError("wikisearch-api-invalid-pageid", INVALID_PAGE);
    const index = this.remember(wiki);
    const request = await buildSearchRequest(config, params, {
      index,
      properties: this.properties(wiki),
      normalizeTitle: wiki.normalizeTitle,
      pageIdOf: async (title) => this.tables.docIdByTitle(wiki.id, title),
      resolveChain: async (sub) => (await this.run(sub)).hits.hits.map((hit) => Number(hit._id)).filter(Number.isFinite),
    });
    const response = await this.run(request);
    const answer = searchAnswer(request, response, (ns) => wiki.namespaceName(ns));
    if (this.debug) answer.query = request;
    return answer;
  }

  async highlight(wiki: WikiRef, params: HighlightParams): Promise<{ words: string[] }> {
    if (this.tables.docWiki(params.pageId) !== wiki.id) throw new SearchError("wikisearch-api-invalid-pageid", INVALID_PAGE);
    const request = buildHighlightRequest(
      { query: params.query, properties: params.properties, documentId: String(params.pageId), limit: params.limit, size: params.size, highlighterType: params.highlighterType },
      { index: this.remember(wiki), properties: this.properties(wiki) },
    );
    const response = await this.run(request);
    return { words: wordsOf(response.hits.hits) };
  }

  private async run(request: SearchRequest): Promise<SearchResponse> {
    try {
      return await this.executor.search(request);
    } catch (error) {
      if (error instanceof SearchError) throw error;
      throw new SearchError("wikisearch-backend-error", `The search backend failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  close(): void {
    this.db.close();
  }
}
