import { afterEach, describe, expect, it } from "vitest";
import { seededStore, type Harness } from "./helpers";

let h: Harness;
afterEach(async () => h?.cleanup());

describe("DataAccess over the store", () => {
  it("returns page sources by title, normalising the title", async () => {
    h = await seededStore();
    const access = h.store.dataAccess(h.wiki);
    const source = await access.getPageSource("template:Greeting");
    expect(source).toMatchObject({ title: "Template:Greeting", contentmodel: "wikitext" });
    expect(source!.source).toContain("{{{1|friend}}}");
    expect(await access.getPageSource("Template:No such template")).toBeNull();
    expect(await access.getPageSource("Bad[title]")).toBeNull();
    expect(await access.getPageSource("Special:Version")).toBeNull();
  });

  it("returns a page's older revision by id, and nothing for another page's revision", async () => {
    h = await seededStore();
    const title = await h.title("Versions");
    const v1 = await h.store.pages.save({ wiki: h.wiki, title, text: "first", user: h.admin });
    await h.store.pages.save({ wiki: h.wiki, title, text: "second", user: h.admin });
    const access = h.store.dataAccess(h.wiki);
    expect((await access.getPageSource("Versions"))!.source).toBe("second");
    expect(await access.getPageSource("Versions", v1.revision.id)).toEqual({ title: "Versions", revid: v1.revision.id, source: "first", contentmodel: "wikitext" });
    expect(await access.getPageSource("Main Page", v1.revision.id)).toBeNull();
    expect(await access.getPageSource("Versions", 999_999)).toBeNull();
  });

  it("reports existence and redirects for a batch of titles, keyed as asked", async () => {
    h = await seededStore();
    await h.store.pages.save({ wiki: h.wiki, title: await h.title("Home"), text: "#REDIRECT [[Main Page]]", user: h.admin });
    const access = h.store.dataAccess(h.wiki);
    const asked = ["Main Page", "main_Page", "Home", "Template:Greeting", "Missing page", "Bad|title", "wikipedia:Foo", "Event:Wikiloom Launch Meetup"];
    const result = await access.getPageExistence(asked);
    expect(result.get("Main Page")).toEqual({ exists: true, redirect: false });
    expect(result.get("main_Page")).toEqual({ exists: true, redirect: false });
    expect(result.get("Home")).toEqual({ exists: true, redirect: true });
    expect(result.get("Template:Greeting")?.exists).toBe(true);
    expect(result.get("Event:Wikiloom Launch Meetup")?.exists).toBe(true);
    expect(result.has("Missing page")).toBe(false);
    expect(result.has("Bad|title")).toBe(false);
    expect(result.has("wikipedia:Foo")).toBe(false);
  });

  it("handles large batches", async () => {
    h = await seededStore();
    const titles = Array.from({ length: 1200 }, (_, i) => `Page number ${i}`);
    titles.push("Main Page");
    const result = await h.store.dataAccess(h.wiki).getPageExistence(titles);
    expect([...result.keys()]).toEqual(["Main Page"]);
  });

  it("knows no files yet", async () => {
    h = await seededStore();
    expect((await h.store.dataAccess(h.wiki).getFileInfo([{ name: "Example.jpg" }])).size).toBe(0);
  });
});
