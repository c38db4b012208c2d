/**
 * First-start content: the demo wiki, its administrator and its first pages, written in one
 * transaction so a half-seeded database cannot exist. Runs only while the store has no wiki.
 */
import { Title } from "@wikiloom/wikitext";
import type { Db } from "../db/client";
import { hashPassword } from "../auth/password";
import { normalizeText } from "../services/content";
import type { StoreContext } from "../services/context";
import { saveInTransaction } from "../services/pages";
import { findUserByName, insertUser } from "../services/users";
import { insertWiki, siteConfigWithin } from "../services/wikis";
import { adminPassword } from "./admin-password";
import { DEMO_PAGES } from "./demo-pages";

export const DEMO_WIKI = { prefix: "localwiki", domain: "localhost", siteName: "Wikiloom Demo", lang: "en" };
export const ADMIN_NAME = "Admin";
export const ADMIN_GROUPS = ["sysop", "event-organizer"];

export async function isEmpty(db: Db): Promise<boolean> {
  return (await db.wiki.count()) === 0;
}

/** Seeds an empty store; returns false (and does nothing) when a wiki already exists. */
export async function seed(ctx: StoreContext, dataDir: string): Promise<boolean> {
  if (!(await ctx.queue.run(() => isEmpty(ctx.db)))) return false;
  const admin = adminPassword(dataDir);
  const hash = await hashPassword(admin.password);
  const seeded = await ctx.transaction(
    async (tx) => {
      // Another process may have seeded the same file meanwhile.
      if ((await tx.wiki.count()) > 0) return false;
      const wiki = await insertWiki(tx, DEMO_WIKI);
      const user = (await findUserByName(tx, ADMIN_NAME)) ?? (await insertUser(tx, ADMIN_NAME, hash, ADMIN_GROUPS, ctx.now()));
      const site = await siteConfigWithin(tx, wiki);
      for (const page of DEMO_PAGES) {
        const title = Title.parse(page.title, site);
        await saveInTransaction(ctx, tx, { wiki, title, text: page.text, summary: page.summary, user }, normalizeText(page.text), site);
      }
      return true;
    },
    { timeout: 30_000 },
  );
  if (seeded) {
    ctx.log(`wiki: created the demo wiki "${DEMO_WIKI.siteName}" (${DEMO_WIKI.prefix}, http://${DEMO_WIKI.domain}) with ${DEMO_PAGES.length} pages`);
    if (admin.source === "generated") {
      ctx.log(`wiki: administrator account "${ADMIN_NAME}" created; its password is ${admin.password} (saved in ${admin.file}, mode 0600)`);
    } else if (admin.source === "file") {
      ctx.log(`wiki: administrator account "${ADMIN_NAME}" created with the password stored in ${admin.file}`);
    } else {
      ctx.log(`wiki: administrator account "${ADMIN_NAME}" created with the password from ADMIN_PASSWORD`);
    }
  }
  return seeded;
}
