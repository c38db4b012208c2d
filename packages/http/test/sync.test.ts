/**
 * The tRPC sync router through the real platform handler (in process, over a fresh store):
 * cursors per collection, templates found through the preprocessor, the caller's own
 * registrations only, search documents with deletions, and pushes that are applied, conflicted
 * or rejected one by one, with the CSRF rule of cookie sessions.
 */
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SyncRouter } from "../src/sync/index.js";
import { ADMIN_PASSWORD, createEvent, edit, openWorld, ORIGIN, seedWiki, USER_PASSWORD, type Caller, type World } from "./sync-world.js";

let world: World;
let admin: Caller;
let alice: Caller;
let bob: Caller;
let eventId: number;

function trpc(caller: Caller) {
  return createTRPCClient<SyncRouter>({ links: [httpLink({ url: `${ORIGIN}/api/trpc`, fetch: caller.fetch })] });
}

beforeAll(async () => {
  world = await openWorld("sync-router");
  admin = world.caller();
  await admin.login("Admin", ADMIN_PASSWORD);
  await world.store.users.create("Alice", USER_PASSWORD);
  await world.store.users.create("Bob", USER_PASSWORD);
  alice = world.caller();
  await alice.login("Alice", USER_PASSWORD);
  bob = world.caller();
  await bob.login("Bob", USER_PASSWORD);
  await seedWiki(admin);
  eventId = await createEvent(admin, "Event:Sync meetup");
});

afterAll(async () => {
  await world?.close();
});

describe("sync.pull", () => {
  it("sends opened pages and the templates they transclude, then only what changed since the cursor", async () => {
    const client = trpc(world.caller());
    const first = await client.sync.pull.query({ cursors: {}, pages: ["Welcome", "no such page"], collections: ["pages", "templates"] });
    expect(first.user).toBeNull();
    expect(first.pages!.items.map((p) => p.title)).toEqual(["Welcome"]);
    expect(first.pages!.items[0]!.templates).toEqual(["Template:Greeting", "Template:Signature"]);
    expect(first.pages!.items[0]!.links).toEqual({ "Other page": false });
    expect(first.pages!.deleted).toEqual(["No such page"]); // canonical titles
    expect(first.templates!.items.map((t) => [t.title, t.wikitext])).toEqual([
      ["Template:Greeting", "Hello, {{{1|friend}}}! {{Signature}}"],
      ["Template:Signature", "— the team"],
    ]);
    expect(first.pages!.reset).toBe(true);

    const cursors = { pages: first.pages!.cursor, templates: first.templates!.cursor };
    const again = await client.sync.pull.query({ cursors, pages: ["Welcome", "no such page"], collections: ["pages", "templates"] });
    expect(again.pages!.items).toEqual([]);
    expect(again.templates!.items).toEqual([]);
    expect(again.pages!.reset).toBe(false);

    const revid = await edit(admin, "Template:Signature", "— the whole team");
    const later = await client.sync.pull.query({ cursors, pages: ["Welcome", "no such page"], collections: ["pages", "templates"] });
    expect(later.pages!.items).toEqual([]);
    expect(later.templates!.items.map((t) => [t.title, t.revid])).toEqual([["Template:Signature", revid]]);

    // Opening another page restarts the pages collection (the cursor was for another set).
    const wider = await client.sync.pull.query({ cursors, pages: ["Welcome", "Widget"], collections: ["pages"] });
    expect(wider.pages!.reset).toBe(true);
    expect(wider.pages!.items.map((p) => p.title).sort()).toEqual(["Welcome", "Widget"]);
  });

  it("follows a template that starts using another one, though the page did not change", async () => {
    const client = trpc(world.caller());
    await edit(admin, "Template:Footer", "(footer)");
    const first = await client.sync.pull.query({ cursors: {}, pages: ["Welcome"], collections: ["pages", "templates"] });
    expect(first.templates!.items.map((t) => t.title)).not.toContain("Template:Footer");
    await edit(admin, "Template:Signature", "— the team {{Footer}}");
    const next = await client.sync.pull.query({
      cursors: { pages: first.pages!.cursor, templates: first.templates!.cursor }, pages: ["Welcome"], collections: ["pages", "templates"],
    });
    expect(next.pages!.items).toEqual([]);
    expect(next.templates!.reset).toBe(true);
    expect(next.templates!.items.map((t) => t.title).sort()).toEqual(["Template:Footer", "Template:Greeting", "Template:Signature"]);
  });

  it("pages through a collection with limit and more", async () => {
    const client = trpc(world.caller());
    const titles = ["Welcome", "Widget", "Gadget", "Gizmo"];
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let round = 0; round < 10; round++) {
      const answer = await client.sync.pull.query({ cursors: cursor ? { pages: cursor } : {}, pages: titles, limit: 1, collections: ["pages"] });
      seen.push(...answer.pages!.items.map((p) => p.title));
      cursor = answer.pages!.cursor;
      if (!answer.pages!.more) break;
    }
    expect(seen.sort()).toEqual([...titles].sort());
  });

  it("sends public events to anyone and each user only their own registrations, private ones included", async () => {
    expect((await bob.rest("PUT", `/campaignevents/v0/event_registration/${eventId}/participants/self`, { is_private: true, token: await bob.csrf() })).status).toBe(200);
    expect((await alice.rest("PUT", `/campaignevents/v0/event_registration/${eventId}/participants/self`, { is_private: false, token: await alice.csrf() })).status).toBe(200);

    const anonymous = await trpc(world.caller()).sync.pull.query({ cursors: {}, collections: ["events", "registrations"] });
    expect(anonymous.events!.items.map((e) => [e.id, e.event_page])).toEqual([[eventId, "Event:Sync meetup"]]);
    expect(anonymous.registrations!.items).toEqual([]);

    const mine = await trpc(alice).sync.pull.query({ cursors: {}, collections: ["events", "registrations", "searchDocs"], searchConfigs: ["Product search"] });
    expect(mine.user?.name).toBe("Alice");
    expect(mine.registrations!.items).toEqual([expect.objectContaining({ eventId, private: false })]);
    const bobs = await trpc(bob).sync.pull.query({ cursors: {}, collections: ["registrations"] });
    expect(bobs.registrations!.items).toEqual([expect.objectContaining({ eventId, private: true })]);
    // Bob's private participation appears nowhere in what Alice (or anyone else) is sent.
    const bobId = (await world.store.users.byName("Bob"))!.id;
    expect(JSON.stringify(mine)).not.toMatch(/Bob/);
    expect(JSON.stringify(mine)).not.toContain(`"userId":${bobId}`);
    expect(JSON.stringify(anonymous)).not.toMatch(/Bob/);

    // Nothing changed: nothing sent. A change of visibility (no timestamp moves) is sent...
    const cursor = bobs.registrations!.cursor;
    expect((await trpc(bob).sync.pull.query({ cursors: { registrations: cursor }, collections: ["registrations"] })).registrations!.items).toEqual([]);
    expect((await bob.rest("PUT", `/campaignevents/v0/event_registration/${eventId}/participants/self`, { is_private: false, token: await bob.csrf() })).status).toBe(200);
    const toggled = await trpc(bob).sync.pull.query({ cursors: { registrations: cursor }, collections: ["registrations"] });
    expect(toggled.registrations!.items).toEqual([expect.objectContaining({ eventId, private: false })]);
    // ...and so is a cancellation (as a deletion, in a whole new copy).
    expect((await bob.rest("DELETE", `/campaignevents/v0/event_registration/${eventId}/participants/self`, { token: await bob.csrf() })).status).toBe(200);
    const after = await trpc(bob).sync.pull.query({ cursors: { registrations: toggled.registrations!.cursor }, collections: ["registrations"] });
    expect(after.registrations!.items).toEqual([]);
    expect(after.registrations!.deleted).toEqual([eventId]);
    expect(after.registrations!.reset).toBe(true);
    // Another account's cursor does not apply.
    const swapped = await trpc(alice).sync.pull.query({ cursors: { registrations: cursor }, collections: ["registrations"] });
    expect(swapped.registrations!.reset).toBe(true);
  });

  it("sends search configurations and documents, and deleted pages as deletions", async () => {
    const client = trpc(world.caller());
    const first = await client.sync.pull.query({ cursors: {}, searchConfigs: ["Product search", "Welcome"], collections: ["searchDocs"], limit: 1000 });
    const docs = first.searchDocs!;
    expect(docs.configs.map((c) => c.title)).toEqual(["Product search"]);
    expect(docs.configs[0]!.config.facets).toEqual(["Kind"]);
    expect(docs.missingConfigs).toEqual(["Welcome"]);
    const widget = docs.items.find((d) => d.prefixed === "Widget")!;
    expect(widget.textRaw).toContain("fine widget");
    expect(widget.values.map((v) => v.keyword)).toEqual(expect.arrayContaining(["Tool", "9"]));

    await edit(admin, "Doomed", "Soon gone. [[Kind::Tool]]");
    const added = await client.sync.pull.query({ cursors: { searchDocs: docs.cursor }, searchConfigs: ["Product search"], collections: ["searchDocs"] });
    expect(added.searchDocs!.items.map((d) => d.prefixed)).toEqual(["Doomed"]);
    const doomedId = added.searchDocs!.items[0]!.docId;
    const token = await admin.csrf();
    expect((await admin.action({ action: "delete", title: "Doomed", token }, "POST")).delete).toBeTruthy();
    const removed = await client.sync.pull.query({ cursors: { searchDocs: added.searchDocs!.cursor }, searchConfigs: ["Product search"], collections: ["searchDocs"] });
    expect(removed.searchDocs!.items).toEqual([]);
    expect(removed.searchDocs!.deleted).toEqual([doomedId]);
  });

  it("refuses bad input with a client error, never a 5xx", async () => {
    const bad = await admin.fetch(`${ORIGIN}/api/trpc/sync.pull?input=${encodeURIComponent(JSON.stringify({ cursors: { pages: 5 }, limit: -1 }))}`);
    expect(bad.status).toBe(400);
    const garbage = await admin.fetch(`${ORIGIN}/api/trpc/sync.pull?input=%7Bnot-json`);
    expect(garbage.status).toBeLessThan(500);
    const unknownWiki = await admin.fetch(`${ORIGIN}/api/trpc/sync.pull?input=${encodeURIComponent(JSON.stringify({ wiki: "nowhere.example", cursors: {} }))}`);
    expect(unknownWiki.status).toBe(404);
    const cursorJunk = await trpc(world.caller()).sync.pull.query({ cursors: { pages: "x.y.z", events: "e1.-3.q", searchDocs: "🙂" }, pages: ["Welcome"], searchConfigs: ["Product search"] });
    expect(cursorJunk.pages!.reset && cursorJunk.events!.reset && cursorJunk.searchDocs!.reset).toBe(true);
  });
});

describe("sync.push", () => {
  it("applies an edit on its base revision and answers a stale one with the server's version", async () => {
    const client = trpc(alice);
    const { csrfToken } = await client.sync.session.query();
    const base = (await world.store.pages.latest((await world.store.wikis.list())[0]!, (await import("@wikiloom/wikitext")).Title.tryParse("Widget", await world.store.wikis.siteConfig((await world.store.wikis.list())[0]!))!))!;
    const answers = await client.sync.push.mutate({
      token: csrfToken!,
      writes: [
        { id: "w1", kind: "edit", title: "Widget", baseRevid: base.id, text: "A better widget. [[Kind::Tool]] [[Rating::9]]", summary: "offline edit" },
        { id: "w2", kind: "edit", title: "Widget", baseRevid: base.id, text: "A rival edit from the same base." },
        { id: "w3", kind: "edit", title: "Special:Nope", baseRevid: 0, text: "x" },
      ],
    });
    expect(answers.map((a) => [a.id, a.status])).toEqual([["w1", "applied"], ["w2", "conflicted"], ["w3", "rejected"]]);
    const applied = answers[0] as Extract<(typeof answers)[number], { status: "applied" }>;
    const conflicted = answers[1] as Extract<(typeof answers)[number], { status: "conflicted" }>;
    expect(conflicted.server).toMatchObject({ title: "Widget", revid: (applied.result as any).revid, wikitext: "A better widget. [[Kind::Tool]] [[Rating::9]]" });
    const rev = await admin.action({ action: "query", prop: "revisions", titles: "Widget", rvprop: "content|comment|user", rvslots: "main" });
    expect(rev.query.pages[0].revisions[0]).toMatchObject({ user: "Alice", comment: "offline edit" });
  });

  it("creates pages with base 0 only if nobody created them meanwhile", async () => {
    const client = trpc(alice);
    const { csrfToken } = await client.sync.session.query();
    const [created] = await client.sync.push.mutate({ token: csrfToken!, writes: [{ id: "c1", kind: "edit", title: "Fresh page", baseRevid: 0, text: "new" }] });
    expect(created!.status).toBe("applied");
    const [second] = await client.sync.push.mutate({ token: csrfToken!, writes: [{ id: "c2", kind: "edit", title: "Fresh page", baseRevid: 0, text: "other" }] });
    expect(second).toMatchObject({ status: "conflicted", server: { exists: true, wikitext: "new" } });
  });

  it("registers and cancels with the events rules, answering refusals per write", async () => {
    const client = trpc(bob);
    const { csrfToken } = await client.sync.session.query();
    const answers = await client.sync.push.mutate({
      token: csrfToken!,
      writes: [
        { id: "r1", kind: "register", eventId, private: true },
        { id: "r2", kind: "register", eventId: 999_999, private: false },
      ],
    });
    expect(answers[0]).toMatchObject({ status: "applied", result: { modified: true, registration: { eventId, private: true } } });
    expect(answers[1]).toMatchObject({ status: "rejected", error: { code: expect.stringContaining("campaignevents") } });
    const own = await bob.rest("GET", `/campaignevents/v0/event_registration/${eventId}/participants/self`);
    expect(own.body).toMatchObject({ private: true });
    const [cancel] = await client.sync.push.mutate({ token: csrfToken!, writes: [{ id: "r3", kind: "cancel", eventId }] });
    expect(cancel).toMatchObject({ status: "applied", result: { modified: true } });
  });

  it("needs the CSRF token with a cookie session, none with an OAuth bearer, and an account", async () => {
    const write = { id: "x1", kind: "edit" as const, title: "Csrf target", baseRevid: 0, text: "should not be saved" };
    await expect(trpc(alice).sync.push.mutate({ writes: [write] })).rejects.toSatisfy((e) => e instanceof TRPCClientError && e.data?.code === "FORBIDDEN");
    await expect(trpc(alice).sync.push.mutate({ token: "bogus+\\", writes: [write] })).rejects.toThrow(/badtoken/);
    await expect(trpc(world.caller()).sync.push.mutate({ writes: [write] })).rejects.toThrow(/notloggedin/);
    expect((await admin.action({ action: "query", prop: "info", titles: "Csrf target" })).query.pages[0].missing).toBe(true);

    const token = (await alice.action({ action: "oauthtoken", operation: "create", token: await alice.csrf() }, "POST"));
    const bearer = world.caller();
    bearer.bearer = token.oauthtoken?.token ?? token.token;
    expect(bearer.bearer).toBeTruthy();
    const [answer] = await trpc(bearer).sync.push.mutate({ writes: [{ ...write, text: "saved with a bearer" }] });
    expect(answer!.status).toBe("applied");
  });
});
