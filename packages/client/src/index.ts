// The PWA package. The data layer (Dexie database, sync, offline data access and search):
export * from "./data/index.js";
