/**
 * The events tables live in the wiki store's database file. They are migrated with the store's
 * migrator (bookkept in their own table, so the two schemas evolve independently) and used
 * through this package's own Prisma client on its own connection.
 */
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { CONNECTION_PRAGMAS, prepareDatabase } from "@wikiloom/wiki";
import { PrismaClient } from "../generated/prisma/client";
import { migrations } from "../generated/migrations";
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
 * takes the write lock up front and waits its turn (busy_timeout) instead. No-op elsewhere.
 */
const TAKE_WRITE_LOCK = `UPDATE "EventRegistration" SET "id" = "id" WHERE 1 = 0`;

/** Applies pending events migrations to `file` and connects to it. */
export async function openEventsDatabase(file: string): Promise<EventsDatabase> {
  prepareDatabase(file, migrations, EVENTS_MIGRATIONS_TABLE);
  const db = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: `file:${file}`, timeout: 10_000 }) });
  await db.$connect();
  for (const pragma of CONNECTION_PRAGMAS) await db.$executeRawUnsafe(pragma);
  // In WAL mode NORMAL still never corrupts the file; it only skips the fsync per commit (a
  // power cut may lose the last commits). Registering and cancelling are small, frequent writes.
  await db.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
  const queue = new OperationQueue();
  return {
    db,
    queue,
    write: (work) =>
      queue.run(() =>
        db.$transaction(
          async (tx) => {
            await tx.$executeRawUnsafe(TAKE_WRITE_LOCK);
            return work(tx);
          },
          { timeout: 20_000, maxWait: 20_000 },
        ),
      ),
    read: (work) => queue.run(() => work(db)),
    close: () => queue.run(() => db.$disconnect()),
  };
}
