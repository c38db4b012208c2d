// The PWA's sync router (tRPC): server side. The client imports only types from here.
export { createSyncRouter, createSyncContext, type SyncRouter, type PullAnswer } from "./router.js";
export { createSyncHandler, isSyncRequest, TRPC_ENDPOINT } from "./handler.js";
export type { SyncContext, SyncDeps } from "./context.js";
export type { CollectionAnswer } from "./cursor.js";
export type { PageItem, TemplateItem } from "./pull-pages.js";
export type { RegistrationItem } from "./pull-events.js";
export type { SearchDocItem, SearchConfigItem, SearchDocsAnswer } from "./pull-search.js";
export { COLLECTIONS, type Collection, type PullInput, type PushInput, type WriteInput, type WriteAnswer } from "./schema.js";
export type { RegistrationDetails as EventItem } from "@wikiloom/events";
