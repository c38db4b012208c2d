/**
 * The engine's data access in the PWA (the conversion worker's environment): page and template
 * sources and title existence come from the Dexie copy; what the copy lacks is asked of the
 * server's action API while online, and kept (templates and sources in `templates`, existence
 * in `existence`) so the same conversion works offline afterwards. Offline, unknown titles read
 * as missing, which is what the engine does with any title the environment does not know.
 *
 * One access serves one conversion: it sees the copy as of its creation (plus what it
 * fetched itself). Reads go through a CopyMemory, which a long-lived caller (the worker) shares
 * between accesses so that rows read once are not read again while the copy is unchanged.
 */
import type { DataAccess, FileInfo, PageExistence, PageSource } from "@wikiloom/wikitext";
import { createActionApiReader, pageExists, type ApiPage } from "./action-api-reader.js";
import { BatchLoader } from "./batch-loader.js";
import { CopyMemory, type CopySnapshot } from "./copy-memory.js";
import type { ClientDb } from "./db.js";
import type { ExistenceRow, TemplateRow } from "./records.js";

export interface OfflineDataAccessOptions {
  /** Whether the server may be asked now (navigator.onLine in a browser). */
  online(): boolean;
  /** Origin of the platform. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** What is remembered of the copy; share one between the accesses of successive conversions. */
  memory?: CopyMemory;
}

/** Existence learnt longer ago than this is asked again while online (pages get created). */
const EXISTENCE_FRESH_MS = 5 * 60_000;

export function createOfflineDataAccess(db: ClientDb, options: OfflineDataAccessOptions): DataAccess {
  const server = createActionApiReader(options.baseUrl, options.fetch ?? ((input, init) => fetch(input, init)));
  /** One action API query; null offline or when the server cannot be reached (then the copy is all there is). */
  const query = (params: Record<string, string>) => (options.online() ? server.query(params) : Promise.resolve(null));

  const memory = options.memory ?? new CopyMemory(db);
  let snapshot: Promise<CopySnapshot> | null = null;
  /** The copy as of this access's creation (its first lookup, if that check failed). */
  function copy(): Promise<CopySnapshot> {
    snapshot ??= memory.snapshot().catch((error: unknown) => {
      snapshot = null;
      throw error;
    });
    return snapshot;
  }
  // Checked now rather than at the first lookup: the read then overlaps with the engine's work
  // before its first lookup (tokenizing, the first preprocessing steps). A failure is retried then.
  copy().catch(() => undefined);

  async function storeExistence(local: CopySnapshot, rows: ExistenceRow[]): Promise<void> {
    if (rows.length === 0) return;
    await db.existence.bulkPut(rows);
    for (const row of rows) local.wroteExistence(row);
  }

  /** A revision asked for by id: maybe an old one, so it is not kept (only the latest is a template's text). */
  async function revisionById(revid: number): Promise<ApiPage | null> {
    const answer = await query({ prop: "revisions", rvprop: "ids|timestamp|content", rvslots: "main", revids: String(revid) });
    return answer?.pages[0] ?? null;
  }

  /** Latest revisions the copy lacks, asked of the server together when asked in the same turn. */
  const remoteLatest = new BatchLoader<ApiPage | null>(async (titles) => {
    if (!options.online()) return new Map();
    const [local, pages] = await Promise.all([copy(), server.latestRevisions(titles)]);
    const checkedAt = Date.now();
    const templates: TemplateRow[] = [];
    const existence: ExistenceRow[] = [];
    for (const title of titles) {
      const page = pages.get(title);
      if (!page) continue;
      const revision = page.revisions?.[0];
      if (!pageExists(page) || !revision) {
        existence.push({ title, exists: false, redirect: false, checkedAt });
        continue;
      }
      templates.push({ title: page.title, revid: revision.revid, wikitext: revision.slots?.main?.content ?? "", timestamp: revision.timestamp });
      existence.push({ title: page.title, exists: true, redirect: Boolean(page.redirect), checkedAt });
    }
    if (templates.length + existence.length > 0) {
      await db.transaction("rw", [db.templates, db.existence], async () => {
        await db.templates.bulkPut(templates);
        await db.existence.bulkPut(existence);
      });
      for (const row of templates) local.wroteTemplate(row);
      for (const row of existence) local.wroteExistence(row);
    }
    return pages;
    // A task later rather than a microtask: the engine's lookups of one nesting level reach here
    // a varying number of awaits apart, and a round trip saved is worth far more than the wait.
  }, null, (flush) => setTimeout(flush, 0));

  return {
    async getPageSource(title: string, revid?: number): Promise<PageSource | null> {
      const local = await copy();
      const row = await local.source(title);
      if (row && (revid === undefined || row.revid === revid)) return { title: row.title, revid: row.revid, source: row.wikitext };
      // Offline, the copy is all there is.
      if (!options.online()) return null;
      const known = revid === undefined ? (await local.existence([title])).get(title) : undefined;
      // Known (recently) to be missing: no need to ask again.
      if (known && !known.exists && Date.now() - known.checkedAt < EXISTENCE_FRESH_MS) return null;
      const page = revid === undefined ? await remoteLatest.get(title) : await revisionById(revid);
      const revision = page?.revisions?.[0];
      if (!page || !pageExists(page) || !revision) return null;
      return { title: page.title, revid: revision.revid, source: revision.slots?.main?.content ?? "", contentmodel: revision.slots?.main?.contentmodel };
    },

    async getPageExistence(titles: readonly string[]): Promise<Map<string, PageExistence>> {
      const result = new Map<string, PageExistence>();
      const unknown: string[] = [];
      const online = options.online();
      const local = await copy();
      const asked = [...new Set(titles)];
      const rows = await local.existence(asked);
      const now = Date.now();
      for (const title of asked) {
        const known = rows.get(title);
        if (known && (!online || now - known.checkedAt < EXISTENCE_FRESH_MS)) {
          if (known.exists) result.set(title, { exists: true, redirect: known.redirect });
          continue;
        }
        if (local.holds(title)) result.set(title, { exists: true });
        else unknown.push(title);
      }
      if (online && unknown.length > 0) {
        const pages = await server.pageInfo(unknown);
        const checkedAt = Date.now();
        const learnt: ExistenceRow[] = [];
        for (const title of unknown) {
          const page = pages.get(title);
          if (!page || page.invalid) continue;
          const exists = pageExists(page);
          const redirect = Boolean(page.redirect);
          // Kept under the canonical title too: the engine may ask for it under either.
          for (const name of new Set([title, page.title])) learnt.push({ title: name, exists, redirect, checkedAt });
          if (exists) result.set(title, { exists: true, redirect });
        }
        await storeExistence(local, learnt);
      }
      return result;
    },

    async getFileInfo(): Promise<Map<string, FileInfo>> {
      // The platform stores no files yet (the server's data access answers none either).
      return new Map();
    },
  };
}
