/** Test helpers: every test gets its own temporary data folder and closes its store. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import Database from "better-sqlite3";
import { Title } from "@wikiloom/wikitext";
import { openStore, type StoreOptions, type User, type Wiki, type WikiStore } from "../src/index";

export function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), "wikiloom-store-"));
}

export interface Harness {
  store: WikiStore;
  dir: string;
  wiki: Wiki;
  /** Parses a title with the demo wiki's configuration. */
  title(text: string): Promise<Title>;
  /** A fresh account in the "user" group only. */
  newUser(name: string, groups?: string[]): Promise<User>;
  admin: User;
  cleanup(): Promise<void>;
}

export const ADMIN_PASSWORD = "correct horse battery staple";

/** A seeded store in a temp folder, with the administrator password fixed for the test. */
export async function seededStore(options: StoreOptions = {}): Promise<Harness> {
  const dir = tempDir();
  const previous = process.env.ADMIN_PASSWORD;
  process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
  let store: WikiStore;
  try {
    store = await openStore({ dataDir: dir, ...options });
  } finally {
    if (previous === undefined) delete process.env.ADMIN_PASSWORD;
    else process.env.ADMIN_PASSWORD = previous;
  }
  const wiki = (await store.wikis.byPrefix("localwiki"))!;
  const admin = (await store.users.byName("Admin"))!;
  return {
    store,
    dir,
    wiki,
    admin,
    title: async (text) => Title.parse(text, await store.wikis.siteConfig(wiki)),
    newUser: (name, groups = []) => store.users.create(name, `${name} has a long password`, { groups }),
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A settable clock for expiry tests. */
export function manualClock(start = new Date("2026-05-01T12:00:00Z")) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/**
 * Runs SQL on a store's database beside the store, for tests that check stored rows or make the
 * database itself misbehave. `sql` is one statement, or a script when `rows` is not wanted.
 */
export async function rawSql(store: WikiStore, sql: string): Promise<Record<string, unknown>[]> {
  const location = store.database;
  if (location.kind === "sqlite") {
    const db = new Database(location.file, { timeout: 10_000 });
    try {
      const statement = db.prepare(sql);
      if (statement.reader) return statement.all() as Record<string, unknown>[];
      statement.run();
      return [];
    } catch (error) {
      // Scripts (several statements, trigger bodies) cannot be prepared as one statement.
      if (!(error instanceof RangeError) && !/more than one statement/i.test(String(error))) throw error;
      db.exec(sql);
      return [];
    } finally {
      db.close();
    }
  }
  const adapter = await new PrismaPg({ connectionString: location.url, max: 1 }).connect();
  try {
    const pool = adapter.underlyingDriver() as unknown as { query(sql: string): Promise<{ rows?: Record<string, unknown>[] }> };
    const result = await pool.query(sql);
    return Array.isArray(result) ? [] : (result.rows ?? []);
  } finally {
    await adapter.dispose();
  }
}
