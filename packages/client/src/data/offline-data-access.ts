/**
 * The engine's data access in the PWA (the conversion worker's environment): page and template
 * sources and title existence come from the Dexie copy; what the copy lacks is asked of the
 * server's action API while online, and kept (templates and sources in `templates`, existence
 * in `existence`) so the same conversion works offline afterwards. Offline, unknown titles read
 * as missing, which is what the engine does with any title the environment does not know.
 *
 * One access serves one conversion: it sees the copy as of its first lookup (plus what it
 * fetched itself). Reads go through a CopyMemory, which a long-lived caller (the worker) shares
 * between accesses so that rows read once are not read again while the copy is unchanged.
 */
import type { DataAccess, FileInfo, PageExistence, PageSource } from "@wikiloom/wikitext";
import { CopyMemory, type CopySnapshot } from "./copy-memory.js";
import type { ClientDb } from "./db.js";
import type { ExistenceRow } from "./records.js";

export interface OfflineDataAccessOptions {
  /** Whether the server may be asked now (navigator.onLine in a browser). */
  online(): boolean;
  /** Origin of the platform. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** What is remembered of the copy; share one between the accesses of successive conversions. */
  memory?: CopyMemory;
}

/** The action API takes at most 50 titles per query. */
const TITLES_PER_QUERY = 50;
/** Existence learnt longer ago than this is asked again while online (pages get created). */
const EXISTENCE_FRESH_MS = 5 * 60_000;

interface ApiPage {
  title: string;
  missing?: boolean;
  invalid?: boolean;
  redirect?: boolean;
  revisions?: { revid: number; timestamp: string; slots?: { main?: { content?: string; contentmodel?: string } } }[];
}

export function createOfflineDataAccess(db: ClientDb, options: OfflineDataAccessOptions): DataAccess {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const api = `${options.baseUrl.replace(/\/$/, "")}/w/api.php`;

  /** One action API query; null when the server cannot be reached (then the copy is all there is). */
  async function query(params: Record<string, string>): Promise<{ pages: ApiPage[]; normalized: { from: string; to: string }[] } | null> {
    if (!options.online()) return null;
    try {
      const search = new URLSearchParams({ action: "query", format: "json", formatversion: "2", ...params });
      const response = await fetchImpl(`${api}?${search}`, { credentials: "include" });
      if (!response.ok) return null;
      const body = (await response.json()) as { query?: { pages?: ApiPage[]; normalized?: { from: string; to: string }[] } };
      return { pages: body.query?.pages ?? [], normalized: body.query?.normalized ?? [] };
    } catch {
      return null;
    }
  }

  const memory = options.memory ?? new CopyMemory(db);
  let snapshot: Promise<CopySnapshot> | null = null;
  /** The copy as of this access's first lookup. */
  function copy(): Promise<CopySnapshot> {
    snapshot ??= memory.snapshot().catch((error: unknown) => {
      snapshot = null;
      throw error;
    });
    return snapshot;
  }

  async function storeExistence(local: CopySnapshot, rows: ExistenceRow[]): Promise<void> {
    if (rows.length === 0) return;
    await db.existence.bulkPut(rows);
    for (const row of rows) local.wroteExistence(row);
  }

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
      const answer = await query({
        prop: "revisions", rvprop: "ids|timestamp|content", rvslots: "main",
        ...(revid !== undefined ? { revids: String(revid) } : { titles: title }),
      });
      if (!answer) return null;
      const page = answer.pages[0];
      const revision = page?.revisions?.[0];
      if (!page || page.missing || page.invalid || !revision) {
        if (revid === undefined) await storeExistence(local, [{ title, exists: false, redirect: false, checkedAt: Date.now() }]);
        return null;
      }
      const source = revision.slots?.main?.content ?? "";
      // A revision asked for by id might be an old one: only the latest is kept as the template's text.
      if (revid === undefined) {
        const template = { title: page.title, revid: revision.revid, wikitext: source, timestamp: revision.timestamp };
        const existence = { title: page.title, exists: true, redirect: Boolean(page.redirect), checkedAt: Date.now() };
        await db.transaction("rw", [db.templates, db.existence], async () => {
          await db.templates.put(template);
          await db.existence.put(existence);
        });
        local.wroteTemplate(template);
        local.wroteExistence(existence);
      }
      return { title: page.title, revid: revision.revid, source, contentmodel: revision.slots?.main?.contentmodel };
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
      for (let i = 0; online && i < unknown.length; i += TITLES_PER_QUERY) {
        const batch = unknown.slice(i, i + TITLES_PER_QUERY);
        const answer = await query({ prop: "info", titles: batch.join("|") });
        if (!answer) break;
        // The server answers under canonical titles; map them back to the names asked for.
        const askedAs = new Map<string, string[]>();
        for (const title of batch) askedAs.set(title, [title]);
        for (const { from, to } of answer.normalized) askedAs.set(to, [...(askedAs.get(to) ?? []), from]);
        const checkedAt = Date.now();
        const learnt: ExistenceRow[] = [];
        for (const page of answer.pages) {
          if (page.invalid) continue;
          const exists = !page.missing;
          for (const name of new Set([page.title, ...(askedAs.get(page.title) ?? [])])) {
            learnt.push({ title: name, exists, redirect: Boolean(page.redirect), checkedAt });
            if (exists && batch.includes(name)) result.set(name, { exists: true, redirect: Boolean(page.redirect) });
          }
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
