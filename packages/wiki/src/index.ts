// Public surface of the wiki store (packages/wiki). The HTTP layer codes against these names.
export { openStore, type StoreOptions, type WikiStore } from "./store";
export { StoreError } from "./errors";
export type { Wiki, User, Revision, PageRecord, ActiveBlock, SavedEvent, DeletedEvent } from "./types";
export type { DeleteInput, DeleteResult } from "./services/deletion";
export type { EventListener } from "./services/listeners";
export type { SaveInput, SaveResult, Listener } from "./services/pages";
export type { SessionInfo } from "./services/sessions";
export type { NewWiki } from "./services/wikis";
export { TOKEN_TYPES, TOKEN_SUFFIX, ANONYMOUS_CSRF, type TokenType } from "./services/tokens";
export { OAUTH_TOKEN_PREFIX } from "./services/oauth";
export { GROUP_RIGHTS, IMPLICIT_GROUPS, ASSIGNABLE_GROUPS, effectiveGroups, rightsOf, userCan } from "./auth/permissions";
export { hashPassword, verifyPassword, parsePasswordHash } from "./auth/password";
export { normalizeUserName, validUserName, checkPasswordPolicy, MIN_PASSWORD_LENGTH } from "./auth/user-names";
export { normalizeText, sha1Hex } from "./services/content";
export { DEMO_WIKI, ADMIN_NAME, ADMIN_GROUPS } from "./seed/seed";
export { ADMIN_PASSWORD_FILE } from "./seed/admin-password";
export { NS_EVENT, NS_PROPERTY } from "./site/namespaces";
// Other domains with tables in the same database file reuse the migrator and connection settings.
export { prepareDatabase, CONNECTION_PRAGMAS, DEFAULT_MIGRATIONS_TABLE, type MigrationReport } from "./db/sqlite";
export { prepareDatabaseAt, connectPrisma, takeWriteLock, type PrismaClients } from "./db/connection";
export { isPostgresUrl, describeLocation, type DatabaseLocation, type DatabaseKind } from "./db/location";
export { resolvePaths, type ResolvedPaths } from "./paths";
export type { EmbeddedMigration } from "./generated/migrations";
