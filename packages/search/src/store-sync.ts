/**
 * Keeps the search index in step with the wiki store: every committed save is indexed (and the
 * pages a property-type change affects are indexed again), every deleted page is removed, and `sync` catches a wiki's index up
 * with the store (pages saved while no listener ran, pages gone from the store), which is also
 * the rebuild command.
 */
import type { DeletedEvent, PageRecord, SavedEvent, Wiki, WikiStore } from "@wikiloom/wiki";
import { Title, type SiteConfig } from "@wikiloom/wikitext";
import { BACKEND_NAMES, type BackendName } from "./executor/select";
import { NS_PROPERTY } from "./index/indexer";
import { WikiSearch, type WikiRef, type WikiSearchOptions } from "./service";

const LIST_BATCH = 5000;

export function wikiRef(wiki: Wiki, site: SiteConfig): WikiRef {
  return {
    id: wiki.id,
    prefix: wiki.prefix,
    normalizeTitle: (text) => Title.tryParse(text, site)?.prefixedText ?? null,
    namespaceName: (ns) => site.namespaceName(ns) ?? "",
  };
}

export interface SyncReport {
  indexed: number;
  removed: number;
  seconds: number;
}

export class StoreSearch {
  /** Per wiki: the catch-up in progress or done, and when it started. */
  private readonly synced = new Map<number, { pending: Promise<SyncReport>; started: number }>();
  private detach: (() => void)[] = [];

  /**
   * `resyncMs`: catch up again when the last catch-up started longer ago than this (null: once
   * per process). Needed when other processes write to the same database and this index is
   * private to the process (PostgreSQL deployments: see searchForStore).
   */
  constructor(
    readonly store: WikiStore,
    readonly search: WikiSearch,
    private readonly log: (line: string) => void = () => {},
    private readonly resyncMs: number | null = null,
  ) {}

  async ref(wiki: Wiki): Promise<WikiRef> {
    return wikiRef(wiki, await this.store.wikis.siteConfig(wiki));
  }

  /** Indexes every committed save, and drops every deleted page, from now on. */
  attach(): void {
    if (this.detach.length > 0) return;
    this.detach = [
      this.store.pages.onSaved((event) => this.indexSaved(event)),
      this.store.pages.onDeleted((event) => this.removeDeleted(event)),
    ];
  }

  close(): void {
    for (const detach of this.detach) detach();
    this.detach = [];
  }

  /** A deleted page leaves the index (and the Elasticsearch/OpenSearch copy when there is one). */
  async removeDeleted(event: DeletedEvent): Promise<void> {
    await this.search.removePage(await this.ref(event.wiki), event.page.id);
  }

  async indexSaved(event: SavedEvent): Promise<void> {
    const ref = await this.ref(event.wiki);
    await this.indexRecord(event.wiki, ref, event.page, event.revision);
  }

  private async indexRecord(wiki: Wiki, ref: WikiRef, page: PageRecord, revision: { id: number; text: string; timestamp: Date }): Promise<void> {
    const outcome = await this.search.indexPage(ref, {
      pageId: page.id, ns: page.ns, title: page.dbKey.replace(/_/g, " "), prefixed: page.title,
      text: revision.text, modified: revision.timestamp, revId: revision.id,
    });
    // A property's type changed: its values on other pages must be normalised again.
    for (const docId of outcome.reindex) await this.reindexDoc(wiki, ref, docId);
  }

  private async reindexDoc(wiki: Wiki, ref: WikiRef, docId: number): Promise<void> {
    const doc = this.search.tables.doc(docId);
    const site = await this.store.wikis.siteConfig(wiki);
    const title = doc ? Title.tryParse(doc.prefixed, site) : null;
    if (!title) return;
    const [page, revision] = await Promise.all([this.store.pages.get(wiki, title), this.store.pages.latest(wiki, title)]);
    if (page && revision) {
      await this.search.indexPage(ref, {
        pageId: page.id, ns: page.ns, title: page.dbKey.replace(/_/g, " "), prefixed: page.title,
        text: revision.text, modified: revision.timestamp, revId: revision.id,
      });
    }
  }

  /**
   * Catches the wiki's index up once per process, or again after `resyncMs` (concurrent callers
   * share the work; a finished catch-up is not waited for again until it is due).
   */
  ensureSynced(wiki: Wiki): Promise<SyncReport> {
    const now = performance.now();
    const last = this.synced.get(wiki.id);
    if (last && (this.resyncMs === null || now - last.started < this.resyncMs)) return last.pending;
    const entry = { pending: this.sync(wiki), started: now };
    this.synced.set(wiki.id, entry);
    entry.pending.catch(() => {
      if (this.synced.get(wiki.id) === entry) this.synced.delete(wiki.id);
    });
    return entry.pending;
  }

  /**
   * Indexes pages whose latest revision is not the indexed one (all of them with `full`) and
   * removes documents of pages the store no longer has. Property pages go first so that values
   * are normalised by their declared types on the first pass.
   */
  async sync(wiki: Wiki, options: { full?: boolean } = {}): Promise<SyncReport> {
    const started = performance.now();
    const site = await this.store.wikis.siteConfig(wiki);
    const ref = wikiRef(wiki, site);
    const indexed = this.search.tables.wikiDocs(wiki.id);
    const seen = new Set<number>();
    let count = 0;
    const namespaces = site.namespaces().map((ns) => ns.id).filter((id) => id >= 0);
    namespaces.sort((a, b) => (a === NS_PROPERTY ? -1 : b === NS_PROPERTY ? 1 : a - b));
    for (const ns of namespaces) {
      let from: string | undefined;
      for (;;) {
        const pages = await this.store.pages.list(wiki, { namespace: ns, from, limit: LIST_BATCH });
        const batch: Parameters<WikiSearch["indexPages"]>[1][number][] = [];
        for (const page of pages) {
          if (seen.has(page.id)) continue;
          seen.add(page.id);
          if (!options.full && indexed.get(page.id)?.revId === page.latestRevId) continue;
          const title = Title.tryParse(page.title, site);
          const revision = title ? await this.store.pages.latest(wiki, title) : null;
          if (!revision) continue;
          if (ns === NS_PROPERTY) {
            // One by one: a type change must re-index the pages using the property.
            await this.indexRecord(wiki, ref, page, revision);
          } else {
            batch.push({
              pageId: page.id, ns: page.ns, title: page.dbKey.replace(/_/g, " "), prefixed: page.title,
              text: revision.text, modified: revision.timestamp, revId: revision.id,
            });
          }
          count++;
        }
        // Many pages per transaction: rebuilds go at the index's bulk speed.
        for (const docId of await this.search.indexPages(ref, batch)) await this.reindexDoc(wiki, ref, docId);
        if (pages.length < LIST_BATCH) break;
        from = pages[pages.length - 1]!.dbKey;
      }
    }
    let removed = 0;
    for (const docId of indexed.keys()) {
      if (!seen.has(docId)) {
        await this.search.removePage(ref, docId);
        removed++;
      }
    }
    const report = { indexed: count, removed, seconds: (performance.now() - started) / 1000 };
    if (count > 0 || removed > 0) this.log(`search: ${wiki.prefix}: indexed ${count} pages, removed ${removed} in ${report.seconds.toFixed(2)} s`);
    return report;
  }
}

const instances = new WeakMap<WikiStore, StoreSearch>();

/**
 * Search configuration from the environment: WIKISEARCH_BACKEND (embedded, elasticsearch or
 * opensearch; default: whichever URL is set, else embedded), WIKISEARCH_ELASTICSEARCH_URL,
 * WIKISEARCH_OPENSEARCH_URL, WIKISEARCH_DEBUG. Throws on an unknown backend name.
 */
export function optionsFromEnv(env: Record<string, string | undefined>): Omit<WikiSearchOptions, "databaseFile"> {
  const backend = env.WIKISEARCH_BACKEND?.trim().toLowerCase() || undefined;
  if (backend !== undefined && !(BACKEND_NAMES as readonly string[]).includes(backend)) {
    throw new Error(`WIKISEARCH_BACKEND="${backend}" is not one of ${BACKEND_NAMES.join(", ")}.`);
  }
  return {
    backend: backend as BackendName | undefined,
    elasticsearchUrl: env.WIKISEARCH_ELASTICSEARCH_URL?.trim() || undefined,
    opensearchUrl: env.WIKISEARCH_OPENSEARCH_URL?.trim() || undefined,
    debug: env.WIKISEARCH_DEBUG === "1" || env.WIKISEARCH_DEBUG === "true",
  };
}

/** How often a process-private index catches up with writes of other web nodes, by default. */
export const DEFAULT_RESYNC_SECONDS = 5;

export interface StoreSearchOptions extends Omit<WikiSearchOptions, "databaseFile"> {
  log?: (line: string) => void;
  /** PostgreSQL stores: seconds between catch-ups with other nodes' writes (WIKISEARCH_RESYNC_SECONDS). */
  resyncSeconds?: number;
}

/**
 * The search of a store: one per store, listening to its saves. Options apply when the instance
 * is created. Where the index lives follows the store:
 *  - SQLite: the index's tables are in the store's database file, shared by every process;
 *  - PostgreSQL: web nodes keep nothing on disk, so the index is an in-memory copy derived from
 *    the pages in PostgreSQL, rebuilt by the first catch-up in each process and caught up again
 *    every `resyncSeconds` with pages other nodes saved or deleted. Each node's copy costs a scan
 *    of the page list per catch-up: large or busy multi-node wikis search on Elasticsearch or
 *    OpenSearch instead (WIKISEARCH_BACKEND), which every node shares.
 */
export function searchForStore(store: WikiStore, options: StoreSearchOptions = {}): StoreSearch {
  let instance = instances.get(store);
  if (!instance) {
    const onPostgres = store.database.kind === "postgres";
    const search = new WikiSearch({ ...options, databaseFile: onPostgres ? ":memory:" : store.databaseFile });
    const resyncSeconds = options.resyncSeconds ?? resyncSecondsFromEnv(process.env);
    instance = new StoreSearch(store, search, options.log, onPostgres ? resyncSeconds * 1000 : null);
    instance.attach();
    instances.set(store, instance);
  }
  return instance;
}

function resyncSecondsFromEnv(env: Record<string, string | undefined>): number {
  const value = Number(env.WIKISEARCH_RESYNC_SECONDS);
  return env.WIKISEARCH_RESYNC_SECONDS !== undefined && Number.isFinite(value) && value >= 0 ? value : DEFAULT_RESYNC_SECONDS;
}
