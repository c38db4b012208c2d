// The worker's view of other pages, templates and files: the Dexie copy first, the server when
// online (the data layer's createOfflineDataAccess decides and caches what it fetched).
import type { DataAccess } from "@wikiloom/wikitext";

let access: Promise<DataAccess> | null = null;

export function workerDataAccess(baseUrl: string, online: () => boolean): Promise<DataAccess> {
  access ??= (async () => {
    // The two modules it needs, not the data layer's index: the worker bundle then leaves out
    // the sync client (tRPC) and offline search, which only the UI uses.
    const [{ openClientDb }, { createOfflineDataAccess }] = await Promise.all([import("../data/db.js"), import("../data/offline-data-access.js")]);
    return createOfflineDataAccess(openClientDb(), { online, baseUrl });
  })().catch((error: unknown) => {
    access = null;
    throw error;
  });
  return access;
}
