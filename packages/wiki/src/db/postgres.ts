/**
 * PostgreSQL: the driver adapter and the in-process migrator, the counterparts of sqlite.ts.
 *
 * Migrations are the committed scripts of prisma/postgres/migrations (derived from the same
 * models as the SQLite ones), bookkept in a table with Prisma's layout so `prisma migrate status`
 * agrees. Several web nodes may start at once against one database: a session-level advisory
 * lock makes them migrate one after the other, and each migration commits together with its
 * bookkeeping row.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { randomUUID } from "node:crypto";
import type { EmbeddedMigration } from "../generated/migrations";
import type { MigrationReport } from "./sqlite";

/** The part of node-postgres' Pool this module uses (`pg` ships no type declarations here). */
interface QueryPool {
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HEX = /^[0-9a-f]+$/;
const MIGRATION_NAME = /^[A-Za-z0-9_]+$/;

/**
 * A Prisma driver adapter factory for `url`; `max` bounds its connection pool. Idle connections
 * never keep the process alive (as an open SQLite file does not): a process with nothing else
 * left to do exits without waiting for the pool to be closed.
 */
export function postgresAdapter(url: string, options: { max?: number } = {}): PrismaPg {
  return new PrismaPg({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: 5_000, allowExitOnIdle: true });
}

const bookkeeping = (table: string) => `CREATE TABLE IF NOT EXISTS "${table}" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** SQL string literal of a value already restricted to safe characters. */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Applies the migrations not yet recorded in `table`. Like the SQLite migrator, a recorded
 * migration whose checksum differs from the committed script is an error, never re-run.
 */
export async function preparePostgres(url: string, migrations: readonly EmbeddedMigration[], table: string): Promise<MigrationReport> {
  if (!IDENTIFIER.test(table)) throw new Error(`invalid migrations table name: ${table}`);
  // One connection: the advisory lock belongs to the session that takes it.
  const factory = postgresAdapter(url, { max: 1 });
  const adapter = await factory.connect();
  const pool = adapter.underlyingDriver() as unknown as QueryPool;
  const lockKey = `hashtext(${literal(`wikiloom-migrations:${table}`)})`;
  try {
    await pool.query(`SELECT pg_advisory_lock(${lockKey})`);
    try {
      await pool.query(bookkeeping(table));
      const { rows } = await pool.query(
        `SELECT "migration_name" AS name, "checksum" FROM "${table}" WHERE "rolled_back_at" IS NULL AND "finished_at" IS NOT NULL`,
      );
      const applied = new Map(rows.map((row) => [String(row.name), String(row.checksum)]));
      const report: MigrationReport = { applied: [] };
      for (const migration of migrations) {
        const checksum = applied.get(migration.name);
        if (checksum !== undefined) {
          if (checksum !== migration.checksum) throw new Error(`migration ${migration.name} was modified after it was applied to this database`);
          continue;
        }
        if (!MIGRATION_NAME.test(migration.name) || !HEX.test(migration.checksum)) throw new Error(`invalid embedded migration ${migration.name}`);
        const record = `INSERT INTO "${table}" ("id", "checksum", "finished_at", "migration_name", "started_at", "applied_steps_count")
          VALUES (${literal(randomUUID())}, ${literal(migration.checksum)}, now(), ${literal(migration.name)}, now(), 1)`;
        // PostgreSQL's DDL is transactional: the script and its record commit or roll back together.
        try {
          await pool.query(`BEGIN;\n${migration.sql}\n;${record};\nCOMMIT;`);
        } catch (error) {
          await pool.query("ROLLBACK").catch(() => undefined);
          throw error;
        }
        report.applied.push(migration.name);
      }
      return report;
    } finally {
      await pool.query(`SELECT pg_advisory_unlock(${lockKey})`).catch(() => undefined);
    }
  } finally {
    await adapter.dispose();
  }
}

/**
 * The first statement of every write transaction on PostgreSQL. SQLite lets one writer in at a
 * time, and the services' checks-then-writes (edit conflicts, at most 10 organizers...) rely on
 * it; a transaction-scoped advisory lock gives PostgreSQL the same rule, across web nodes too.
 */
export function writeLockStatement(scope: string): string {
  return `SELECT pg_advisory_xact_lock(hashtext(${literal(`wikiloom-writes:${scope}`)}))`;
}
