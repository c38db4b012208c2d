import { Title } from "@wikiloom/wikitext";
import type { ApiContext } from "../context.js";

/** list=allpages: pages of one namespace in title order, with apcontinue paging. */
export async function allPagesList(ctx: ApiContext): Promise<{ result: unknown; continueParams?: Record<string, string> }> {
  const p = ctx.params;
  const namespace = p.int("apnamespace", { default: 0 })!;
  const limit = p.limit("aplimit", 10, 500);
  const start = p.string("apcontinue") ?? p.string("apfrom");
  const from = start === undefined ? undefined : start.replace(/_/g, " ");
  const prefix = p.string("apprefix")?.replace(/_/g, " ");
  p.string("apfilterredir");
  const pages = await ctx.store.pages.list(ctx.wiki, { namespace, from, limit: limit + 1 });
  const keyOf = (prefixed: string) => Title.parse(prefixed, ctx.site).text;
  const matching = prefix === undefined ? pages : pages.filter((page) => keyOf(page.title).startsWith(prefix));
  const result = matching.slice(0, limit).map((page) => ({ pageid: page.id, ns: page.ns, title: page.title }));
  const next = matching[limit];
  return next ? { result, continueParams: { apcontinue: Title.parse(next.title, ctx.site).dbKey } } : { result };
}
