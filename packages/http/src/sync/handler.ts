/**
 * `/api/trpc/...` over the fetch API: the platform handler hands such requests here, and the
 * tRPC fetch adapter runs the sync router's procedures (batched or not).
 */
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Handler } from "../handler.js";
import type { SyncDeps } from "./context.js";
import { createSyncContext, createSyncRouter } from "./router.js";

export const TRPC_ENDPOINT = "/api/trpc";

export function isSyncRequest(request: Request): boolean {
  const path = new URL(request.url).pathname;
  return path === TRPC_ENDPOINT || path.startsWith(`${TRPC_ENDPOINT}/`);
}

export function createSyncHandler(deps: SyncDeps): Handler {
  const router = createSyncRouter();
  return async (request) => {
    const requestId = request.headers.get("x-request-id") ?? crypto.randomUUID();
    const response = await fetchRequestHandler({
      endpoint: TRPC_ENDPOINT,
      req: request,
      router,
      // Pulls name many titles: the client may send queries as POST to stay clear of URL limits.
      allowMethodOverride: true,
      createContext: () => createSyncContext(deps, request),
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") deps.log?.({ level: "error", requestId, msg: "sync procedure failed", path, error: String(error.cause ?? error) });
      },
    });
    // Answers depend on the caller's cookie or bearer: never cached by shared caches.
    const headers = new Headers(response.headers);
    headers.set("x-request-id", requestId);
    headers.set("cache-control", "private, no-store");
    headers.append("vary", "Cookie, Authorization");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
