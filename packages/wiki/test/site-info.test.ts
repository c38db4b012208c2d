import { SiteConfig, Title, TitleError } from "@wikiloom/wikitext";
import { describe, expect, it } from "vitest";
import { buildSiteInfo } from "../src/site/site-info";
import { standardInterwikis } from "../src/site/interwikis";
import { standardNamespaceAliases, standardNamespaces } from "../src/site/namespaces";
import { DEFAULT_SETTINGS } from "../src/site/settings";
import { seededStore } from "./helpers";

/** The demo wiki's siteinfo built without a database, from the same definitions the store seeds. */
function demoSiteInfo(server?: string) {
  return buildSiteInfo(
    {
      wiki: { prefix: "localwiki", domain: "localhost", siteName: "Wikiloom Demo", lang: "en", settings: { ...DEFAULT_SETTINGS } },
      namespaces: standardNamespaces("Wikiloom Demo").map((ns) => ({ ...ns, name: ns.name ?? ns.canonical, nonincludable: false })),
      aliases: standardNamespaceAliases(),
      interwikis: standardInterwikis().map((iw) => ({ prefix: iw.prefix, url: iw.url, local: iw.local ?? false, language: iw.language ?? null })),
    },
    server ? { server } : {},
  );
}

const site = SiteConfig.fromSiteInfo(demoSiteInfo());
const parse = (text: string, ns = 0) => Title.parse(text, site, ns);
function errorCode(text: string): string | undefined {
  try {
    parse(text);
    return undefined;
  } catch (error) {
    return error instanceof TitleError ? error.code : "other";
  }
}

describe("siteinfo of a hosted wiki", () => {
  it("describes the wiki in the general section", () => {
    const { general } = demoSiteInfo();
    expect(general).toMatchObject({
      sitename: "Wikiloom Demo", servername: "localhost", wikiid: "localwiki", server: "//localhost",
      scriptpath: "/w", articlepath: "/wiki/$1", lang: "en", mainpage: "Main Page", case: "first-letter",
      maxarticlesize: 2097152, linktrail: "/^([a-z]+)(.*)$/sD",
    });
    expect(general.base).toBe("//localhost/wiki/Main_Page");
    expect(demoSiteInfo("http://127.0.0.1:3000").general.server).toBe("http://127.0.0.1:3000");
  });

  it("lists MediaWiki's standard namespaces plus Property and Event", () => {
    const info = demoSiteInfo();
    // (JS orders integer-like keys first, so "-2" and "-1" come last in the object.)
    const ids = Object.values(info.namespaces).map((ns) => ns.id).sort((a, b) => a - b);
    expect(ids).toEqual([-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 102, 103, 1728, 1729]);
    expect(info.namespaces["4"]).toMatchObject({ name: "Wikiloom Demo", canonical: "Project", case: "first-letter" });
    expect(info.namespaces["1728"]).toMatchObject({ name: "Event", canonical: "Event" });
    expect(info.namespaces["1729"]).toMatchObject({ name: "Event talk", subpages: true });
    expect(info.namespaces["0"]).toMatchObject({ name: "", content: true, subpages: false });
    expect(info.namespacealiases).toEqual(expect.arrayContaining([{ id: 6, alias: "Image" }, { id: 7, alias: "Image talk" }]));
  });

  it("carries magic words, tags, hooks, protocols and interwikis", () => {
    const info = demoSiteInfo();
    const redirect = info.magicwords.find((w) => w.name === "redirect");
    expect(redirect).toEqual({ name: "redirect", aliases: ["#REDIRECT"], "case-sensitive": false });
    expect(info.magicwords.find((w) => w.name === "pagename")?.["case-sensitive"]).toBe(true);
    expect(info.extensiontags).toEqual(expect.arrayContaining(["<ref>", "<references>", "<nowiki>", "<pre>", "<gallery>"]));
    expect(info.functionhooks).toEqual(expect.arrayContaining(["if", "switch", "expr", "ifexist", "lc", "ns", "set"]));
    expect(info.variables).toContain("pagename");
    expect(info.doubleunderscores).toContain("notoc");
    expect(info.protocols).toContain("https://");
    expect(info.interwikimap.find((iw) => iw.prefix === "wikipedia")?.url).toBe("https://en.wikipedia.org/wiki/$1");
    expect(info.interwikimap.find((iw) => iw.prefix === "de")?.language).toBe("Deutsch");
    // Every function hook and variable names a magic word that exists.
    const names = new Set(info.magicwords.map((w) => w.name));
    for (const id of [...info.functionhooks, ...(info.variables ?? []), ...(info.doubleunderscores ?? [])]) expect(names).toContain(id);
    expect(site.magicWordForAlias("__notoc__")).toBe("notoc");
    expect(site.magicWordForAlias("pagename")).toBeUndefined();
  });

  it("is what the store returns for the seeded wiki", async () => {
    const h = await seededStore();
    try {
      expect(await h.store.wikis.siteInfo(h.wiki)).toEqual(demoSiteInfo());
      expect((await h.store.wikis.siteInfo(h.wiki, { server: "http://127.0.0.1:4000" })).general.server).toBe("http://127.0.0.1:4000");
      expect(await h.store.wikis.siteConfig(h.wiki)).toBe(await h.store.wikis.siteConfig(h.wiki));
    } finally {
      await h.cleanup();
    }
  });
});

describe("titles on a hosted wiki", () => {
  it("resolves namespace names, canonical names and aliases case-insensitively", () => {
    expect(parse("Template:Greeting").ns).toBe(10);
    expect(parse("template:greeting").prefixedText).toBe("Template:Greeting");
    expect(parse("IMAGE:Logo.png").prefixedText).toBe("File:Logo.png");
    expect(parse("image talk:Logo.png").ns).toBe(7);
    expect(parse("Project:About").prefixedText).toBe("Wikiloom Demo:About");
    expect(parse("wikiloom_demo_talk:About").prefixedText).toBe("Wikiloom Demo talk:About");
    expect(parse("event:Launch party").prefixedText).toBe("Event:Launch party");
    expect(parse("Event_talk:Launch party").ns).toBe(1729);
    expect(parse("property:Has location").prefixedDbKey).toBe("Property:Has_location");
  });

  it("applies first-letter case, spaces and underscores", () => {
    const t = parse("  main_page  ");
    expect(t.dbKey).toBe("Main_page");
    expect(t.text).toBe("Main page");
    expect(parse("User:jane__doe").prefixedText).toBe("User:Jane doe");
    expect(parse("Foo", 10).prefixedText).toBe("Template:Foo");
    expect(parse(":Foo", 10).prefixedText).toBe("Foo");
  });

  it("recognises interwiki prefixes and keeps fragments", () => {
    const iw = parse("wikipedia:Berlin");
    expect(iw.interwiki).toBe("wikipedia");
    expect(iw.isExternal).toBe(true);
    const withFragment = parse("Main Page#Getting_started");
    expect(withFragment.prefixedText).toBe("Main Page");
    expect(withFragment.fragment).toBe("Getting started");
  });

  it("pairs subject and talk pages, including the Event namespace", () => {
    expect(parse("Event:Launch").talkPage().prefixedText).toBe("Event talk:Launch");
    expect(parse("Talk:Main Page").subjectPage().prefixedText).toBe("Main Page");
    expect(parse("Wikiloom Demo:About").talkPage().prefixedText).toBe("Wikiloom Demo talk:About");
  });

  it("rejects invalid characters, empty titles and over-long titles", () => {
    for (const bad of ["A#", "a<b", "a>b", "a[b]", "a|b", "a{b}", "a\u0001b"]) {
      expect(errorCode(bad.startsWith("A#") ? "#" : bad)).toBeDefined();
    }
    expect(errorCode("")).toBe("title-invalid-empty");
    expect(errorCode("Template:")).toBe("title-invalid-empty");
    expect(errorCode("a|b")).toBe("title-invalid-characters");
    expect(errorCode("x".repeat(256))).toBe("title-invalid-too-long");
    expect(errorCode("x".repeat(255))).toBeUndefined();
    expect(errorCode("Talk:wikipedia:Foo")).toBe("title-invalid-talk-namespace");
  });
});
