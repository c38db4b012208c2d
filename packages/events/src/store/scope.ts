/** A WikiScope over the wiki store: page existence, first authors and user pages of one wiki. */
import type { Wiki, WikiStore } from "@wikiloom/wiki";
import { NS_USER } from "@wikiloom/wikitext";
import type { WikiScope } from "../context";
import type { EventsDatabase } from "../db/database";
import { Prisma } from "../generated/prisma/client";

export async function storeWikiScope(store: WikiStore, database: EventsDatabase, wiki: Wiki): Promise<WikiScope> {
  const site = await store.wikis.siteConfig(wiki);
  const info = await store.wikis.siteInfo(wiki);
  const general = info.general as { articlepath?: string; scriptpath?: string };
  return {
    wikiId: wiki.id,
    wikiKey: wiki.prefix,
    site,
    articlePath: general.articlepath ?? "/wiki/$1",
    scriptPath: general.scriptpath ?? "/w",
    pageExists: async (title) => title.ns >= 0 && !title.interwiki && (await store.pages.get(wiki, title)) !== null,
    async pageCreatorId(title) {
      if (title.ns < 0 || title.interwiki) return null;
      const [first] = await store.pages.history(wiki, title, { limit: 1, dir: "newer" });
      return first?.userId ?? null;
    },
    async existingUserPages(dbKeys) {
      if (dbKeys.length === 0) return new Set();
      // One query for a whole listing page, rather than one store call per user.
      const rows = await database.read((db) =>
        db.$queryRaw<{ dbKey: string }[]>(
          Prisma.sql`SELECT "dbKey" FROM "Page" WHERE "wikiId" = ${wiki.id} AND "namespace" = ${NS_USER} AND "dbKey" IN (${Prisma.join(dbKeys)})`,
        ),
      );
      return new Set(rows.map((row) => row.dbKey));
    },
  };
}
