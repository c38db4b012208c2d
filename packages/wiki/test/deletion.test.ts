import { afterEach, describe, expect, it } from "vitest";
import { StoreError, type DeletedEvent } from "../src/index";
import { seededStore, type Harness } from "./helpers";

let h: Harness;
afterEach(async () => h?.cleanup());

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StoreError) return error.code;
    throw error;
  }
  return "resolved";
}

describe("page deletion", () => {
  it("removes the page, archives its revisions under a log entry and tells listeners", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const title = await h.title("Doomed page");
    const first = await h.store.pages.save({ wiki: h.wiki, title, text: "one", user: alice });
    const second = await h.store.pages.save({ wiki: h.wiki, title, text: "two", user: alice });
    expect(await h.store.pages.byId(h.wiki, first.page.id)).toEqual(second.page);
    const events: DeletedEvent[] = [];
    h.store.pages.onDeleted((event) => void events.push(event));

    const result = await h.store.pages.delete({ wiki: h.wiki, title, user: h.admin, reason: "  spam  " });
    expect(result).toEqual({ title: "Doomed page", reason: "spam", logId: expect.any(Number) });
    expect(await h.store.pages.get(h.wiki, title)).toBeNull();
    expect(await h.store.pages.byId(h.wiki, first.page.id)).toBeNull();
    expect(await h.store.pages.latest(h.wiki, title)).toBeNull();
    expect(await h.store.pages.history(h.wiki, title)).toEqual([]);
    expect(await h.store.pages.revision(h.wiki, second.revision.id)).toBeNull();
    expect((await h.store.pages.list(h.wiki)).map((p) => p.title)).not.toContain("Doomed page");
    expect(await h.store.pages.archivedCount(result.logId)).toBe(2);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ logId: result.logId, reason: "spam", user: "Admin", page: { id: first.page.id, title: "Doomed page" } });
  });

  it("lets the title be created again, with revision ids never reused", async () => {
    h = await seededStore();
    const title = await h.title("Phoenix");
    const before = await h.store.pages.save({ wiki: h.wiki, title, text: "old", user: h.admin });
    await h.store.pages.delete({ wiki: h.wiki, title, user: h.admin });
    const again = await h.store.pages.save({ wiki: h.wiki, title, text: "new", user: h.admin });
    expect(again.created).toBe(true);
    expect(again.revision.id).toBeGreaterThan(before.revision.id);
    expect(again.page.id).not.toBe(before.page.id);
  });

  it("refuses missing pages, users without the delete right and blocked users, changing nothing", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const title = await h.title("Kept page");
    await h.store.pages.save({ wiki: h.wiki, title, text: "keep me", user: alice });
    const events: DeletedEvent[] = [];
    h.store.pages.onDeleted((event) => void events.push(event));

    expect(await codeOf(h.store.pages.delete({ wiki: h.wiki, title: await h.title("No such page"), user: h.admin }))).toBe("missingtitle");
    expect(await codeOf(h.store.pages.delete({ wiki: h.wiki, title, user: alice }))).toBe("permissiondenied");
    const mod = await h.newUser("Moderator", ["sysop"]);
    await h.store.blocks.block(mod, h.admin, { reason: "cooling off" });
    expect(await codeOf(h.store.pages.delete({ wiki: h.wiki, title, user: mod }))).toBe("blocked");
    expect(await h.store.pages.get(h.wiki, title)).not.toBeNull();
    expect(events).toEqual([]);
  });

  it("keeps the deletion when a listener fails", async () => {
    const lines: string[] = [];
    h = await seededStore({ log: (line) => lines.push(line) });
    const title = await h.title("Fragile");
    await h.store.pages.save({ wiki: h.wiki, title, text: "x", user: h.admin });
    h.store.pages.onDeleted(() => {
      throw new Error("index offline");
    });
    const result = await h.store.pages.delete({ wiki: h.wiki, title, user: h.admin });
    expect(result.title).toBe("Fragile");
    expect(await h.store.pages.get(h.wiki, title)).toBeNull();
    expect(lines.some((line) => line.includes("onDeleted listener failed for Fragile: index offline"))).toBe(true);
  });
});
