import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { SavedEvent } from "../src/index";
import { manualClock, rawSql, seededStore, type Harness } from "./helpers";

let h: Harness;
afterEach(async () => h?.cleanup());

const sha1 = (text: string) => createHash("sha1").update(text, "utf8").digest("hex");

describe("page save", () => {
  it("creates a page with its first revision", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const title = await h.title("sandbox page");
    const result = await h.store.pages.save({ wiki: h.wiki, title, text: "Hello, wiki — ü", summary: "first", user: alice });
    expect(result.status).toBe("saved");
    expect(result.created).toBe(true);
    expect(result.page).toMatchObject({ ns: 0, title: "Sandbox page", dbKey: "Sandbox_page", latestRevId: result.revision.id, isRedirect: false });
    expect(result.revision).toMatchObject({
      pageId: result.page.id, parentId: null, title: "Sandbox page", ns: 0, userId: alice.id, userName: "Alice",
      comment: "first", contentModel: "wikitext", text: "Hello, wiki — ü",
      sha1: sha1("Hello, wiki — ü"), size: Buffer.byteLength("Hello, wiki — ü"),
    });
    expect(result.revision.size).toBe(18);
    expect(result.page.length).toBe(18);
    expect(result.revision.timestamp.getMilliseconds()).toBe(0);
    expect(await h.store.pages.get(h.wiki, title)).toEqual(result.page);
    expect(await h.store.pages.latest(h.wiki, title)).toEqual(result.revision);
    expect(await h.store.pages.revision(h.wiki, result.revision.id)).toEqual(result.revision);
  });

  it("chains revisions through their parents and lists history both ways", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const title = await h.title("Talk:Chain");
    const ids: number[] = [];
    for (const text of ["one", "two", "three"]) {
      const r = await h.store.pages.save({ wiki: h.wiki, title, text, user: alice, ...(ids.length ? { baseRevId: ids.at(-1) } : {}) });
      expect(r.revision.parentId).toBe(ids.at(-1) ?? null);
      expect(r.created).toBe(ids.length === 0);
      ids.push(r.revision.id);
    }
    expect(ids[0]! < ids[1]! && ids[1]! < ids[2]!).toBe(true);
    const older = await h.store.pages.history(h.wiki, title);
    expect(older.map((r) => r.text)).toEqual(["three", "two", "one"]);
    expect(older.map((r) => r.title)).toEqual(["Talk:Chain", "Talk:Chain", "Talk:Chain"]);
    const newer = await h.store.pages.history(h.wiki, title, { dir: "newer", startId: ids[1], limit: 5 });
    expect(newer.map((r) => r.id)).toEqual([ids[1], ids[2]]);
    expect((await h.store.pages.history(h.wiki, title, { startId: ids[1], limit: 1 })).map((r) => r.id)).toEqual([ids[1]]);
    expect(await h.store.pages.history(h.wiki, await h.title("Never written"))).toEqual([]);
    const page = await h.store.pages.get(h.wiki, title);
    expect(page?.latestRevId).toBe(ids[2]);
    expect(page?.length).toBe(5);
  });

  it("reports a null edit as nochange and writes no revision", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const title = await h.title("Stable");
    const first = await h.store.pages.save({ wiki: h.wiki, title, text: "Same text", user: alice });
    // Trailing whitespace and CRLF are normalised away before comparing, as MediaWiki's pre-save transform does.
    const again = await h.store.pages.save({ wiki: h.wiki, title, text: "Same text  \r\n\n", user: alice });
    expect(again.status).toBe("nochange");
    expect(again.revision.id).toBe(first.revision.id);
    expect(await h.store.pages.history(h.wiki, title)).toHaveLength(1);
  });

  it("detects an edit conflict from a stale base revision", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const bob = await h.newUser("Bob");
    const title = await h.title("Contested");
    const base = await h.store.pages.save({ wiki: h.wiki, title, text: "v1", user: alice });
    await h.store.pages.save({ wiki: h.wiki, title, text: "v2 by Alice", user: alice, baseRevId: base.revision.id });
    await expect(h.store.pages.save({ wiki: h.wiki, title, text: "v2 by Bob", user: bob, baseRevId: base.revision.id }))
      .rejects.toMatchObject({ code: "editconflict" });
    expect((await h.store.pages.latest(h.wiki, title))?.text).toBe("v2 by Alice");
    // Saving exactly the current text from a stale base loses nothing: a null edit, not a conflict.
    expect((await h.store.pages.save({ wiki: h.wiki, title, text: "v2 by Alice", user: bob, baseRevId: base.revision.id })).status).toBe("nochange");
  });

  it("detects an edit conflict from a stale base timestamp", async () => {
    const clock = manualClock();
    h = await seededStore({ now: clock.now });
    const alice = await h.newUser("Alice");
    const title = await h.title("Timed");
    const base = await h.store.pages.save({ wiki: h.wiki, title, text: "v1", user: alice });
    clock.advance(5000);
    const fresh = await h.store.pages.save({ wiki: h.wiki, title, text: "v2", user: alice, baseTimestamp: base.revision.timestamp });
    expect(fresh.status).toBe("saved");
    clock.advance(5000);
    await expect(h.store.pages.save({ wiki: h.wiki, title, text: "v3", user: alice, baseTimestamp: base.revision.timestamp }))
      .rejects.toMatchObject({ code: "editconflict" });
    // Milliseconds do not matter: MediaWiki timestamps have whole seconds.
    const withMillis = new Date(fresh.revision.timestamp.getTime() + 250);
    expect((await h.store.pages.save({ wiki: h.wiki, title, text: "v3", user: alice, baseTimestamp: withMillis })).status).toBe("saved");
  });

  it("gives a page's revisions distinct timestamps, so a base timestamp stays exact within one second", async () => {
    const clock = manualClock();
    h = await seededStore({ now: clock.now });
    const alice = await h.newUser("Alice");
    const bob = await h.newUser("Bob");
    const title = await h.title("Busy");
    const first = await h.store.pages.save({ wiki: h.wiki, title, text: "v1", user: alice });
    const second = await h.store.pages.save({ wiki: h.wiki, title, text: "v2", user: alice, baseTimestamp: first.revision.timestamp });
    expect(second.revision.timestamp.getTime()).toBe(first.revision.timestamp.getTime() + 1000);
    await expect(h.store.pages.save({ wiki: h.wiki, title, text: "v2 by Bob", user: bob, baseTimestamp: first.revision.timestamp }))
      .rejects.toMatchObject({ code: "editconflict" });
    const third = await h.store.pages.save({ wiki: h.wiki, title, text: "v3", user: bob, baseTimestamp: second.revision.timestamp });
    expect(third.revision.timestamp > second.revision.timestamp).toBe(true);
  });

  it("rejects a base revision of another page and base values for a missing page", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const a = await h.store.pages.save({ wiki: h.wiki, title: await h.title("Page A"), text: "a", user: alice });
    await h.store.pages.save({ wiki: h.wiki, title: await h.title("Page B"), text: "b", user: alice });
    await expect(h.store.pages.save({ wiki: h.wiki, title: await h.title("Page B"), text: "b2", user: alice, baseRevId: a.revision.id }))
      .rejects.toMatchObject({ code: "nosuchrevid" });
    await expect(h.store.pages.save({ wiki: h.wiki, title: await h.title("Page C"), text: "c", user: alice, baseRevId: a.revision.id }))
      .rejects.toMatchObject({ code: "nosuchrevid" });
    await expect(h.store.pages.save({ wiki: h.wiki, title: await h.title("Page C"), text: "c", user: alice, baseTimestamp: new Date() }))
      .rejects.toMatchObject({ code: "pagedeleted" });
  });

  it("honours createOnly and noCreate", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const title = await h.title("Once");
    await expect(h.store.pages.save({ wiki: h.wiki, title, text: "x", user: alice, noCreate: true })).rejects.toMatchObject({ code: "missingtitle" });
    expect(await h.store.pages.get(h.wiki, title)).toBeNull();
    await h.store.pages.save({ wiki: h.wiki, title, text: "x", user: alice, createOnly: true });
    await expect(h.store.pages.save({ wiki: h.wiki, title, text: "y", user: alice, createOnly: true })).rejects.toMatchObject({ code: "articleexists" });
    expect((await h.store.pages.save({ wiki: h.wiki, title, text: "y", user: alice, noCreate: true })).status).toBe("saved");
  });

  it("re-checks blocks and rights at save time", async () => {
    h = await seededStore();
    const vandal = await h.newUser("Vandal");
    await h.store.blocks.block(vandal, h.admin, { reason: "spam" });
    await expect(h.store.pages.save({ wiki: h.wiki, title: await h.title("Spam"), text: "buy now", user: vandal }))
      .rejects.toMatchObject({ code: "blocked" });
    const alice = await h.newUser("Alice");
    await expect(h.store.pages.save({ wiki: h.wiki, title: await h.title("MediaWiki:Sitenotice"), text: "hi", user: alice }))
      .rejects.toMatchObject({ code: "permissiondenied" });
    expect((await h.store.pages.save({ wiki: h.wiki, title: await h.title("MediaWiki:Sitenotice"), text: "hi", user: h.admin })).status).toBe("saved");
    await h.store.blocks.unblock(vandal, h.admin);
    expect((await h.store.pages.save({ wiki: h.wiki, title: await h.title("Reformed"), text: "sorry", user: vandal })).status).toBe("saved");
  });

  it("refuses titles that cannot be pages and texts over the size limit", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    await expect(h.store.pages.save({ wiki: h.wiki, title: await h.title("Special:RecentChanges"), text: "x", user: alice }))
      .rejects.toMatchObject({ code: "pagecannotexist" });
    await expect(h.store.pages.save({ wiki: h.wiki, title: await h.title("wikipedia:Foo"), text: "x", user: alice }))
      .rejects.toMatchObject({ code: "pagecannotexist" });
    await expect(h.store.pages.save({ wiki: h.wiki, title: await h.title("Huge"), text: "x".repeat(2048 * 1024 + 1), user: alice }))
      .rejects.toMatchObject({ code: "contenttoobig" });
  });

  it("rolls the whole save back when writing the revision fails", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    // Make the database itself refuse one revision, after the page row has been inserted.
    await rawSql(h.store, h.store.database.kind === "sqlite"
      ? `CREATE TRIGGER refuse_boom BEFORE INSERT ON "Revision" WHEN NEW."comment" = 'boom' BEGIN SELECT RAISE(ABORT, 'refused by test trigger'); END;`
      : `CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW."comment" = 'boom' THEN RAISE EXCEPTION 'refused by test trigger'; END IF; RETURN NEW; END $$;
         CREATE TRIGGER refuse_boom BEFORE INSERT ON "Revision" FOR EACH ROW EXECUTE FUNCTION refuse_boom();`);
    const title = await h.title("Doomed");
    await expect(h.store.pages.save({ wiki: h.wiki, title, text: "never stored", summary: "boom", user: alice })).rejects.toThrow();
    expect(await h.store.pages.get(h.wiki, title)).toBeNull();
    const existing = await h.title("Main Page");
    const before = await h.store.pages.latest(h.wiki, existing);
    await expect(h.store.pages.save({ wiki: h.wiki, title: existing, text: "changed", summary: "boom", user: alice })).rejects.toThrow();
    expect(await h.store.pages.latest(h.wiki, existing)).toEqual(before);
    // The store keeps working after the failed transaction.
    expect((await h.store.pages.save({ wiki: h.wiki, title, text: "stored", summary: "fine", user: alice })).created).toBe(true);
  });

  it("marks redirects and gives scripts their content model", async () => {
    h = await seededStore();
    const r = await h.store.pages.save({ wiki: h.wiki, title: await h.title("Old name"), text: "#REDIRECT [[Main Page]]", user: h.admin });
    expect(r.page.isRedirect).toBe(true);
    const css = await h.store.pages.save({ wiki: h.wiki, title: await h.title("MediaWiki:Common.css"), text: "body { color: black; }", user: h.admin });
    expect(css.revision.contentModel).toBe("css");
    expect(css.page.isRedirect).toBe(false);
  });

  it("tells listeners about committed saves only, and survives a failing listener", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const seen: SavedEvent[] = [];
    const stop = h.store.pages.onSaved((e) => {
      seen.push(e);
    });
    h.store.pages.onSaved(() => {
      throw new Error("indexer down");
    });
    const title = await h.title("Watched");
    const saved = await h.store.pages.save({ wiki: h.wiki, title, text: "a", user: alice });
    await h.store.pages.save({ wiki: h.wiki, title, text: "a", user: alice }); // null edit
    await expect(h.store.pages.save({ wiki: h.wiki, title, text: "b", user: alice, createOnly: true })).rejects.toThrow();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.revision.id).toBe(saved.revision.id);
    expect(seen[0]!.page.title).toBe("Watched");
    stop();
    await h.store.pages.save({ wiki: h.wiki, title, text: "c", user: alice });
    expect(seen).toHaveLength(1);
  });

  it("serialises concurrent saves: one wins, the other conflicts", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const bob = await h.newUser("Bob");
    const title = await h.title("Race");
    const base = await h.store.pages.save({ wiki: h.wiki, title, text: "start", user: alice });
    const results = await Promise.allSettled([
      h.store.pages.save({ wiki: h.wiki, title, text: "alice's", user: alice, baseRevId: base.revision.id }),
      h.store.pages.save({ wiki: h.wiki, title, text: "bob's", user: bob, baseRevId: base.revision.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: "editconflict" });
  });
});

describe("page listing and revisions across wikis", () => {
  it("lists a namespace in title order from a starting title", async () => {
    h = await seededStore();
    for (const name of ["Apple", "banana", "Cherry"]) {
      await h.store.pages.save({ wiki: h.wiki, title: await h.title(`Help:${name}`), text: name, user: h.admin });
    }
    const all = await h.store.pages.list(h.wiki, { namespace: 12 });
    expect(all.map((p) => p.title)).toEqual(["Help:Apple", "Help:Banana", "Help:Cherry", "Help:Editing"]);
    const from = await h.store.pages.list(h.wiki, { namespace: 12, from: "banana", limit: 2 });
    expect(from.map((p) => p.title)).toEqual(["Help:Banana", "Help:Cherry"]);
  });

  it("keeps revisions of one wiki out of another", async () => {
    h = await seededStore();
    const other = await h.store.wikis.create({ prefix: "otherwiki", domain: "other.localhost", siteName: "Other", lang: "en" });
    const site = await h.store.wikis.siteConfig(other);
    const { Title } = await import("@wikiloom/wikitext");
    const saved = await h.store.pages.save({ wiki: other, title: Title.parse("Main Page", site), text: "other main", user: h.admin });
    expect(saved.created).toBe(true);
    expect(await h.store.pages.revision(h.wiki, saved.revision.id)).toBeNull();
    expect((await h.store.pages.revision(other, saved.revision.id))?.text).toBe("other main");
    expect((await h.store.pages.latest(h.wiki, await h.title("Main Page")))?.text).not.toBe("other main");
    await expect(h.store.wikis.create({ prefix: "otherwiki", domain: "x.localhost", siteName: "X", lang: "en" })).rejects.toMatchObject({ code: "wikiexists" });
  });
});
