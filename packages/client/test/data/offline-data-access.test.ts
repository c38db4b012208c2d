/**
 * The worker's data access: answers from the Dexie copy first; asks the server's action API
 * for what the copy lacks while online and keeps the answer, so the same lookups work offline
 * afterwards; offline, unknown titles read as missing and nothing is fetched.
 */
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOfflineDataAccess, openClientDb } from "../../src/data/index.js";
import { ADMIN_PASSWORD, edit, openWorld, ORIGIN, type Caller, type World } from "../../../http/test/sync-world.js";

let world: World;
let admin: Caller;
let requests: string[];

beforeAll(async () => {
  world = await openWorld("offline-data");
  admin = world.caller();
  await admin.login("Admin", ADMIN_PASSWORD);
  await edit(admin, "Template:Box", "[{{{1}}}]");
  await edit(admin, "Linked page", "I exist.");
  await edit(admin, "Redirecting", "#REDIRECT [[Linked page]]");
  for (const name of ["One", "Two", "Three"]) await edit(admin, `Template:${name}`, `(${name})`);
});

afterAll(async () => {
  await world?.close();
});

function accessFor(name: string) {
  const db = openClientDb(name);
  const browser = world.caller();
  requests = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(String(input));
    return browser.fetch(input, init);
  }) as typeof globalThis.fetch;
  return { db, browser, data: createOfflineDataAccess(db, { online: () => !browser.offline, baseUrl: ORIGIN, fetch }) };
}

describe("createOfflineDataAccess", () => {
  it("fetches what the copy lacks while online, keeps it, and answers from it offline", async () => {
    const { db, browser, data } = accessFor("data-access-1");
    const box = await data.getPageSource("Template:Box");
    expect(box).toMatchObject({ title: "Template:Box", source: "[{{{1}}}]" });
    expect(await db.templates.get("Template:Box")).toMatchObject({ wikitext: "[{{{1}}}]", revid: box!.revid });
    expect(await data.getPageSource("Template:Missing")).toBeNull();

    const existence = await data.getPageExistence(["Linked page", "Redirecting", "Red link", "linked_page"]);
    expect(Object.fromEntries(existence)).toEqual({
      "Linked page": { exists: true, redirect: false },
      Redirecting: { exists: true, redirect: true },
      linked_page: { exists: true, redirect: false },
    });

    browser.offline = true;
    const fetched = requests.length;
    expect(await data.getPageSource("Template:Box")).toMatchObject({ source: "[{{{1}}}]" });
    expect(await data.getPageSource("Template:Missing")).toBeNull();
    expect(await data.getPageSource("Never seen")).toBeNull();
    expect(Object.fromEntries(await data.getPageExistence(["Linked page", "Red link", "Redirecting"]))).toEqual({
      "Linked page": { exists: true, redirect: false },
      Redirecting: { exists: true, redirect: true },
    });
    expect(requests.length).toBe(fetched);
    expect((await data.getFileInfo([{ name: "Nothing.png" }])).size).toBe(0);
  });

  it("does not ask again for titles it knows are missing, and looks revisions up by id", async () => {
    const { data } = accessFor("data-access-2");
    expect(await data.getPageSource("Gone")).toBeNull();
    const count = requests.length;
    expect(await data.getPageSource("Gone")).toBeNull();
    expect(requests.length).toBe(count);
    const latest = (await data.getPageSource("Linked page"))!;
    expect(await data.getPageSource("Linked page", latest.revid)).toMatchObject({ source: "I exist." });
    const newer = await edit(admin, "Linked page", "I changed.");
    // A revision the copy does not hold comes from the server by id...
    expect(await data.getPageSource("Linked page", newer)).toMatchObject({ revid: newer, source: "I changed." });
    // ...without replacing what the copy keeps (only pulls and title lookups do that).
    expect(await data.getPageSource("Linked page", latest.revid)).toMatchObject({ source: "I exist." });
  });

  it("asks the server for the templates and links of one lookup round together, in as few requests as the API allows", async () => {
    const { db, data } = accessFor("data-access-3");
    const titles = ["Template:One", "Template:Two", "template:Three", "Template:Nowhere"];
    const sources = await Promise.all(titles.map((title) => data.getPageSource(title)));
    expect(sources.map((source) => source && [source.title, source.source])).toEqual([
      ["Template:One", "(One)"], ["Template:Two", "(Two)"], ["Template:Three", "(Three)"], null,
    ]);
    expect(requests.filter((url) => url.includes("prop=revisions"))).toHaveLength(1);
    // Kept under the canonical title, and the missing one remembered as missing.
    expect(await db.templates.get("Template:Three")).toMatchObject({ wikitext: "(Three)" });
    expect(await db.existence.get("Template:Nowhere")).toMatchObject({ exists: false });

    // 120 unknown links: three requests of at most 50 titles.
    const links = Array.from({ length: 120 }, (_, i) => `Link ${i}`);
    const before = requests.length;
    const existence = await data.getPageExistence([...links, "Linked page"]);
    expect([...existence.keys()]).toEqual(["Linked page"]);
    expect(requests.length - before).toBe(3);
    expect(await db.existence.get("Link 119")).toMatchObject({ exists: false });
  });
});
