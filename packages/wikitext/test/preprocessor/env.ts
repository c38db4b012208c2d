// A self-contained wiki for the preprocessor tests: English magic words (names and aliases as
// MediaWiki's English siteinfo has them), a few namespaces, and templates kept in memory.
import { SiteConfig, type DataAccess, type PageExistence, type PageSource, type SiteInfo, type SiteInfoMagicWord } from "../../src/index.js";
import type { Env } from "../../src/index.js";

const word = (name: string, aliases: string[], caseSensitive = false): SiteInfoMagicWord => ({ name, aliases, "case-sensitive": caseSensitive });

const CASE_SENSITIVE_VARIABLES = [
  "pagename", "pagenamee", "fullpagename", "fullpagenamee", "basepagename", "basepagenamee", "rootpagename", "rootpagenamee",
  "subpagename", "subpagenamee", "talkpagename", "talkpagenamee", "subjectpagename", "subjectpagenamee",
  "namespace", "namespacee", "namespacenumber", "talkspace", "talkspacee", "subjectspace", "subjectspacee",
  "currentyear", "currentmonth", "currentmonth1", "currentmonthname", "currentmonthnamegen", "currentmonthabbrev",
  "currentday", "currentday2", "currentdayname", "currentdow", "currenttime", "currenthour", "currentweek", "currenttimestamp",
  "localyear", "localmonth", "localtime", "localhour", "localtimestamp", "sitename", "revisionid", "revisiontimestamp",
  "revisionday", "revisionuser", "pagelanguage", "contentlanguage", "userlanguage", "numberofarticles",
];

export const siteInfo: SiteInfo = {
  general: {
    mainpage: "Main Page", sitename: "Testwiki", lang: "en", server: "//test.example", servername: "test.example",
    articlepath: "/wiki/$1", scriptpath: "/w", script: "/w/index.php", wikiid: "testwiki", case: "first-letter",
    timezone: "Europe/Paris", timeoffset: 60,
  },
  namespaces: {
    "-2": { id: -2, name: "Media", canonical: "Media", case: "first-letter" },
    "-1": { id: -1, name: "Special", canonical: "Special", case: "first-letter" },
    "0": { id: 0, name: "", case: "first-letter", content: true },
    "1": { id: 1, name: "Talk", canonical: "Talk", case: "first-letter", subpages: true },
    "2": { id: 2, name: "User", canonical: "User", case: "first-letter", subpages: true },
    "3": { id: 3, name: "User talk", canonical: "User talk", case: "first-letter", subpages: true },
    "6": { id: 6, name: "File", canonical: "File", case: "first-letter" },
    "10": { id: 10, name: "Template", canonical: "Template", case: "first-letter", subpages: true },
    "11": { id: 11, name: "Template talk", canonical: "Template talk", case: "first-letter", subpages: true },
  },
  namespacealiases: [{ id: 6, alias: "Image" }],
  magicwords: [
    word("redirect", ["#REDIRECT"]),
    ...CASE_SENSITIVE_VARIABLES.map((name) => word(name, [name.toUpperCase()], true)),
    word("currentmonth", ["CURRENTMONTH", "CURRENTMONTH2"], true),
    word("server", ["SERVER"]), word("servername", ["SERVERNAME"]), word("scriptpath", ["SCRIPTPATH"]),
    word("!", ["!"], true), word("=", ["="], true),
    word("if", ["if"]), word("ifeq", ["ifeq"]), word("iferror", ["iferror"]), word("ifexpr", ["ifexpr"]), word("ifexist", ["ifexist"]),
    word("switch", ["switch"]), word("default", ["#default"]), word("expr", ["expr"]), word("time", ["time"]), word("timel", ["timel"]),
    word("titleparts", ["titleparts"]), word("rel2abs", ["rel2abs"]), word("tag", ["tag"]),
    word("lc", ["LC:"]), word("uc", ["UC:"]), word("lcfirst", ["LCFIRST:"]), word("ucfirst", ["UCFIRST:"]),
    word("urlencode", ["URLENCODE:"]), word("anchorencode", ["ANCHORENCODE"]), word("url_path", ["PATH"]), word("url_query", ["QUERY"]), word("url_wiki", ["WIKI"]),
    word("localurl", ["LOCALURL:"]), word("fullurl", ["FULLURL:"]), word("ns", ["NS:"]), word("nse", ["NSE:"]),
    word("padleft", ["PADLEFT"]), word("padright", ["PADRIGHT"]), word("formatnum", ["FORMATNUM"]), word("rawsuffix", ["R"], true),
    word("nocommafysuffix", ["NOSEP"]), word("plural", ["PLURAL:"]), word("gender", ["GENDER:"]), word("grammar", ["GRAMMAR:"]),
    word("language", ["#LANGUAGE"]), word("int", ["INT:"]), word("displaytitle", ["DISPLAYTITLE"], true), word("defaultsort", ["DEFAULTSORT:", "DEFAULTSORTKEY:"], true),
    word("defaultsort_noreplace", ["noreplace"]), word("subst", ["SUBST:"]), word("safesubst", ["SAFESUBST:"]), word("msgnw", ["MSGNW:"]),
    word("msg", ["MSG:"]), word("raw", ["RAW:"]), word("pagesize", ["PAGESIZE"], true),
    word("bcp47", ["#bcp47"], true), word("dir", ["#dir"], true), word("special", ["special"]), word("speciale", ["speciale"]), word("formatdate", ["formatdate", "dateformat"]),
    word("f1_wt", ["f1_wt"]), word("f1_wt_nohash", ["f1_wt_nohash", "#f1_wt_hash"], true), word("f2_if", ["f2_if", "もし"], true),
  ],
  interwikimap: [{ prefix: "wikipedia", url: "http://en.wikipedia.org/wiki/$1" }],
  extensiontags: ["<pre>", "<nowiki>", "<ref>", "<gallery>", "<poem>"],
  functionhooks: [],
  specialpagealiases: [{ realname: "Recentchanges", aliases: ["RecentChanges"] }, { realname: "Randompage", aliases: ["Random", "RandomPage"] }],
};

export const site = SiteConfig.fromSiteInfo(siteInfo);

/** An in-memory wiki: page sources by title (any title form), counting what was asked. */
export class MemoryData implements DataAccess {
  readonly sourceRequests: string[] = [];
  private readonly pages = new Map<string, PageSource>();

  constructor(pages: Record<string, string> = {}) {
    let revid = 100;
    for (const [title, source] of Object.entries(pages)) {
      this.pages.set(title, { title, revid: revid++, source });
    }
  }

  async getPageSource(title: string): Promise<PageSource | null> {
    this.sourceRequests.push(title);
    return this.pages.get(title) ?? null;
  }

  async getPageExistence(titles: readonly string[]): Promise<Map<string, PageExistence>> {
    const map = new Map<string, PageExistence>();
    for (const t of titles) if (this.pages.has(t)) map.set(t, { exists: true });
    return map;
  }

  async getFileInfo() {
    return new Map();
  }
}

export function makeEnv(pages: Record<string, string> = {}, title = "Test page", extra: Partial<Env["page"]> = {}): Env & { data: MemoryData } {
  return { site, page: { title, timestamp: "2024-03-05T14:07:09Z", ...extra }, data: new MemoryData(pages) };
}
