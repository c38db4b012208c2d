/**
 * `action=query&meta=WikiSearch`: runs the search configured on page `pageid`. Structured
 * parameters (`filter`, `aggregations`, `sortings` or `sorting`) are JSON text.
 */
import type { ApiContext } from "../action/context.js";
import { ApiError } from "../errors.js";
import { asApiErrors, searchOf } from "./service.js";

/** Elasticsearch's default result window: from + limit beyond it is refused by the backend too. */
const MAX_WINDOW = 10_000;

export async function wikiSearchMeta(ctx: ApiContext): Promise<Record<string, unknown>> {
  const pageId = ctx.params.int("pageid", { min: 1 });
  if (pageId === undefined) throw new ApiError("missingparam", 'The "pageid" parameter must be set.');
  const from = ctx.params.int("from", { min: 0, default: 0 })!;
  const limit = ctx.params.int("limit", { min: 0, default: 10 })!;
  if (from + limit > MAX_WINDOW) {
    throw new ApiError("wikisearch-invalid-window", `"from" + "limit" must not exceed ${MAX_WINDOW}.`);
  }
  const sortings = ctx.params.string("sortings");
  const sorting = ctx.params.string("sorting");
  if (sortings !== undefined && sorting !== undefined) {
    throw new ApiError("invalidparammix", 'The parameters "sortings" and "sorting" can not be used together.');
  }
  const search = await searchOf(ctx);
  const ref = await search.ref(ctx.wiki);
  const answer = await asApiErrors(() =>
    search.search.search(ref, {
      pageId, from, limit,
      term: ctx.params.string("term") ?? "",
      filter: ctx.params.string("filter"),
      aggregations: ctx.params.string("aggregations"),
      sortings: sortings ?? sorting,
    }),
  );
  return answer.query ? { result: answer.result, query: answer.query } : { result: answer.result };
}
