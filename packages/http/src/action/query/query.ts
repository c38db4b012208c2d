import type { ApiContext, ApiModule } from "../context.js";
import { allPagesList } from "./allpages.js";
import { infoProp } from "./info.js";
import { buildPageSet, pagesOutput, type PageSet } from "./pageset.js";
import { revisionsProp } from "./revisions.js";
import { siteInfoMeta } from "./siteinfo.js";
import { tokensMeta } from "./tokens.js";
import { userInfoMeta } from "./userinfo.js";

type MetaModule = (ctx: ApiContext) => Promise<Record<string, unknown>>;
type PropModule = (ctx: ApiContext, set: PageSet) => Promise<void>;
type ListModule = (ctx: ApiContext) => Promise<{ result: unknown; continueParams?: Record<string, string> }>;

/**
 * Registries of query submodules. Other packages add theirs (e.g. meta=WikiSearch) through
 * registerQueryMeta so that the query module itself stays closed.
 */
const META: Record<string, MetaModule> = { siteinfo: siteInfoMeta, tokens: tokensMeta, userinfo: userInfoMeta };
/** Meta modules whose keys go at the top of the answer rather than under `query` (WikiSearch's `result`). */
const TOP_LEVEL_META = new Set<string>();
const PROP: Record<string, PropModule> = { revisions: revisionsProp, info: infoProp };
const LIST: Record<string, ListModule> = { allpages: allPagesList };

export function registerQueryMeta(name: string, module: MetaModule, options: { topLevel?: boolean } = {}): void {
  META[name] = module;
  if (options.topLevel) TOP_LEVEL_META.add(name);
  else TOP_LEVEL_META.delete(name);
}

function requestedModules<T>(ctx: ApiContext, param: string, registry: Record<string, T>): [string, T][] {
  const { values, unknown } = ctx.params.enumList(param, Object.keys(registry));
  if (unknown.length > 0) ctx.warn("query", `Unrecognized values for parameter "${param}": ${unknown.join(", ")}.`);
  return values.map((name) => [name, registry[name]!]);
}

/** action=query: page set + prop modules, list modules and meta modules in one answer. */
export const queryModule: ApiModule = async (ctx) => {
  const query: Record<string, unknown> = {};
  const continuation: Record<string, string> = {};
  const props = requestedModules(ctx, "prop", PROP);
  const lists = requestedModules(ctx, "list", LIST);
  const metas = requestedModules(ctx, "meta", META);
  ctx.params.bool("redirects");
  ctx.params.bool("indexpageids");
  ctx.params.bool("rawcontinue");
  ctx.params.string("continue");

  const set = await buildPageSet(ctx);
  if (set) {
    for (const [, module] of props) await module(ctx, set);
    if (set.normalized.length > 0) query.normalized = set.normalized.map(({ from, to }) => ({ fromencoded: false, from, to }));
    if (set.badRevids.length > 0) {
      query.badrevids = Object.fromEntries(set.badRevids.map((revid) => [String(revid), { revid, missing: true }]));
    }
    query.pages = pagesOutput(set, ctx.formatVersion);
  }
  for (const [name, module] of lists) {
    const { result, continueParams } = await module(ctx);
    query[name] = result;
    if (continueParams) Object.assign(continuation, continueParams);
  }
  const topLevel: Record<string, unknown> = {};
  for (const [name, module] of metas) Object.assign(TOP_LEVEL_META.has(name) ? topLevel : query, await module(ctx));

  const out: Record<string, unknown> = {};
  if (Object.keys(continuation).length > 0) out.continue = { ...continuation, continue: "-||" };
  else out.batchcomplete = true;
  if (Object.keys(query).length > 0) out.query = query;
  return Object.assign(out, topLevel);
};
