// The worker's view of other pages, templates and files: the Dexie copy first, the server when
// online (the data layer's createOfflineDataAccess decides and caches what it fetched). One
// access per conversion, all sharing one memory of the copy: rows read for one conversion are
// reused by the next while the copy is unchanged (see data/copy-memory.ts).
import type { DataAccess } from "@wikiloom/wikitext";

type Factory = () => DataAccess;

let factory: Promise<Factory> | null = null;

function accessFactory(baseUrl: string, online: () => boolean): Promise<Factory> {
  factory ??= (async () => {
    // The modules it needs, not the data layer's index: the worker bundle then leaves out the
    // sync client (tRPC) and offline search, which only the UI uses.
    const [{ openClientDb }, { createOfflineDataAccess }, { CopyMemory }] = await Promise.all([
      import("../data/db.js"), import("../data/offline-data-access.js"), import("../data/copy-memory.js"),
    ]);
    const db = openClientDb();
    const memory = new CopyMemory(db);
    // Opening the database and listing the copy's keys overlap with the engine's loading
    // instead of waiting for the first lookup of the first conversion.
    memory.snapshot().catch(() => undefined);
    return () => createOfflineDataAccess(db, { online, baseUrl, memory });
  })().catch((error: unknown) => {
    factory = null;
    throw error;
  });
  return factory;
}

/** A data access for one conversion. */
export async function workerDataAccess(baseUrl: string, online: () => boolean): Promise<DataAccess> {
  return (await accessFactory(baseUrl, online))();
}
