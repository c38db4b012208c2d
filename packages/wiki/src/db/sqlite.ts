/**
 * The package's only raw SQL. Everything else goes through Prisma's models, so moving to
 * PostgreSQL means replacing this module (and the migration scripts), nothing more.
 *
 * Migrations are applied here, in-process, instead of spawning the Prisma CLI: tests open many
 * fresh databases and the CLI takes seconds per run. The bookkeeping table has the layout Prisma
 * uses, so `prisma migrate deploy/dev/status` agree with what was applied here.
 */
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import type { EmbeddedMigration } from "../generated/migrations";

/** Prisma's bookkeeping table; other schemas sharing the file keep their history in a table of their own. */
export const DEFAULT_MIGRATIONS_TABLE = "_prisma_migrations";

const migrationsTable = (table: string) => `CREATE TABLE IF NOT EXISTS "${table}" (
  "id" TEXT PRIMARY KEY NOT NULL,
  "checksum" TEXT NOT NULL,
  "finished_at" DATETIME,
  "migration_name" TEXT NOT NULL,
  "logs" TEXT,
  "rolled_back_at" DATETIME,
  "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
  "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

export interface MigrationReport {
  applied: string[];
}

/**
 * Opens (creating if needed) the SQLite file, switches it to WAL and applies the migrations that
 * are not recorded yet, each in its own transaction. A migration whose recorded checksum differs
 * from the committed script is reported, not re-run: the schema history was edited after the fact.
 */
export function prepareDatabase(
  file: string,
  migrations: readonly EmbeddedMigration[],
  table: string = DEFAULT_MIGRATIONS_TABLE,
): MigrationReport {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) throw new Error(`invalid migrations table name: ${table}`);
  const db = new Database(file, { timeout: 10_000 });
  try {
    // WAL is persistent in the file: readers no longer block the writer, across processes too.
    db.pragma("journal_mode = WAL");
    db.exec(migrationsTable(table));
    const applied = new Map<string, string>();
    const rows = db
      .prepare(`SELECT "migration_name" AS name, "checksum" FROM "${table}" WHERE "rolled_back_at" IS NULL AND "finished_at" IS NOT NULL`)
      .all() as { name: string; checksum: string }[];
    for (const row of rows) applied.set(row.name, row.checksum);

    const report: MigrationReport = { applied: [] };
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(`migration ${migration.name} was modified after it was applied to ${file}`);
        }
        continue;
      }
      // IMMEDIATE takes the write lock up front, so two processes opening the same new file
      // cannot both decide a migration is pending and run it twice.
      db.transaction(() => {
        const again = db.prepare(`SELECT 1 FROM "${table}" WHERE "migration_name" = ? AND "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`).get(migration.name);
        if (again) return;
        const startedAt = new Date().toISOString();
        db.exec(migration.sql);
        db.prepare(
          `INSERT INTO "${table}" ("id", "checksum", "finished_at", "migration_name", "started_at", "applied_steps_count") VALUES (?, ?, ?, ?, ?, 1)`,
        ).run(randomUUID(), migration.checksum, new Date().toISOString(), migration.name, startedAt);
        report.applied.push(migration.name);
      }).immediate();
    }
    return report;
  } finally {
    db.close();
  }
}

/** Per-connection settings Prisma's SQLite adapter does not make itself. */
export const CONNECTION_PRAGMAS = ["PRAGMA foreign_keys = ON", "PRAGMA busy_timeout = 10000"];
