// The UI's access to the data layer: one Dexie database and one sync client per page load.
import { createSyncClient, openClientDb, type ClientDb, type PageRow } from "../data/index.js";

let db: ClientDb | null = null;
let sync: ReturnType<typeof createSyncClient> | null = null;

export function clientDb(): ClientDb {
  db ??= openClientDb();
  return db;
}

export function syncClient(): ReturnType<typeof createSyncClient> {
  sync ??= createSyncClient({ db: clientDb(), baseUrl: location.origin });
  return sync;
}

/** Keeps a page the user opened, so it can be read and edited offline. */
export async function rememberPage(page: Omit<PageRow, "openedAt">): Promise<void> {
  await clientDb().pages.put({ ...page, openedAt: Date.now() });
}

export async function localPage(title: string): Promise<PageRow | undefined> {
  return clientDb().pages.get(title);
}
