/**
 * `action=query&meta=WikiSearchHighlight`: the distinct words the search backend highlights on
 * one page for a query (`query`, `properties`, `page_id`, `limit`, `size`, `highlighter_type`).
 */
import type { ApiContext } from "../action/context.js";
import { ApiError } from "../errors.js";
import { asApiErrors, searchOf } from "./service.js";

const MAX_FRAGMENTS = 500;
const HIGHLIGHTERS = ["unified", "plain", "fvh"] as const;

export async function wikiSearchHighlightMeta(ctx: ApiContext): Promise<Record<string, unknown>> {
  const query = ctx.params.required("query");
  const properties = ctx.params.required("properties").split(",").map((p) => p.trim()).filter((p) => p !== "");
  if (properties.length === 0) throw new ApiError("missingparam", 'The "properties" parameter must be set.');
  const pageId = ctx.params.int("page_id", { min: 1 });
  if (pageId === undefined) throw new ApiError("missingparam", 'The "page_id" parameter must be set.');
  const limit = ctx.params.int("limit", { min: 1, max: MAX_FRAGMENTS });
  if (limit === undefined) throw new ApiError("missingparam", 'The "limit" parameter must be set.');
  const size = ctx.params.int("size", { min: 1 });
  const highlighterType = ctx.params.enumValue("highlighter_type", HIGHLIGHTERS);
  const search = await searchOf(ctx);
  const ref = await search.ref(ctx.wiki);
  return asApiErrors(() => search.search.highlight(ref, { query, properties, pageId, limit, size, highlighterType }));
}
