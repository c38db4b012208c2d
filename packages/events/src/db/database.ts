/**
 * The events tables live in the wiki store's database (its SQLite file, or its PostgreSQL
 * database). They are migrated with the store's migrator (bookkept in their own table, so the two
 * schemas evolve independently) and used through this package's own Prisma client (one generated
 * per provider, same models) on its own connection.
 */
import { connectPrisma, prepareDatabaseAt, takeWriteLock, type DatabaseLocation } from "@wikiloom/wiki";
import { PrismaClient } from "../generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "../generated/prisma-pg/client";
import { migrations, postgresMigrations } from "../generated/migrations";
import { OperationQueue } from "./queue";

export const EVENTS_MIGRATIONS_TABLE = "_events_migrations";

export type EventsDb = PrismaClient;
export type EventsTx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export interface EventsDatabase {
  readonly db: EventsDb;
  readonly queue: OperationQueue;
  /** Runs `work` in one transaction, alone on the connection. */
  write<T>(work: (tx: EventsTx) => Promise<T>): Promise<T>;
  /** Runs read-only `work` alone on the connection (never inside someone else's transaction). */
  read<T>(work: (db: EventsDb) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The adapter opens transactions with a deferred BEGIN. If such a transaction read first and the
 * store's own connection committed before it wrote, SQLite would refuse the write outright
 * (SQLITE_BUSY_SNAPSHOT, no waiting). A write statement first, even one that changes nothing,
 * takes the write lock up front and waits its turn (busy_timeout) instead. PostgreSQL takes the
 * events' advisory writer lock instead (see takeWriteLock).
 */
const TAKE_SQLITE_WRITE_LOCK = `UPDATE "EventRegistration" SET "id" = "id" WHERE 1 = 0`;

/** Applies pending events migrations to the store's database and connects to it. A string is a SQLite file. */
export async function openEventsDatabase(where: DatabaseLocation | string): Promise<EventsDatabase> {
  const location: DatabaseLocation = typeof where === "string" ? { kind: "sqlite", file: where } : where;
  await prepareDatabaseAt(location, { sqlite: migrations, postgres: postgresMigrations }, EVENTS_MIGRATIONS_TABLE);
  const db = await connectPrisma(location, {
    sqlite: (adapter) => new PrismaClient({ adapter }),
    postgres: (adapter) => new PostgresPrismaClient({ adapter }),
  });
  // In WAL mode NORMAL still never corrupts the file; it only skips the fsync per commit (a
  // power cut may lose the last commits). Registering and cancelling are small, frequent writes.
  if (location.kind === "sqlite") await db.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
  const queue = new OperationQueue();
  return {
    db,
    queue,
    write: (work) =>
      queue.run(() =>
        db.$transaction(
          async (tx) => {
            await takeWriteLock(tx, location, "events", TAKE_SQLITE_WRITE_LOCK);
            return work(tx);
          },
          { timeout: 20_000, maxWait: 20_000 },
        ),
      ),
    read: (work) => queue.run(() => work(db)),
    close: () => queue.run(() => db.$disconnect()),
  };
}
