/**
 * The tRPC side of the sync router: its context (who calls, on which wiki) and procedure
 * builder. Authentication is the platform's own (session cookie or OAuth bearer).
 */
import { initTRPC, TRPCError } from "@trpc/server";
import type { Wiki } from "@wikiloom/wiki";
import type { SiteConfig } from "@wikiloom/wikitext";
import { authenticate, type AuthState } from "../auth.js";
import type { HandlerDeps } from "../deps.js";
import { resolveWikiForHost } from "../wiki-resolution.js";

export interface SyncDeps extends HandlerDeps {}

export interface SyncContext {
  deps: SyncDeps;
  request: Request;
  auth: AuthState;
}

export async function createSyncContext(deps: SyncDeps, request: Request): Promise<SyncContext> {
  return { deps, request, auth: await authenticate(request, deps.store) };
}

export const t = initTRPC.context<SyncContext>().create();

/** Credentials that did not check out are refused rather than silently treated as anonymous. */
export const procedure = t.procedure.use(({ ctx, next }) => {
  if (ctx.auth.invalidCredentials === "oauth") throw new TRPCError({ code: "UNAUTHORIZED", message: "The OAuth access token is not valid or has expired." });
  return next();
});

/** The wiki a call is about: the named domain, else the request host's wiki. */
export async function wikiOf(ctx: SyncContext, domain: string | undefined): Promise<{ wiki: Wiki; site: SiteConfig }> {
  if (domain === undefined) return resolveWikiForHost(ctx.deps.store, ctx.request);
  const wiki = await ctx.deps.store.wikis.byDomain(domain.toLowerCase());
  if (!wiki) throw new TRPCError({ code: "NOT_FOUND", message: `No wiki is hosted here under "${domain}".` });
  return { wiki, site: await ctx.deps.store.wikis.siteConfig(wiki) };
}
