/**
 * The PWA's data layer against a real platform (in process, fresh store): a client pulls, goes
 * offline, reads templates through the worker's data access, queues an edit and a registration,
 * searches its Dexie copy (same hits, totals and facets as the server's meta=WikiSearch), comes
 * back online and pushes; the server then holds the edit and the registration. Conflicts stay
 * queued with the server's version until resolved; other users' private registrations never
 * reach the client.
 */
import "fake-indexeddb/auto";
import { preprocess, type SiteConfig } from "@wikiloom/wikitext";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOfflineDataAccess, createSyncClient, openClientDb, searchOffline, type ClientDb } from "../../src/data/index.js";
import { ADMIN_PASSWORD, createEvent, edit, openWorld, ORIGIN, seedWiki, USER_PASSWORD, type Caller, type World } from "../../../http/test/sync-world.js";

let world: World;
let admin: Caller;
let eventId: number;
let configPageId: number;
let dbCount = 0;

async function browserOf(name: string): Promise<{ caller: Caller; db: ClientDb; sync: ReturnType<typeof createSyncClient> }> {
  const caller = world.caller();
  await caller.login(name, name === "Admin" ? ADMIN_PASSWORD : USER_PASSWORD);
  const db = openClientDb(`sync-loop-${++dbCount}`);
  return { caller, db, sync: createSyncClient({ db, baseUrl: ORIGIN, fetch: caller.fetch }) };
}

async function open(db: ClientDb, title: string): Promise<void> {
  await db.pages.put({ title, revid: 0, wikitext: "", timestamp: "", openedAt: Date.now() });
}

async function serverText(title: string): Promise<string | undefined> {
  const answer = await admin.action({ action: "query", prop: "revisions", titles: title, rvprop: "content", rvslots: "main" });
  return answer.query.pages[0].revisions?.[0]?.slots.main.content;
}

async function serverSearch(params: Record<string, string>): Promise<any> {
  return admin.action({ action: "query", meta: "WikiSearch", pageid: String(configPageId), ...params });
}

beforeAll(async () => {
  world = await openWorld("sync-loop");
  admin = world.caller();
  await admin.login("Admin", ADMIN_PASSWORD);
  await world.store.users.create("Alice", USER_PASSWORD);
  await world.store.users.create("Bob", USER_PASSWORD);
  await seedWiki(admin);
  eventId = await createEvent(admin, "Event:Offline meetup");
  configPageId = (await admin.action({ action: "query", prop: "info", titles: "Product search" })).query.pages[0].pageid;
});

afterAll(async () => {
  await world?.close();
});

describe("the sync loop", () => {
  it("pulls, works offline (sources, search, queued writes), pushes when back online", async () => {
    const { caller, db, sync } = await browserOf("Alice");
    await open(db, "Welcome");
    await sync.followSearchConfig("Product search");
    const report = await sync.pull();
    expect(report.user?.name).toBe("Alice");
    const welcome = (await db.pages.get("Welcome"))!;
    expect(welcome.wikitext).toBe("{{Greeting|reader}} See [[Other page]].");
    expect((await db.templates.toArray()).map((t) => t.title).sort()).toEqual(["Template:Greeting", "Template:Signature"]);
    expect((await db.events.toArray()).map((e) => e.id)).toEqual([eventId]);
    expect(await db.searchDocs.count()).toBeGreaterThanOrEqual(5);
    // A second pull finds nothing new.
    expect((await sync.pull()).received).toMatchObject({ pages: 0, templates: 0, events: 0, registrations: 0, searchDocs: 0 });

    caller.offline = true;
    await expect(sync.pull()).rejects.toThrow();

    // The worker's environment answers from the copy: templates expand, existence is known.
    const data = createOfflineDataAccess(db, { online: () => !caller.offline, baseUrl: ORIGIN, fetch: caller.fetch });
    const wiki = (await world.store.wikis.list())[0]!;
    const site: SiteConfig = await world.store.wikis.siteConfig(wiki);
    const expanded = await preprocess(welcome.wikitext, { site, page: { title: "Welcome" }, data });
    expect(expanded.text).toBe("Hello, reader! — the team See [[Other page]].");
    const existence = await data.getPageExistence(["Welcome", "Template:Greeting", "Other page"]);
    expect([...existence.keys()].sort()).toEqual(["Template:Greeting", "Welcome"]);
    expect(await db.existence.get("Other page")).toMatchObject({ exists: false }); // learnt from the pull

    // Offline search: the same answer as the server's, facets included.
    const calls: Record<string, string>[] = [
      {},
      { term: "widget" },
      { term: "tinkering", aggregations: JSON.stringify([{ type: "range", property: "Rating", ranges: [{ to: 5 }, { from: 5, to: 10 }, { from: 10 }] }]) },
      { filter: JSON.stringify([{ key: "Kind", value: "Tool" }]) },
      { filter: JSON.stringify([{ key: "Rating", range: { gte: 5 } }]), sortings: JSON.stringify([{ type: "property", property: "Rating", order: "asc" }]) },
      { term: "gizmo OR gadget", limit: "1", from: "1" },
      { term: "wid*" },
    ];
    for (const params of calls) {
      const server = await serverSearch(params);
      expect(server.error, JSON.stringify(server.error)).toBeUndefined();
      const local = await searchOffline(db, "Product search", {
        term: params.term, filter: params.filter, aggregations: params.aggregations, sortings: params.sortings,
        from: params.from ? Number(params.from) : undefined, limit: params.limit ? Number(params.limit) : undefined,
      });
      const view = (result: any) => ({ ...result, hits: JSON.parse(result.hits).map((h: any) => ({ ...h, _score: Number(h._score.toFixed(6)) })) });
      expect(view(local.result), JSON.stringify(params)).toEqual(view(server.result));
    }
    const faceted = await searchOffline(db, "Product search", { filter: JSON.stringify([{ key: "Kind", value: "Tool" }]) });
    expect((faceted.result.aggs as any).Kind.Kind.buckets).toEqual([{ key: "Tool", doc_count: 2 }]);

    // Writes made offline wait in the queue; the local copy shows them.
    await sync.queueEdit({ title: "Welcome", baseRevid: welcome.revid, text: "{{Greeting|offline reader}}", summary: "written offline" });
    await sync.queueRegistration({ eventId, private: true });
    expect((await db.pages.get("Welcome"))!.wikitext).toBe("{{Greeting|offline reader}}");
    expect(await db.registrations.get(eventId)).toMatchObject({ private: true });
    await expect(sync.push()).rejects.toThrow();
    expect((await db.queue.toArray()).map((w) => w.status)).toEqual(["queued", "queued"]);

    caller.offline = false;
    // A pull before the push keeps the queued writes' local effects.
    await sync.pull();
    expect(await db.registrations.get(eventId)).toMatchObject({ private: true });
    expect((await db.pages.get("Welcome"))!.wikitext).toBe("{{Greeting|offline reader}}");
    expect(await sync.push()).toEqual({ applied: 2, conflicted: 0, rejected: 0 });
    expect(await serverText("Welcome")).toBe("{{Greeting|offline reader}}");
    const own = await caller.rest("GET", `/campaignevents/v0/event_registration/${eventId}/participants/self`);
    expect(own).toMatchObject({ status: 200, body: { private: true } });
    const saved = (await db.pages.get("Welcome"))!;
    expect(saved.revid).toBeGreaterThan(welcome.revid);
    await sync.pull();
    expect(await db.registrations.get(eventId)).toMatchObject({ eventId, private: true });
    expect((await db.pages.get("Welcome"))!.wikitext).toBe("{{Greeting|offline reader}}");
  });

  it("keeps a conflicted edit with the server's version until the user resolves it", async () => {
    const { db, sync } = await browserOf("Bob");
    await open(db, "Gizmo");
    await sync.pull();
    const base = (await db.pages.get("Gizmo"))!;
    await sync.queueEdit({ title: "Gizmo", baseRevid: base.revid, text: base.wikitext + " Edited by Bob." });
    await edit(admin, "Gizmo", base.wikitext + " Edited by Admin.");
    expect(await sync.push()).toEqual({ applied: 0, conflicted: 1, rejected: 0 });
    const [conflict] = await sync.conflicts();
    expect(conflict).toMatchObject({ status: "conflicted", title: "Gizmo", server: { wikitext: base.wikitext + " Edited by Admin." } });
    // Pulls do not overwrite the local edit while it is unresolved, and pushes do not resend it.
    await sync.pull();
    expect((await db.pages.get("Gizmo"))!.wikitext).toBe(base.wikitext + " Edited by Bob.");
    expect(await sync.push()).toEqual({ applied: 0, conflicted: 0, rejected: 0 });
    expect(await db.queue.count()).toBe(1);

    await sync.resolveConflict(conflict!.id, { text: base.wikitext + " Edited by Admin. Edited by Bob." });
    expect(await sync.push()).toEqual({ applied: 1, conflicted: 0, rejected: 0 });
    expect(await serverText("Gizmo")).toBe(base.wikitext + " Edited by Admin. Edited by Bob.");
    expect(await sync.conflicts()).toEqual([]);
  });

  it("undoes the local effect of a write the server rejects, and keeps the reason", async () => {
    const { db, sync } = await browserOf("Bob");
    await sync.pull();
    await sync.queueRegistration({ eventId: 987_654, private: false });
    expect(await sync.push()).toEqual({ applied: 0, conflicted: 0, rejected: 1 });
    const [row] = await db.queue.toArray();
    expect(row).toMatchObject({ status: "rejected", error: { code: expect.stringContaining("campaignevents") } });
    expect(await db.registrations.get(987_654)).toBeUndefined();
  });

  it("never brings another user's private registration to the client", async () => {
    const bob = await browserOf("Bob");
    await bob.sync.queueRegistration({ eventId, private: true });
    expect((await bob.sync.push()).applied).toBe(1);
    const carol = await browserOf("Alice");
    await carol.sync.followSearchConfig("Product search");
    await carol.sync.pull();
    const everything = JSON.stringify(await Promise.all([
      carol.db.events.toArray(), carol.db.registrations.toArray(), carol.db.searchDocs.toArray(), carol.db.meta.toArray(),
    ]));
    // (Page text may mention Bob; no record names him or carries his participation.)
    expect(everything).not.toContain('"Bob"');
    expect(everything).not.toMatch(/participant|user_name/);
    expect((await carol.db.registrations.toArray()).map((r) => r.eventId)).toEqual([eventId]);
    const bobId = (await world.store.users.byName("Bob"))!.id;
    expect(everything).not.toContain(`"userId":${bobId}`);
  });
});
