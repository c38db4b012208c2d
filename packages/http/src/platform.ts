import type { HandlerDeps } from "./deps.js";
import { createHandler, type Handler } from "./handler.js";
import { registerConversionRoutes, DEFAULT_CONVERSION_LIMITS, type ConversionLimits } from "./conversion/routes.js";
import type { RemoteWikis } from "./conversion/remote-wiki.js";
import { registerConversionV1Routes } from "./conversion/v1.js";
import { registerEventRoutes } from "./events/index.js";
import { enableSearch } from "./search/index.js";
import { createSyncHandler, isSyncRequest } from "./sync/handler.js";

export interface PlatformOptions {
  conversionLimits?: ConversionLimits;
  remoteWikis?: RemoteWikis;
  /** The search API (meta=WikiSearch) and indexing on save; on unless turned off. */
  search?: boolean;
}

/**
 * The whole platform's handler: every documented route, registered in one place. The deprecated
 * v1 conversion routes are catch-alls (`/{prefix}/{page}`), so the router only tries them for
 * paths no other route knows.
 */
export function createPlatformHandler(deps: HandlerDeps, options: PlatformOptions = {}): Handler {
  const limits = options.conversionLimits ?? DEFAULT_CONVERSION_LIMITS;
  if (options.search ?? true) enableSearch(deps.store, (line) => deps.log?.({ level: "info", msg: line }));
  const handler = createHandler(deps, [
    (router) => registerConversionRoutes(router, deps, { limits, remoteWikis: options.remoteWikis }),
    (router) => registerEventRoutes(router, deps),
    (router) => registerConversionV1Routes(router, deps, limits),
  ]);
  // The PWA's tRPC sync router answers /api/trpc/...; everything else goes to the routes above.
  const sync = createSyncHandler(deps);
  return (request) => (isSyncRequest(request) ? sync(request) : handler(request));
}
