import { Title } from "@wikiloom/wikitext";
import { ApiError } from "../../errors.js";
import type { ApiContext, ApiModule } from "../context.js";
import { requireCsrf, requirePost, requireRight } from "../context.js";
import { parseEditableTitle } from "../titles.js";
import { withStoreErrors } from "./store-errors.js";

/** The page named by `title` or `pageid` (exactly one of them), as a title. */
async function targetTitle(ctx: ApiContext): Promise<Title> {
  const p = ctx.params;
  const which = p.requireOneOf("title", "pageid");
  if (which === "title") return parseEditableTitle(ctx, p.required("title"));
  const pageId = p.int("pageid", { min: 0 })!;
  const page = await ctx.store.pages.byId(ctx.wiki, pageId);
  if (!page) throw new ApiError("nosuchpageid", `There is no page with ID ${pageId}.`);
  return Title.parse(page.title, ctx.site);
}

/** action=delete: removes a page; its revisions go to the archive (needs the delete right). */
export const deleteModule: ApiModule = async (ctx) => {
  requirePost(ctx, "delete");
  const title = await targetTitle(ctx);
  const p = ctx.params;
  const reason = p.string("reason");
  // Accepted as MediaWiki does; watchlists, change tags and file versions do not exist here.
  p.string("tags");
  p.bool("deletetalk");
  p.string("watchlist");
  p.string("watchlistexpiry");
  p.bool("watch");
  p.bool("unwatch");
  p.string("oldimage");
  await requireCsrf(ctx);
  requireRight(ctx, "delete", "delete pages");
  const user = ctx.auth.user;
  if (!user) throw new ApiError("permissiondenied", "You don't have permission to delete pages.");
  const result = await withStoreErrors(() => ctx.store.pages.delete({ wiki: ctx.wiki, title, user, reason }));
  return { delete: { title: result.title, reason: result.reason, logid: result.logId } };
};
