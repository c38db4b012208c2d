/** Opening a store: folder, database (SQLite file in WAL mode, or PostgreSQL), migrations, first-start seed, services. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { DataAccess, SiteConfig, SiteInfo, Title } from "@wikiloom/wikitext";
import { connect } from "./db/client";
import { retryBusy } from "./db/retry";
import { SerialQueue } from "./db/serial";
import { prepareDatabaseAt, takeWriteLock } from "./db/connection";
import { describeLocation, type DatabaseLocation } from "./db/location";
import { migrations, postgresMigrations } from "./generated/migrations";
import { resolvePaths } from "./paths";
import { seed } from "./seed/seed";
import { blocksService } from "./services/blocks";
import type { StoreContext } from "./services/context";
import { storeDataAccess } from "./services/data-access";
import { deletionService, type DeleteInput, type DeleteResult } from "./services/deletion";
import type { EventListener } from "./services/listeners";
import { oauthService } from "./services/oauth";
import { pagesService, type Listener, type SaveInput, type SaveResult } from "./services/pages";
import { sessionsService, type SessionInfo } from "./services/sessions";
import { tokensService, type TokenType } from "./services/tokens";
import { usersService } from "./services/users";
import { wikisService, type NewWiki } from "./services/wikis";
import type { ActiveBlock, DeletedEvent, PageRecord, Revision, User, Wiki } from "./types";

type DeletedListener = EventListener<DeletedEvent>;

export interface StoreOptions {
  /** Folder for the database and the admin password file; default DATA_DIR or <repo root>/.data. */
  dataDir?: string;
  /** SQLite file; default <dataDir>/wikiloom.db (DATABASE_URL "file:..." when no dataDir is given). */
  databaseFile?: string;
  /** Seed an empty database with the demo wiki and the Admin account; default true. */
  seed?: boolean;
  /** Where start-up messages go (the generated admin password among them); default: nowhere. */
  log?: (line: string) => void;
  /** Lifetime of cookie sessions; default 30 days. */
  sessionTtlMs?: number;
  /** Clock, for tests. */
  now?: () => Date;
}

export interface WikiStore {
  /** The SQLite file (where it would be when `database` is PostgreSQL). */
  readonly databaseFile: string;
  /** Where the data lives: the SQLite file, or the PostgreSQL database of DATABASE_URL. */
  readonly database: DatabaseLocation;
  readonly dataDir: string;
  close(): Promise<void>;
  wikis: {
    byDomain(domain: string): Promise<Wiki | null>;
    byPrefix(prefix: string): Promise<Wiki | null>;
    list(): Promise<Wiki[]>;
    create(input: NewWiki): Promise<Wiki>;
    siteInfo(wiki: Wiki, opts?: { server?: string }): Promise<SiteInfo>;
    siteConfig(wiki: Wiki): Promise<SiteConfig>;
  };
  pages: {
    get(wiki: Wiki, title: Title): Promise<PageRecord | null>;
    byId(wiki: Wiki, pageId: number): Promise<PageRecord | null>;
    revision(wiki: Wiki, revId: number): Promise<Revision | null>;
    latest(wiki: Wiki, title: Title): Promise<Revision | null>;
    history(wiki: Wiki, title: Title, opts?: { limit?: number; startId?: number; dir?: "older" | "newer" }): Promise<Revision[]>;
    list(wiki: Wiki, opts?: { namespace?: number; from?: string; limit?: number }): Promise<PageRecord[]>;
    save(input: SaveInput): Promise<SaveResult>;
    onSaved(listener: Listener): () => void;
    /** Deletes a page, archiving its revisions (MediaWiki's action=delete). */
    delete(input: DeleteInput): Promise<DeleteResult>;
    /** Calls `listener` after every committed deletion. Returns an unsubscribe function. */
    onDeleted(listener: DeletedListener): () => void;
    /** Deletion-log entries of a wiki after a log id, oldest first (for clients keeping copies). */
    deletionsSince(wiki: Wiki, afterId: number, limit?: number): Promise<{ logId: number; pageId: number; title: string }[]>;
    /** Id of the wiki's latest deletion-log entry (0: none). */
    lastDeletionId(wiki: Wiki): Promise<number>;
    /** Number of revisions archived by a deletion. */
    archivedCount(logId: number): Promise<number>;
  };
  users: {
    create(name: string, password: string, opts?: { groups?: string[] }): Promise<User>;
    byName(name: string): Promise<User | null>;
    byId(id: number): Promise<User | null>;
    verifyPassword(name: string, password: string): Promise<User | null>;
    setPassword(target: User, password: string): Promise<void>;
    editCount(user: User): Promise<number>;
    setGroups(target: User, add: string[], remove: string[], by: User): Promise<User>;
  };
  blocks: {
    block(target: User, by: User, opts: { reason?: string; expiry?: Date | null; hideName?: boolean }): Promise<{ id: number; expiry: Date | null }>;
    unblock(target: User, by: User): Promise<void>;
    active(user: User): Promise<ActiveBlock | null>;
  };
  sessions: {
    create(user: User, opts?: { expires?: Date }): Promise<{ id: string; expires: Date }>;
    createAnonymous(opts?: { expires?: Date }): Promise<{ id: string; expires: Date }>;
    get(id: string): Promise<{ user: User; sessionId: string } | null>;
    lookup(id: string): Promise<SessionInfo | null>;
    destroy(id: string): Promise<void>;
    destroyAll(user: User): Promise<void>;
    purgeExpired(): Promise<number>;
  };
  tokens: {
    anonymousCsrf: "+\\";
    csrf(sessionId: string): Promise<string>;
    verifyCsrf(sessionId: string, token: string): Promise<boolean>;
    token(sessionId: string, type: TokenType): Promise<string>;
    verify(sessionId: string, type: TokenType, token: string): Promise<boolean>;
  };
  oauth: {
    create(user: User, opts?: { name?: string; expires?: Date }): Promise<{ id: number; token: string }>;
    verify(token: string): Promise<User | null>;
    revoke(user: User, id: number): Promise<void>;
    list(user: User): Promise<{ id: number; name: string; created: Date; expires: Date | null; lastUsed: Date | null }[]>;
  };
  dataAccess(wiki: Wiki): DataAccess;
}

const DEFAULT_SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * Opens the store: creates the data folder, opens (or creates) the SQLite file in WAL mode,
 * applies pending migrations and, unless `seed: false`, seeds an empty database. Idempotent:
 * opening an up-to-date, seeded database changes nothing.
 */
export async function openStore(options: StoreOptions = {}): Promise<WikiStore> {
  const { dataDir, databaseFile, database } = resolvePaths(options);
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(path.dirname(databaseFile), { recursive: true });
  const log = options.log ?? (() => {});
  const report = await prepareDatabaseAt(database, { sqlite: migrations, postgres: postgresMigrations });
  for (const name of report.applied) log(`wiki: applied migration ${name}`);

  if (report.applied.length > 0) log(`wiki: database ${describeLocation(database)}`);
  const db = await connect(database);
  const queue = new SerialQueue();
  const ctx: StoreContext = {
    db,
    queue,
    log,
    sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    now: options.now ?? (() => new Date()),
    transaction: (fn, opts) =>
      queue.run(() =>
        retryBusy(() =>
          db.$transaction(
            async (tx) => {
              await takeWriteLock(tx, database, "store");
              return fn(tx);
            },
            { timeout: opts?.timeout ?? 15_000, maxWait: 15_000 },
          ),
        ),
      ),
  };
  try {
    const wikis = wikisService(ctx);
    const store: WikiStore = {
      databaseFile,
      database,
      dataDir,
      close: () => ctx.queue.run(() => db.$disconnect()),
      wikis,
      pages: { ...pagesService(ctx, wikis.siteConfig), ...deletionService(ctx, wikis.siteConfig) },
      users: usersService(ctx),
      blocks: blocksService(ctx),
      sessions: sessionsService(ctx),
      tokens: tokensService(ctx),
      oauth: oauthService(ctx),
      dataAccess: (wiki) => storeDataAccess(ctx, wiki, wikis.siteConfig),
    };
    if (options.seed ?? true) await seed(ctx, dataDir);
    return store;
  } catch (error) {
    await db.$disconnect();
    throw error;
  }
}
