import { SiteConfig } from "../src/env/site-config.js";
import type { SiteInfo } from "../src/env/siteinfo.js";

/** A small English wiki configuration written for the engine's own tests. */
export const testSiteInfo: SiteInfo = {
  general: {
    mainpage: "Main Page",
    sitename: "Testwiki",
    lang: "en",
    server: "//test.example",
    servername: "test.example",
    articlepath: "/wiki/$1",
    scriptpath: "/w",
    wikiid: "testwiki",
    case: "first-letter",
    linktrail: "/^([a-z]+)(.*)$/sD",
  },
  namespaces: Object.fromEntries(
    (
      [
        [-2, "Media"], [-1, "Special"], [0, ""], [1, "Talk"], [2, "User"], [3, "User talk"],
        [4, "Testwiki"], [5, "Testwiki talk"], [6, "File"], [7, "File talk"], [10, "Template"],
        [11, "Template talk"], [14, "Category"], [15, "Category talk"], [1728, "Event"], [1729, "Event talk"],
      ] as const
    ).map(([id, name]) => [
      String(id),
      { id, name, canonical: id === 4 ? "Project" : id === 5 ? "Project talk" : name || undefined, case: "first-letter", subpages: id > 0 && id % 2 === 1 },
    ]),
  ),
  namespacealiases: [
    { id: 6, alias: "Image" },
    { id: 7, alias: "Image talk" },
    { id: 4, alias: "TW" },
  ],
  magicwords: [
    { name: "notoc", aliases: ["__NOTOC__"], "case-sensitive": false },
    { name: "pagename", aliases: ["PAGENAME"], "case-sensitive": true },
    { name: "if", aliases: ["if"], "case-sensitive": false },
  ],
  interwikimap: [
    { prefix: "wikipedia", url: "https://en.wikipedia.org/wiki/$1" },
    { prefix: "fr", url: "https://fr.wikipedia.org/wiki/$1", language: "français", local: true },
    { prefix: "local", url: "https://test.example/wiki/$1", local: true, localinterwiki: true },
  ],
  extensiontags: ["<nowiki>", "<pre>", "<ref>"],
  functionhooks: ["if"],
};

export const testSite = SiteConfig.fromSiteInfo(testSiteInfo);
