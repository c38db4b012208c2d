/**
 * The engine's data access in the PWA (the conversion worker's environment): page and template
 * sources and title existence come from the Dexie copy; what the copy lacks is asked of the
 * server's action API while online, and kept (templates and sources in `templates`, existence
 * in `existence`) so the same conversion works offline afterwards. Offline, unknown titles read
 * as missing, which is what the engine does with any title the environment does not know.
 */
import type { DataAccess, FileInfo, PageExistence, PageSource } from "@wikiloom/wikitext";
import type { ClientDb } from "./db.js";

export interface OfflineDataAccessOptions {
  /** Whether the server may be asked now (navigator.onLine in a browser). */
  online(): boolean;
  /** Origin of the platform. */
  baseUrl: string;
  fetch?: typeof fetch;
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

  async function localSource(title: string, revid?: number): Promise<PageSource | null> {
    const row = (await db.templates.get(title)) ?? (await db.pages.get(title));
    if (!row || (revid !== undefined && row.revid !== revid)) return null;
    return { title: row.title, revid: row.revid, source: row.wikitext };
  }

  return {
    async getPageSource(title: string, revid?: number): Promise<PageSource | null> {
      const local = await localSource(title, revid);
      if (local) return local;
      const known = await db.existence.get(title);
      // Known (recently, or while offline) to be missing: no need to ask again.
      if (known && !known.exists && revid === undefined && (!options.online() || Date.now() - known.checkedAt < EXISTENCE_FRESH_MS)) return null;
      const answer = await query({
        prop: "revisions", rvprop: "ids|timestamp|content", rvslots: "main",
        ...(revid !== undefined ? { revids: String(revid) } : { titles: title }),
      });
      if (!answer) return null;
      const page = answer.pages[0];
      const revision = page?.revisions?.[0];
      if (!page || page.missing || page.invalid || !revision) {
        if (revid === undefined) await db.existence.put({ title, exists: false, redirect: false, checkedAt: Date.now() });
        return null;
      }
      const source = revision.slots?.main?.content ?? "";
      // A revision asked for by id might be an old one: only the latest is kept as the template's text.
      if (revid === undefined) {
        await db.transaction("rw", [db.templates, db.existence], async () => {
          await db.templates.put({ title: page.title, revid: revision.revid, wikitext: source, timestamp: revision.timestamp });
          await db.existence.put({ title: page.title, exists: true, redirect: Boolean(page.redirect), checkedAt: Date.now() });
        });
      }
      return { title: page.title, revid: revision.revid, source, contentmodel: revision.slots?.main?.contentmodel };
    },

    async getPageExistence(titles: readonly string[]): Promise<Map<string, PageExistence>> {
      const result = new Map<string, PageExistence>();
      const unknown: string[] = [];
      const online = options.online();
      for (const title of new Set(titles)) {
        const known = await db.existence.get(title);
        if (known && (!online || Date.now() - known.checkedAt < EXISTENCE_FRESH_MS)) {
          if (known.exists) result.set(title, { exists: true, redirect: known.redirect });
          continue;
        }
        if ((await db.pages.get(title)) || (await db.templates.get(title))) result.set(title, { exists: true });
        else unknown.push(title);
      }
      for (let i = 0; i < unknown.length; i += TITLES_PER_QUERY) {
        const batch = unknown.slice(i, i + TITLES_PER_QUERY);
        const answer = await query({ prop: "info", titles: batch.join("|") });
        if (!answer) break;
        // The server answers under canonical titles; map them back to the names asked for.
        const asked = new Map<string, string[]>();
        for (const title of batch) asked.set(title, [title]);
        for (const { from, to } of answer.normalized) asked.set(to, [...(asked.get(to) ?? []), from]);
        const now = Date.now();
        for (const page of answer.pages) {
          if (page.invalid) continue;
          const exists = !page.missing;
          for (const name of new Set([page.title, ...(asked.get(page.title) ?? [])])) {
            await db.existence.put({ title: name, exists, redirect: Boolean(page.redirect), checkedAt: now });
            if (exists && batch.includes(name)) result.set(name, { exists: true, redirect: Boolean(page.redirect) });
          }
        }
      }
      return result;
    },

    async getFileInfo(): Promise<Map<string, FileInfo>> {
      // The platform stores no files yet (the server's data access answers none either).
      return new Map();
    },
  };
}
