import { createHash } from "node:crypto";
import { ApiError } from "../../errors.js";
import type { ApiModule } from "../context.js";
import { isoTimestamp, requireCsrf, requirePost, requireRight } from "../context.js";
import { parseEditableTitle } from "../titles.js";
import { withStoreErrors } from "./store-errors.js";

function parseTimestamp(name: string, value: string | undefined): Date | undefined {
  if (value === undefined || value === "") return undefined;
  const date = /^\d{14}$/.test(value)
    ? new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(8, 10)}:${value.slice(10, 12)}:${value.slice(12, 14)}Z`)
    : new Date(value);
  if (Number.isNaN(date.getTime())) throw new ApiError("badtimestamp", `Invalid value "${value}" for timestamp parameter "${name}".`);
  return date;
}

/** action=edit: create or change a page, with edit-conflict detection by base revision or time. */
export const editModule: ApiModule = async (ctx) => {
  requirePost(ctx, "edit");
  const p = ctx.params;
  p.requireOneOf("title", "pageid");
  if (p.has("pageid")) throw new ApiError("badvalue", 'Editing by "pageid" is not supported; use "title".');
  const title = parseEditableTitle(ctx, p.required("title"));
  const mode = p.requireOneOf("text", "appendtext", "prependtext");
  await requireCsrf(ctx);
  requireRight(ctx, "edit", "edit this page");
  const user = ctx.auth.user;
  if (!user) throw new ApiError("permissiondenied", "You don't have permission to edit this page.");

  const baseRevId = p.int("baserevid", { min: 0 });
  const baseTimestamp = parseTimestamp("basetimestamp", p.string("basetimestamp"));
  parseTimestamp("starttimestamp", p.string("starttimestamp"));
  const createOnly = p.bool("createonly");
  const noCreate = p.bool("nocreate");
  const minor = p.bool("minor");
  p.bool("notminor");
  p.bool("bot");
  p.string("watchlist");
  p.string("contentmodel");
  p.string("contentformat");
  if (createOnly && noCreate) {
    throw new ApiError("invalidparammix", 'The parameters "createonly" and "nocreate" can not be used together.');
  }

  let text: string;
  if (mode === "text") {
    text = p.string("text") ?? "";
  } else {
    const current = await ctx.store.pages.latest(ctx.wiki, title);
    const base = current?.text ?? "";
    text = mode === "appendtext" ? base + (p.string("appendtext") ?? "") : (p.string("prependtext") ?? "") + base;
  }
  const md5 = p.string("md5");
  if (md5 !== undefined && createHash("md5").update(text, "utf8").digest("hex") !== md5.toLowerCase()) {
    throw new ApiError("badmd5", "The supplied MD5 hash was incorrect.");
  }

  const exists = await ctx.store.pages.get(ctx.wiki, title);
  if (!exists && !createOnly && !noCreate) requireRight(ctx, "createpage", "create this page");

  const result = await withStoreErrors(() =>
    ctx.store.pages.save({
      wiki: ctx.wiki,
      title,
      text,
      summary: p.string("summary") ?? "",
      user,
      baseRevId: baseRevId === 0 ? undefined : baseRevId,
      baseTimestamp,
      createOnly,
      noCreate,
      minor,
    }),
  );
  const edit: Record<string, unknown> = {
    result: "Success",
    pageid: result.page.id,
    title: title.prefixedText,
    contentmodel: result.revision.contentModel,
  };
  if (result.status === "nochange") {
    edit.nochange = true;
  } else {
    if (result.created) edit.new = true;
    edit.oldrevid = result.revision.parentId ?? 0;
    edit.newrevid = result.revision.id;
    edit.newtimestamp = isoTimestamp(result.revision.timestamp);
  }
  edit.watched = false;
  return { edit };
};
