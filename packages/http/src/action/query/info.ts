import type { ApiContext } from "../context.js";
import { isoTimestamp } from "../context.js";
import type { PageSet } from "./pageset.js";

/** prop=info: basic page facts. */
export async function infoProp(ctx: ApiContext, set: PageSet): Promise<void> {
  ctx.params.list("inprop");
  for (const entry of set.entries) {
    if (!entry.title || entry.title.isExternal) continue;
    entry.out.contentmodel = "wikitext";
    entry.out.pagelanguage = ctx.wiki.lang;
    entry.out.pagelanguagehtmlcode = ctx.wiki.lang;
    entry.out.pagelanguagedir = "ltr";
    if (!entry.page) continue;
    entry.out.touched = isoTimestamp(entry.page.touched);
    entry.out.lastrevid = entry.page.latestRevId;
    entry.out.length = entry.page.length;
    if (entry.page.isRedirect) entry.out.redirect = true;
  }
}
