import { toNfc } from "../../util/nfc.js";
import type { DataAccess, FileInfo, FileRequest, PageExistence, PageSource } from "../../env/data-access.js";
import type { SiteConfig } from "../../env/site-config.js";
import { Title } from "../../env/title.js";
import type { MockFileRepo } from "./mock-media.js";

/**
 * Pages whose state the parser-test mock API hard-codes, beyond the articles of a test file.
 * Everything else that is not an article of the file does not exist.
 */
export interface KnownPageStates {
  /** Titles reported missing even if an article defines them. */
  missing: readonly string[];
  /** Special pages that exist. */
  special: readonly string[];
  redirects: readonly string[];
  disambiguations: readonly string[];
}

export const PARSER_TEST_KNOWN_PAGES: KnownPageStates = {
  missing: ["Doesnotexist"],
  special: ["Special:Version", "Special:BookSources", "Special:BookSources/isbn=4-00-026157-6", "Special:BookSources/0978739256"],
  redirects: ["Redirected"],
  disambiguations: ["Disambiguation"],
};

export interface FixturePage {
  title: string;
  text: string;
}

export interface FixtureDataAccessOptions {
  site: SiteConfig;
  /** The test file's articles (plus the test's own page, which the runner registers as existing). */
  pages: Iterable<FixturePage>;
  files: MockFileRepo;
  knownPages?: KnownPageStates;
}

/**
 * DataAccess answered from already-loaded fixture data: page sources and existence from the test
 * file's articles, file info from the mock media repository. Pure: no I/O, so it runs anywhere.
 */
export class FixtureDataAccess implements DataAccess {
  private readonly site: SiteConfig;
  private readonly pages = new Map<string, PageSource>();
  private readonly files: MockFileRepo;
  private readonly missing: ReadonlySet<string>;
  private readonly special: ReadonlySet<string>;
  private readonly redirects: ReadonlySet<string>;
  private readonly disambiguations: ReadonlySet<string>;

  constructor(options: FixtureDataAccessOptions) {
    this.site = options.site;
    this.files = options.files;
    const known = knownPageKeys(options.site, options.knownPages ?? PARSER_TEST_KNOWN_PAGES);
    this.missing = known.missing;
    this.special = known.special;
    this.redirects = known.redirects;
    this.disambiguations = known.disambiguations;
    let revid = 1;
    for (const page of options.pages) {
      const key = pageKey(page.title, this.site);
      // Later definitions win, as when a test file redefines an article.
      if (key !== null) this.pages.set(key, { title: key, revid: revid++, source: page.text, contentmodel: "wikitext" });
    }
  }

  async getPageSource(title: string, revid?: number): Promise<PageSource | null> {
    const key = pageKey(title, this.site);
    if (key === null || this.missing.has(key)) return null;
    const page = this.pages.get(key);
    if (!page || (revid !== undefined && page.revid !== revid)) return null;
    return page;
  }

  async getPageExistence(titles: readonly string[]): Promise<Map<string, PageExistence>> {
    const result = new Map<string, PageExistence>();
    for (const title of titles) {
      const existence = this.existenceOf(title);
      if (existence) result.set(title, existence);
    }
    return result;
  }

  private existenceOf(title: string): PageExistence | null {
    const key = pageKey(title, this.site);
    if (key === null) return null;
    if (this.redirects.has(key)) return { exists: true, redirect: true };
    if (this.disambiguations.has(key)) return { exists: true, disambiguation: true };
    if (this.special.has(key)) return { exists: true };
    if (this.missing.has(key) || !this.pages.has(key)) return null;
    return { exists: true };
  }

  async getFileInfo(requests: readonly FileRequest[]): Promise<Map<string, FileInfo>> {
    const result = new Map<string, FileInfo>();
    for (const request of requests) {
      const info = this.files.fileInfo(request);
      if (info) result.set(request.name, info);
    }
    return result;
  }
}

/**
 * The canonical prefixed text of a title, or null when it is not a valid title. MediaWiki
 * stores titles in Unicode NFC, so differently composed spellings name the same page. (Title
 * parses are cached per site: a conversion asking about a title again costs a lookup.)
 */
function pageKey(title: string, site: SiteConfig): string | null {
  return Title.tryParse(toNfc(title), site)?.prefixedText ?? null;
}

interface KnownPageKeys {
  missing: ReadonlySet<string>;
  special: ReadonlySet<string>;
  redirects: ReadonlySet<string>;
  disambiguations: ReadonlySet<string>;
}

/**
 * The known page states as page keys, made once per site and list (an instance is made per
 * conversion, and the lists are constants).
 */
const knownKeysBySite = new WeakMap<SiteConfig, WeakMap<KnownPageStates, KnownPageKeys>>();

function knownPageKeys(site: SiteConfig, known: KnownPageStates): KnownPageKeys {
  let bySite = knownKeysBySite.get(site);
  if (bySite === undefined) {
    bySite = new WeakMap();
    knownKeysBySite.set(site, bySite);
  }
  let keys = bySite.get(known);
  if (keys === undefined) {
    keys = {
      missing: keySet(known.missing, site),
      special: keySet(known.special, site),
      redirects: keySet(known.redirects, site),
      disambiguations: keySet(known.disambiguations, site),
    };
    bySite.set(known, keys);
  }
  return keys;
}

function keySet(titles: readonly string[], site: SiteConfig): Set<string> {
  const keys = new Set<string>();
  for (const title of titles) {
    const key = pageKey(title, site);
    if (key !== null) keys.add(key);
  }
  return keys;
}
