// The worker's view of other pages, templates and files: the Dexie copy first, the server when
// online (the data layer's createOfflineDataAccess decides and caches what it fetched).
import type { DataAccess } from "@wikiloom/wikitext";

let access: Promise<DataAccess> | null = null;

export function workerDataAccess(baseUrl: string, online: () => boolean): Promise<DataAccess> {
  access ??= (async () => {
    const data = await import("../data/index.js");
    return data.createOfflineDataAccess(data.openClientDb(), { online, baseUrl });
  })().catch((error: unknown) => {
    access = null;
    throw error;
  });
  return access;
}
