import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { prepareDatabase } from "../src/db/sqlite";
import { migrations } from "../src/generated/migrations";
import { openStore } from "../src/index";
import { tempDir } from "./helpers";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function freshFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "wikiloom-migrate-"));
  dirs.push(dir);
  return path.join(dir, "test.db");
}

describe("migrations on a fresh database", () => {
  it("applies every committed migration once and records it like Prisma does", () => {
    const file = freshFile();
    expect(prepareDatabase(file, migrations).applied).toEqual(migrations.map((m) => m.name));
    expect(prepareDatabase(file, migrations).applied).toEqual([]);

    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare(`SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name`).all() as {
        migration_name: string; checksum: string; finished_at: string; applied_steps_count: number;
      }[];
      expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum) && r.finished_at && r.applied_steps_count === 1)).toBe(true);
      const tables = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((t) => t.name);
      for (const table of ["Wiki", "Namespace", "NamespaceAlias", "Interwiki", "Page", "Revision", "User", "UserGroup", "Block", "Session", "OAuthToken"]) {
        expect(tables).toContain(table);
      }
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      db.close();
    }
  });

  it("applies only the migrations that are new", () => {
    const file = freshFile();
    prepareDatabase(file, migrations);
    const extra = { name: "99990101000000_test_extra", checksum: "0".repeat(64), sql: `CREATE TABLE "Extra" ("id" INTEGER NOT NULL PRIMARY KEY);\nCREATE INDEX "Extra_id" ON "Extra"("id");` };
    expect(prepareDatabase(file, [...migrations, extra]).applied).toEqual([extra.name]);
    expect(prepareDatabase(file, [...migrations, extra]).applied).toEqual([]);
  });

  it("rolls a failing migration back entirely and does not record it", () => {
    const file = freshFile();
    prepareDatabase(file, migrations);
    const broken = { name: "99990101000000_broken", checksum: "1".repeat(64), sql: `CREATE TABLE "Half" ("id" INTEGER);\nTHIS IS NOT SQL;` };
    expect(() => prepareDatabase(file, [...migrations, broken])).toThrow();
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'Half'`).get()).toBeUndefined();
      expect(db.prepare(`SELECT 1 FROM _prisma_migrations WHERE migration_name = ?`).get(broken.name)).toBeUndefined();
    } finally {
      db.close();
    }
  });

  it("refuses a database whose applied migration was edited afterwards", () => {
    const file = freshFile();
    prepareDatabase(file, migrations);
    const first = migrations[0]!;
    expect(() => prepareDatabase(file, [{ ...first, checksum: "f".repeat(64) }, ...migrations.slice(1)])).toThrow(/modified/);
  });

  it("lets openStore create, migrate and reopen an empty store quickly", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const lines: string[] = [];
    const first = await openStore({ dataDir: dir, seed: false, log: (l) => lines.push(l) });
    expect(first.databaseFile).toBe(path.join(dir, "wikiloom.db"));
    expect(await first.wikis.list()).toEqual([]);
    await first.close();
    expect(lines.some((l) => l.includes("applied migration"))).toBe(true);

    const started = performance.now();
    const again = await openStore({ dataDir: dir, seed: false, log: (l) => lines.push(`again ${l}`) });
    const elapsed = performance.now() - started;
    await again.close();
    expect(lines.filter((l) => l.startsWith("again"))).toEqual([]);
    expect(elapsed).toBeLessThan(2000);
  });
});
