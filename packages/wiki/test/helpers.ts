/** Test helpers: every test gets its own temporary data folder and closes its store. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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
