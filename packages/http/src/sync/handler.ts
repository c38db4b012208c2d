/**
 * `/api/trpc/...` over the fetch API: the platform handler hands such requests here, and the
 * tRPC fetch adapter runs the sync router's procedures (batched or not).
 */
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { RestError } from "../errors.js";
import type { Handler } from "../handler.js";
import { DEFAULT_MAX_BODY_BYTES, readLimitedBytes } from "../request-body.js";
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
    // The tRPC adapter reads whatever body it is given: hold it to the platform's body limit
    // first. Too large a body is refused through tRPC itself, so the answer keeps tRPC's shape.
    const { bounded, tooLarge } = await boundBody(request, deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    const response = await fetchRequestHandler({
      endpoint: TRPC_ENDPOINT,
      req: bounded,
      router,
      // Pulls name many titles: the client may send queries as POST to stay clear of URL limits.
      allowMethodOverride: true,
      createContext: () => {
        if (tooLarge) throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: tooLarge.message });
        return createSyncContext(deps, request);
      },
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

/** The request with its body read within `maxBytes`; past it, an empty body and the reason. */
async function boundBody(request: Request, maxBytes: number): Promise<{ bounded: Request; tooLarge: RestError | null }> {
  if (!request.body) return { bounded: request, tooLarge: null };
  try {
    const bytes = await readLimitedBytes(request, maxBytes);
    return { bounded: new Request(request, { body: bytes as Uint8Array<ArrayBuffer> }), tooLarge: null };
  } catch (error) {
    if (!(error instanceof RestError) || error.status !== 413) throw error;
    return { bounded: new Request(request, { body: "{}" }), tooLarge: error };
  }
}
