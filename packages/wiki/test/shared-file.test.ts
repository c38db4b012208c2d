import { rmSync } from "node:fs";
import { Title } from "@wikiloom/wikitext";
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type WikiStore } from "../src/index";
import { tempDir } from "./helpers";

// Several processes (or stores) may open the same database file: their transactions race for
// SQLite's write lock and the losers must be retried, not reported as failures.
const opened: WikiStore[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("two stores on one database file", () => {
  it("seed it once when opened at the same time", async () => {
    const dir = tempDir();
    dirs.push(dir);
    process.env.ADMIN_PASSWORD = "shared file password";
    try {
      opened.push(...(await Promise.all([openStore({ dataDir: dir }), openStore({ dataDir: dir })])));
    } finally {
      delete process.env.ADMIN_PASSWORD;
    }
    const [a, b] = opened as [WikiStore, WikiStore];
    expect(await a.wikis.list()).toHaveLength(1);
    const wiki = (await b.wikis.list())[0]!;
    expect(await b.pages.list(wiki, { namespace: 0 })).toHaveLength(2);
  });

  it("save concurrently without losing writes", async () => {
    const dir = tempDir();
    dirs.push(dir);
    process.env.ADMIN_PASSWORD = "shared file password";
    try {
      opened.push(await openStore({ dataDir: dir }));
      opened.push(await openStore({ dataDir: dir }));
    } finally {
      delete process.env.ADMIN_PASSWORD;
    }
    const [a, b] = opened as [WikiStore, WikiStore];
    const wiki = (await a.wikis.byPrefix("localwiki"))!;
    const site = await a.wikis.siteConfig(wiki);
    const admin = (await a.users.byName("Admin"))!;
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).pages.save({ wiki, title: Title.parse(`Shared ${i % 8}`, site), text: `text ${i}`, user: admin }),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    let revisions = 0;
    for (let p = 0; p < 8; p++) {
      const history = await a.pages.history(wiki, Title.parse(`Shared ${p}`, site));
      revisions += history.length;
      // Every page's chain is intact: each revision's parent is the one before it.
      for (let i = 0; i + 1 < history.length; i++) expect(history[i]!.parentId).toBe(history[i + 1]!.id);
      expect(history.at(-1)!.parentId).toBeNull();
    }
    expect(revisions).toBe(40);
  });
});
