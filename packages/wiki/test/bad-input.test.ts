import { afterEach, describe, expect, it } from "vitest";
import { StoreError } from "../src/index";
import { seededStore, type Harness } from "./helpers";

let h: Harness;
afterEach(async () => h?.cleanup());

// Values a client can smuggle through an HTTP layer that only parses numbers: the store answers
// with defaults or StoreErrors, never with a database validation error.
describe("client-controlled numbers and dates", () => {
  it("clamp or ignore odd limits and start ids", async () => {
    h = await seededStore();
    const main = await h.title("Main Page");
    expect(await h.store.pages.history(h.wiki, main, { limit: Number.NaN, startId: Number.NaN })).toHaveLength(1);
    expect(await h.store.pages.history(h.wiki, main, { limit: -5, startId: Infinity })).toHaveLength(1);
    expect(await h.store.pages.history(h.wiki, main, { limit: 2.7 })).toHaveLength(1);
    expect((await h.store.pages.list(h.wiki, { limit: Number.NaN })).length).toBeGreaterThan(0);
    expect(await h.store.pages.list(h.wiki, { limit: 1e12, namespace: 4242 })).toEqual([]);
    await expect(h.store.pages.list(h.wiki, { namespace: Number.NaN })).rejects.toMatchObject({ code: "badvalue" });
  });

  it("turn malformed ids and dates into StoreErrors or misses", async () => {
    h = await seededStore();
    const main = await h.title("Main Page");
    for (const id of [Number.NaN, -1, 0, 1.5, 2 ** 60]) {
      expect(await h.store.pages.revision(h.wiki, id)).toBeNull();
      expect(await h.store.users.byId(id)).toBeNull();
      await expect(h.store.pages.save({ wiki: h.wiki, title: main, text: "x", user: h.admin, baseRevId: id })).rejects.toMatchObject({ code: "nosuchrevid" });
      await expect(h.store.oauth.revoke(h.admin, id)).rejects.toMatchObject({ code: "nosuchtoken" });
    }
    await expect(h.store.pages.save({ wiki: h.wiki, title: main, text: "x", user: h.admin, baseTimestamp: new Date("garbage") }))
      .rejects.toMatchObject({ code: "badtimestamp" });
    await expect(h.store.blocks.block(h.admin, h.admin, { expiry: new Date("garbage") })).rejects.toBeInstanceOf(StoreError);
    expect(await h.store.sessions.get("x".repeat(10_000))).toBeNull();
    expect(await h.store.tokens.verifyCsrf("x".repeat(10_000), "+\\")).toBe(false);
    expect(await h.store.wikis.byDomain("x".repeat(10_000))).toBeNull();
    expect(await h.store.users.byName("")).toBeNull();
  });

  it("count edits per user", async () => {
    h = await seededStore();
    const seeded = await h.store.users.editCount(h.admin);
    await h.store.pages.save({ wiki: h.wiki, title: await h.title("Counted"), text: "one", user: h.admin });
    expect(await h.store.users.editCount(h.admin)).toBe(seeded + 1);
    expect(await h.store.users.editCount(await h.newUser("Newcomer"))).toBe(0);
  });
});
