/**
 * The tRPC client of the sync router. Only the router's type comes from the server package
 * (erased at build time); at run time this is plain fetch with the session cookie included.
 */
import { createTRPCClient, httpLink } from "@trpc/client";
import type { SyncRouter } from "@wikiloom/http/sync";

export type SyncApi = ReturnType<typeof createSyncApi>;

export function createSyncApi(baseUrl: string, fetchImpl: typeof fetch = (input, init) => fetch(input, init)) {
  return createTRPCClient<SyncRouter>({
    links: [
      httpLink({
        url: `${baseUrl.replace(/\/$/, "")}/api/trpc`,
        // Pulls carry the titles the user opened: POST keeps long inputs out of the URL.
        methodOverride: "POST",
        fetch: (input, init) => fetchImpl(input as RequestInfo, { ...(init as RequestInit), credentials: "include" }),
      }),
    ],
  });
}
