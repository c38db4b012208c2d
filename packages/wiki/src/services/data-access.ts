/**
 * The engine's DataAccess over the store, for one wiki: page sources by title or revision, and
 * which titles exist (red links, #ifexist). No files are stored yet, so file info is empty.
 */
import { Title, type DataAccess, type FileInfo, type PageExistence, type PageSource, type SiteConfig } from "@wikiloom/wikitext";
import type { Wiki } from "../types";
import type { StoreContext } from "./context";

/** Titles are looked up in batches so one query does not carry thousands of parameters. */
const BATCH = 200;

export function storeDataAccess(ctx: StoreContext, wiki: Wiki, siteConfig: (wiki: Wiki) => Promise<SiteConfig>): DataAccess {
  return {
    async getPageSource(title: string, revid?: number): Promise<PageSource | null> {
      const site = await siteConfig(wiki);
      const parsed = Title.tryParse(title, site);
      if (revid !== undefined) {
        if (!Number.isSafeInteger(revid) || revid <= 0) return null;
        const row = await ctx.queue.run(() => ctx.db.revision.findUnique({ where: { id: revid }, include: { page: true } }));
        if (!row || row.page.wikiId !== wiki.id) return null;
        // A revision id names one page; asking for it under another title is a miss.
        if (parsed && (parsed.ns !== row.page.namespace || parsed.dbKey !== row.page.dbKey)) return null;
        return { title: parsed?.prefixedText ?? title, revid: row.id, source: row.text, contentmodel: row.contentModel };
      }
      if (!parsed || parsed.isExternal || parsed.ns < 0) return null;
      return ctx.queue.run(async () => {
        const page = await ctx.db.page.findUnique({
          where: { wikiId_namespace_dbKey: { wikiId: wiki.id, namespace: parsed.ns, dbKey: parsed.dbKey } },
        });
        if (!page || page.latestRevId === null) return null;
        const rev = await ctx.db.revision.findUnique({ where: { id: page.latestRevId } });
        return rev ? { title: parsed.prefixedText, revid: rev.id, source: rev.text, contentmodel: rev.contentModel } : null;
      });
    },

    async getPageExistence(titles: readonly string[]): Promise<Map<string, PageExistence>> {
      const site = await siteConfig(wiki);
      const wanted = new Map<string, string[]>(); // "ns:dbKey" → the input strings naming it
      const byNamespace = new Map<number, Set<string>>();
      for (const input of titles) {
        const title = Title.tryParse(input, site);
        if (!title || title.isExternal || title.ns < 0) continue;
        const key = `${title.ns}:${title.dbKey}`;
        wanted.set(key, [...(wanted.get(key) ?? []), input]);
        if (!byNamespace.has(title.ns)) byNamespace.set(title.ns, new Set());
        byNamespace.get(title.ns)!.add(title.dbKey);
      }
      const result = new Map<string, PageExistence>();
      for (const [ns, keySet] of byNamespace) {
        const keys = [...keySet];
        for (let i = 0; i < keys.length; i += BATCH) {
          const rows = await ctx.queue.run(() =>
            ctx.db.page.findMany({
              where: { wikiId: wiki.id, namespace: ns, dbKey: { in: keys.slice(i, i + BATCH) }, latestRevId: { not: null } },
              select: { dbKey: true, isRedirect: true },
            }),
          );
          for (const row of rows) {
            for (const input of wanted.get(`${ns}:${row.dbKey}`) ?? []) {
              result.set(input, { exists: true, redirect: row.isRedirect });
            }
          }
        }
      }
      return result;
    },

    async getFileInfo(): Promise<Map<string, FileInfo>> {
      return new Map();
    },
  };
}
