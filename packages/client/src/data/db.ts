/**
 * The client's IndexedDB database (Dexie): what the PWA keeps for offline use. Runs the same in
 * a window and in a worker (Dexie only needs `indexedDB`), and in Node tests over
 * fake-indexeddb.
 */
import { Dexie, type EntityTable } from "dexie";
import { copyStampMiddleware } from "./copy-stamp.js";
import type {
  EventRow, ExistenceRow, MetaRow, PageRow, QueueRow, RegistrationRow, SearchConfigRow, SearchDocRow, TemplateRow,
} from "./records.js";

export type ClientDb = Dexie & {
  pages: EntityTable<PageRow, "title">;
  templates: EntityTable<TemplateRow, "title">;
  existence: EntityTable<ExistenceRow, "title">;
  events: EntityTable<EventRow, "id">;
  registrations: EntityTable<RegistrationRow, "eventId">;
  searchDocs: EntityTable<SearchDocRow, "docId">;
  searchConfigs: EntityTable<SearchConfigRow, "title">;
  queue: EntityTable<QueueRow, "seq">;
  meta: EntityTable<MetaRow, "key">;
};

/** Schema version 1. A later change adds `db.version(2).stores({...})` next to it, never edits it. */
const SCHEMA_V1 = {
  pages: "&title, openedAt",
  templates: "&title",
  existence: "&title",
  events: "&id",
  registrations: "&eventId",
  searchDocs: "&docId",
  searchConfigs: "&title, pageId",
  queue: "++seq, &id, status",
  meta: "&key",
};

/** Opens (creating or upgrading) the client database. */
export function openClientDb(name = "wikiloom"): ClientDb {
  const db = new Dexie(name) as ClientDb;
  db.version(1).stores(SCHEMA_V1);
  // Stamps every write of what conversions read, so the worker can keep rows in memory safely.
  db.use(copyStampMiddleware);
  return db;
}

export async function readMeta<T>(db: ClientDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function writeMeta(db: ClientDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}
