// A small self-contained wiki environment for engine tests (no ../shared needed): a few
// namespaces, an interwiki and a language link prefix, the redirect and behaviour-switch magic
// words, and an in-memory set of existing pages.
import { SiteConfig, type SiteInfo, type DataAccess, type PageExistence } from "../../src/index.js";
import type { Env } from "../../src/index.js";

export const siteInfo: SiteInfo = {
  general: {
    mainpage: "Main Page", sitename: "Testwiki", lang: "en", server: "//test.example", servername: "test.example",
    articlepath: "/wiki/$1", scriptpath: "/w", wikiid: "testwiki", case: "first-letter",
    linktrail: "/^([a-z]+)(.*)$/sD",
  },
  namespaces: {
    "-2": { id: -2, name: "Media", canonical: "Media", case: "first-letter" },
    "-1": { id: -1, name: "Special", canonical: "Special", case: "first-letter" },
    "0": { id: 0, name: "", case: "first-letter", content: true },
    "1": { id: 1, name: "Talk", canonical: "Talk", case: "first-letter" },
    "6": { id: 6, name: "File", canonical: "File", case: "first-letter" },
    "10": { id: 10, name: "Template", canonical: "Template", case: "first-letter" },
    "14": { id: 14, name: "Category", canonical: "Category", case: "first-letter" },
  },
  namespacealiases: [{ id: 6, alias: "Image" }],
  magicwords: [
    { name: "redirect", aliases: ["#REDIRECT"], "case-sensitive": false },
    { name: "img_thumbnail", aliases: ["thumb", "thumbnail"], "case-sensitive": true },
    { name: "notoc", aliases: ["__NOTOC__"], "case-sensitive": false },
    { name: "toc", aliases: ["__TOC__"], "case-sensitive": false },
  ],
  interwikimap: [
    { prefix: "wikipedia", url: "http://en.wikipedia.org/wiki/$1" },
    { prefix: "fr", url: "http://fr.wikipedia.org/wiki/$1", language: "français", local: true },
  ],
  extensiontags: ["<pre>", "<nowiki>"],
  functionhooks: [],
};

export function makeEnv(existing: Record<string, PageExistence> = { "Main Page": { exists: true } }, title = "Test page"): Env & { queries: string[][] } {
  const queries: string[][] = [];
  const data: DataAccess = {
    async getPageSource() {
      return null;
    },
    async getPageExistence(titles) {
      queries.push([...titles]);
      const result = new Map<string, PageExistence>();
      for (const t of titles) if (existing[t]) result.set(t, existing[t]!);
      return result;
    },
    async getFileInfo() {
      return new Map();
    },
  };
  return { site: SiteConfig.fromSiteInfo(siteInfo), page: { title }, data, queries };
}

/** `env` whose data access gives these pages' sources (title → wikitext; revision 1), for templates. */
export function withPageSources<E extends Env>(env: E, pages: Readonly<Record<string, string>>): E {
  return { ...env, data: { ...env.data, getPageSource: async (title: string) => (pages[title] === undefined ? null : { title, revid: 1, source: pages[title]! }) } };
}
