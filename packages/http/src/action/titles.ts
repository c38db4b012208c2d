import { Title, TitleError } from "@wikiloom/wikitext";
import { ApiError } from "../errors.js";
import type { ApiContext } from "./context.js";

/** Parses a title parameter, answering MediaWiki's invalidtitle error when it is not one. */
export function parseTitleParam(ctx: ApiContext, text: string): Title {
  try {
    return Title.parse(text, ctx.site);
  } catch (error) {
    if (error instanceof TitleError) {
      throw new ApiError("invalidtitle", `Bad title "${text}".`, { invalidreason: error.code });
    }
    throw error;
  }
}

/** Local titles only: interwiki and virtual namespaces cannot be stored. */
export function parseEditableTitle(ctx: ApiContext, text: string): Title {
  const title = parseTitleParam(ctx, text);
  if (title.isExternal || title.ns < 0) {
    throw new ApiError("invalidtitle", `Bad title "${text}".`, { invalidreason: "title-invalid-namespace" });
  }
  return title;
}
