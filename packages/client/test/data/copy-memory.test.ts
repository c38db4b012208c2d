/**
 * The worker's memory of the local copy: every write of pages, templates or existence stamps the
 * copy (whichever connection makes it), a snapshot is reused while the stamp is unchanged and
 * replaced when another context wrote, and lookups made in the same turn are read together.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { openClientDb } from "../../src/data/index.js";
import { BatchLoader } from "../../src/data/batch-loader.js";
import { CopyMemory } from "../../src/data/copy-memory.js";
import { COPY_STAMP_KEY } from "../../src/data/copy-stamp.js";

const template = (title: string, wikitext: string, revid = 1) => ({ title, revid, wikitext, timestamp: "2026-01-01T00:00:00Z" });

async function stampOf(db: ReturnType<typeof openClientDb>): Promise<unknown> {
  return (await db.meta.get(COPY_STAMP_KEY))?.value;
}

describe("the copy stamp", () => {
  it("changes with every write transaction of pages, templates or existence, and only then", async () => {
    const db = openClientDb("stamp-1");
    expect(await stampOf(db)).toBeUndefined();
    await db.templates.put(template("Template:A", "a"));
    const first = await stampOf(db);
    expect(first).toEqual(expect.any(String));

    // Reads and writes of other tables leave it alone.
    await db.templates.get("Template:A");
    await db.events.put({ id: 1 } as never);
    await db.meta.put({ key: "other", value: 1 });
    expect(await stampOf(db)).toBe(first);

    // A transaction naming only the copy's tables can still stamp (meta joins its scope).
    await db.transaction("rw", [db.pages, db.existence], async () => {
      await db.pages.put({ ...template("Page", "text"), openedAt: 0 });
      await db.existence.put({ title: "Page", exists: true, redirect: false, checkedAt: 1 });
    });
    const second = await stampOf(db);
    expect(second).not.toBe(first);
    await db.existence.delete("Page");
    expect(await stampOf(db)).not.toBe(second);
    db.close();
  });

  it("is not written when the transaction aborts", async () => {
    const db = openClientDb("stamp-2");
    await db.templates.put(template("Template:A", "a"));
    const before = await stampOf(db);
    await expect(db.transaction("rw", [db.templates], async () => {
      await db.templates.put(template("Template:B", "b"));
      throw new Error("abort");
    })).rejects.toThrow("abort");
    expect(await stampOf(db)).toBe(before);
    expect(await db.templates.get("Template:B")).toBeUndefined();
    db.close();
  });
});

describe("CopyMemory", () => {
  it("reuses its snapshot while the copy is unchanged and starts over after another connection wrote", async () => {
    const worker = openClientDb("memory-1");
    const ui = openClientDb("memory-1");
    await ui.templates.put(template("Template:Box", "[{{{1}}}]"));
    await ui.pages.put({ ...template("Main", "{{Box|x}}"), openedAt: 1 });
    await ui.existence.put({ title: "Elsewhere", exists: false, redirect: false, checkedAt: 1 });

    const memory = new CopyMemory(worker);
    const first = await memory.snapshot();
    expect(await first.source("Template:Box")).toMatchObject({ wikitext: "[{{{1}}}]" });
    expect(await first.source("Main")).toMatchObject({ wikitext: "{{Box|x}}" });
    expect(await first.source("Template:Absent")).toBeNull();
    expect(first.holds("Main")).toBe(true);
    expect(Object.fromEntries(await first.existence(["Elsewhere", "Unknown"]))).toEqual({
      Elsewhere: { title: "Elsewhere", exists: false, redirect: false, checkedAt: 1 },
    });
    expect(await memory.snapshot()).toBe(first);

    // The UI (another connection) changes a template: the next conversion sees it.
    await ui.templates.put(template("Template:Box", "<{{{1}}}>", 2));
    const second = await memory.snapshot();
    expect(second).not.toBe(first);
    expect(await second.source("Template:Box")).toMatchObject({ wikitext: "<{{{1}}}>", revid: 2 });
    await ui.templates.delete("Template:Box");
    expect(await (await memory.snapshot()).source("Template:Box")).toBeNull();
    worker.close();
    ui.close();
  });

  it("answers titles the copy does not hold without reading rows, and reads the others in one batch", async () => {
    const db = openClientDb("memory-2");
    await db.templates.bulkPut([template("Template:A", "a"), template("Template:B", "b")]);
    const memory = new CopyMemory(db);
    const snapshot = await memory.snapshot();
    const reads: string[][] = [];
    const bulkGet = db.templates.bulkGet.bind(db.templates);
    db.templates.bulkGet = ((keys: string[]) => {
      reads.push([...keys]);
      return bulkGet(keys);
    }) as typeof db.templates.bulkGet;
    const rows = await Promise.all(["Template:A", "Template:Missing", "Template:B", "Template:A"].map((title) => snapshot.source(title)));
    expect(rows.map((row) => row?.wikitext ?? null)).toEqual(["a", null, "b", "a"]);
    expect(reads).toEqual([["Template:A", "Template:B"]]);
    // Remembered: asking again reads nothing.
    expect((await snapshot.source("Template:B"))?.wikitext).toBe("b");
    expect(reads).toHaveLength(1);
    db.close();
  });
});

describe("BatchLoader", () => {
  it("loads the keys asked in one turn together, remembers answers (misses too) and forgets failures", async () => {
    const loads: string[][] = [];
    let fail = false;
    const loader = new BatchLoader<number | null>(async (keys) => {
      loads.push(keys);
      if (fail) throw new Error("read failed");
      return new Map(keys.filter((key) => key !== "none").map((key) => [key, key.length]));
    }, null);
    expect(await Promise.all([loader.get("a"), loader.get("bb"), loader.get("none"), loader.get("a")])).toEqual([1, 2, null, 1]);
    expect(loads).toEqual([["a", "bb", "none"]]);
    expect(Object.fromEntries(await loader.getMany(["bb", "ccc"]))).toEqual({ bb: 2, ccc: 3 });
    expect(loads).toEqual([["a", "bb", "none"], ["ccc"]]);

    fail = true;
    await expect(loader.get("dddd")).rejects.toThrow("read failed");
    fail = false;
    expect(await loader.get("dddd")).toBe(4);
    loader.set("a", 10);
    expect(await loader.get("a")).toBe(10);
  });

  it("calls queueMicrotask as a plain function (browsers throw Illegal invocation for another `this`)", async () => {
    const original = globalThis.queueMicrotask;
    globalThis.queueMicrotask = function strict(this: unknown, callback: VoidFunction) {
      if (this !== undefined && this !== globalThis) throw new TypeError("Illegal invocation");
      original(callback);
    };
    try {
      const loader = new BatchLoader<number>(async (keys) => new Map(keys.map((key) => [key, 1])), 0);
      expect(await loader.get("a")).toBe(1);
    } finally {
      globalThis.queueMicrotask = original;
    }
  });
});
