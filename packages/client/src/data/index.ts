// The PWA's data layer: the Dexie database, the tRPC sync client, the worker's data access and
// offline search. Isomorphic: no Node API, runs in a window and in a worker.
export { openClientDb, readMeta, writeMeta, type ClientDb } from "./db.js";
export type * from "./records.js";
