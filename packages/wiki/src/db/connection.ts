/**
 * Opening a Prisma client on a database location, for the store and for the other domains with
 * tables in the same database (events). Each domain has one generated client per provider (same
 * models, see scripts/prisma-codegen.mjs); the caller hands both constructors in and gets back a
 * client typed as the SQLite one, which is the same API at run time.
 */
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { EmbeddedMigration } from "../generated/migrations";
import type { DatabaseLocation } from "./location";
import { postgresAdapter, preparePostgres, writeLockStatement } from "./postgres";
import { CONNECTION_PRAGMAS, DEFAULT_MIGRATIONS_TABLE, prepareDatabase, type MigrationReport } from "./sqlite";

/** Anything with Prisma's raw-statement method (a client or a transaction client). */
interface RawExecutor {
  $executeRawUnsafe(sql: string): Promise<number>;
}

export interface PrismaClients<Client> {
  sqlite: (adapter: SqlDriverAdapterFactory) => Client;
  postgres: (adapter: SqlDriverAdapterFactory) => unknown;
}

/** Applies a schema's pending migrations (`sqlite` or `postgres` set, by the location's kind). */
export async function prepareDatabaseAt(
  location: DatabaseLocation,
  migrations: { sqlite: readonly EmbeddedMigration[]; postgres: readonly EmbeddedMigration[] },
  table: string = DEFAULT_MIGRATIONS_TABLE,
): Promise<MigrationReport> {
  return location.kind === "sqlite" ? prepareDatabase(location.file, migrations.sqlite, table) : preparePostgres(location.url, migrations.postgres, table);
}

/** Connects a client to the location and applies the per-connection settings SQLite needs. */
export async function connectPrisma<Client extends RawExecutor & { $connect(): Promise<void> }>(
  location: DatabaseLocation,
  clients: PrismaClients<Client>,
): Promise<Client> {
  if (location.kind === "postgres") {
    // Same models, same generated API: only the provider-specific query compiler differs.
    const client = clients.postgres(postgresAdapter(location.url)) as Client;
    await client.$connect();
    return client;
  }
  const client = clients.sqlite(new PrismaBetterSQLite3({ url: `file:${location.file}`, timeout: 10_000 }));
  await client.$connect();
  for (const pragma of CONNECTION_PRAGMAS) await client.$executeRawUnsafe(pragma);
  return client;
}

/**
 * Makes a write transaction take its database's writer lock before it reads, so that its
 * checks and its writes see no concurrent writer (see writeLockStatement). `sqliteStatement`
 * does the same on SQLite when the connection's BEGIN is deferred; null: nothing to do.
 */
export async function takeWriteLock(tx: RawExecutor, location: DatabaseLocation, scope: string, sqliteStatement: string | null = null): Promise<void> {
  if (location.kind === "postgres") await tx.$executeRawUnsafe(writeLockStatement(scope));
  else if (sqliteStatement) await tx.$executeRawUnsafe(sqliteStatement);
}
