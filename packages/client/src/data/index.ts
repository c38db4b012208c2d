// The PWA's data layer: the Dexie database, the tRPC sync client, the worker's data access and
// offline search. Isomorphic: no Node API, runs in a window and in a worker.
export { openClientDb, readMeta, writeMeta, type ClientDb } from "./db.js";
export type * from "./records.js";
export { createSyncClient, SEARCH_DOCS_VERSION, type SyncClient, type SyncClientOptions, type PullReport, type PushReport, type ConflictChoice } from "./sync-client.js";
export { createSyncApi, type SyncApi } from "./trpc.js";
export { createOfflineDataAccess, type OfflineDataAccessOptions } from "./offline-data-access.js";
export { searchOffline, SearchError, type OfflineSearchParams } from "./offline-search.js";
