// Sync cursors and link targets: the small pure parts of the sync router.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type WikiStore } from "@wikiloom/wiki";
import type { SiteConfig } from "@wikiloom/wikitext";
import { decodeCursor, encodeCursor, fingerprint } from "../src/sync/cursor.js";
import { linkTargets } from "../src/sync/links.js";

describe("sync cursors", () => {
  it("round-trip their position while the fingerprint holds, and restart otherwise", () => {
    const print = fingerprint(["pages", 1, "A", "B"]);
    const cursor = encodeCursor("p1", [42], print);
    expect(decodeCursor(cursor, "p1", 1, print)).toEqual([42]);
    expect(decodeCursor(cursor, "p1", 1, fingerprint(["pages", 1, "A", "B", "C"]))).toBeNull();
    expect(decodeCursor(cursor, "t1", 1, print)).toBeNull();
    for (const junk of [undefined, "", "p1", "p1.-1." + print, "p1.1.5." + print, "p1.x." + print, "p1.1e400." + print]) {
      expect(decodeCursor(junk, "p1", 1, print)).toBeNull();
    }
  });

  it("fingerprint order-sensitively and stably", () => {
    expect(fingerprint(["a", "b"])).toBe(fingerprint(["a", "b"]));
    expect(fingerprint(["a", "b"])).not.toBe(fingerprint(["b", "a"]));
    expect(fingerprint(["ab"])).not.toBe(fingerprint(["a", "b"]));
  });
});

describe("linkTargets", () => {
  let dir: string;
  let store: WikiStore;
  let site: SiteConfig;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "wikiloom-sync-links-"));
    store = await openStore({ dataDir: dir });
    site = await store.wikis.siteConfig((await store.wikis.list())[0]!);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists page link targets once, canonical, without files, categories, media or fragments-only links", () => {
    const text = "See [[main_Page]], [[Main Page|again]], [[Help:Editing#Formatting]], [[#Local]], [[File:X.png|thumb]], [[:File:X.png]], " +
      "[[Category:Things]], [[:Category:Things]], [[Media:X.png]], [[ ]], [[Special:Search]], [[a[[b]]";
    expect(linkTargets(text, site)).toEqual(["Main Page", "Help:Editing", "File:X.png", "Category:Things", "A", "B"]);
  });

  it("scans thousands of unclosed brackets in linear time", () => {
    const text = "[[".repeat(100_000);
    const start = performance.now();
    expect(linkTargets(text, site)).toEqual([]);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
