/**
 * The PostgreSQL migrator (pg project only; DATABASE_URL names a fresh database per test): the
 * same guarantees as the SQLite one, plus several web nodes starting at once.
 */
import { describe, expect, it } from "vitest";
import { preparePostgres } from "../src/db/postgres";
import { migrations, postgresMigrations } from "../src/generated/migrations";
import { openStore } from "../src/index";
import { rawSql, tempDir } from "./helpers";

const url = () => process.env.DATABASE_URL!;
const TABLE = "_prisma_migrations";
const storeAt = () => ({ database: { kind: "postgres", url: url() } }) as Parameters<typeof rawSql>[0];

describe("PostgreSQL migrations", () => {
  it("are derived from the same models as the SQLite ones and apply once, recorded like Prisma does", async () => {
    expect(postgresMigrations.length).toBeGreaterThan(0);
    expect(migrations.length).toBeGreaterThan(0);
    expect((await preparePostgres(url(), postgresMigrations, TABLE)).applied).toEqual(postgresMigrations.map((m) => m.name));
    expect((await preparePostgres(url(), postgresMigrations, TABLE)).applied).toEqual([]);

    const rows = await rawSql(storeAt(), `SELECT "migration_name", "checksum", "finished_at", "applied_steps_count" FROM "${TABLE}" ORDER BY "migration_name"`);
    expect(rows.map((r) => r.migration_name)).toEqual(postgresMigrations.map((m) => m.name));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(String(r.checksum)) && r.finished_at instanceof Date && r.applied_steps_count === 1)).toBe(true);
    const tables = (await rawSql(storeAt(), `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).map((r) => r.tablename);
    for (const table of ["Wiki", "Namespace", "NamespaceAlias", "Interwiki", "Page", "Revision", "User", "UserGroup", "Block", "Session", "OAuthToken", "Deletion", "ArchivedRevision"]) {
      expect(tables).toContain(table);
    }
  });

  it("migrate once when several nodes start at the same time", async () => {
    const reports = await Promise.all([1, 2, 3].map(() => preparePostgres(url(), postgresMigrations, TABLE)));
    expect(reports.flatMap((r) => r.applied).sort()).toEqual(postgresMigrations.map((m) => m.name).sort());
    const rows = await rawSql(storeAt(), `SELECT count(*)::int AS n FROM "${TABLE}"`);
    expect(rows[0]!.n).toBe(postgresMigrations.length);
  });

  it("roll a failing migration back entirely and do not record it", async () => {
    await preparePostgres(url(), postgresMigrations, TABLE);
    const broken = { name: "99990101000000_broken", checksum: "1".repeat(64), sql: `CREATE TABLE "Half" ("id" INTEGER);\nTHIS IS NOT SQL;` };
    await expect(preparePostgres(url(), [...postgresMigrations, broken], TABLE)).rejects.toThrow();
    expect(await rawSql(storeAt(), `SELECT 1 FROM pg_tables WHERE tablename = 'Half'`)).toEqual([]);
    expect(await rawSql(storeAt(), `SELECT 1 FROM "${TABLE}" WHERE "migration_name" = '${broken.name}'`)).toEqual([]);
    // The connection was left usable: a good migration after the broken one still applies.
    const extra = { name: "99990101000001_extra", checksum: "2".repeat(64), sql: `CREATE TABLE "Extra" ("id" INTEGER PRIMARY KEY);` };
    expect((await preparePostgres(url(), [...postgresMigrations, extra], TABLE)).applied).toEqual([extra.name]);
  });

  it("refuse a database whose applied migration was edited afterwards", async () => {
    await preparePostgres(url(), postgresMigrations, TABLE);
    const [first, ...rest] = postgresMigrations;
    await expect(preparePostgres(url(), [{ ...first!, checksum: "f".repeat(64) }, ...rest], TABLE)).rejects.toThrow(/modified/);
  });

  it("let openStore use DATABASE_URL even with a data folder, and reopen without migrating", async () => {
    const lines: string[] = [];
    const dir = tempDir();
    const first = await openStore({ dataDir: dir, seed: false, log: (l) => lines.push(l) });
    expect(first.database).toEqual({ kind: "postgres", url: url() });
    await first.close();
    const again = await openStore({ dataDir: dir, seed: false, log: (l) => lines.push(`again ${l}`) });
    await again.close();
    expect(lines.filter((l) => l.startsWith("wiki: applied migration"))).toHaveLength(postgresMigrations.length);
    expect(lines.filter((l) => l.startsWith("again"))).toEqual([]);
  });
});
