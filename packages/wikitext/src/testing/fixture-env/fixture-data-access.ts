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

/** Bound on the key cache (cleared whole when reached: titles are cheap to parse again). */
const MAX_CACHED_KEYS = 50_000;

/**
 * DataAccess answered from already-loaded fixture data: page sources and existence from the test
 * file's articles, file info from the mock media repository. Pure: no I/O, so it runs anywhere.
 */
export class FixtureDataAccess implements DataAccess {
  private readonly site: SiteConfig;
  private readonly pages = new Map<string, PageSource>();
  private readonly files: MockFileRepo;
  private readonly missing: Set<string>;
  private readonly special: Set<string>;
  private readonly redirects: Set<string>;
  private readonly disambiguations: Set<string>;

  /**
   * Canonical page keys by title text: a conversion asks about the same titles again and again,
   * and parsing one is most of a lookup's cost. Kept per instance, like a store's per-request
   * memo: the benchmarks convert each article with an instance of its own, so no article gets
   * answers another one (or an earlier pass over the same article) paid for.
   */
  private readonly keys = new Map<string, string | null>();

  constructor(options: FixtureDataAccessOptions) {
    this.site = options.site;
    this.files = options.files;
    const known = options.knownPages ?? PARSER_TEST_KNOWN_PAGES;
    this.missing = this.keySet(known.missing);
    this.special = this.keySet(known.special);
    this.redirects = this.keySet(known.redirects);
    this.disambiguations = this.keySet(known.disambiguations);
    let revid = 1;
    for (const page of options.pages) {
      const key = this.key(page.title);
      // Later definitions win, as when a test file redefines an article.
      if (key !== null) this.pages.set(key, { title: key, revid: revid++, source: page.text, contentmodel: "wikitext" });
    }
  }

  /**
   * The canonical prefixed text of a title, or null when it is not a valid title. MediaWiki
   * stores titles in Unicode NFC, so differently composed spellings name the same page.
   */
  private key(title: string): string | null {
    let key = this.keys.get(title);
    if (key === undefined) {
      key = Title.tryParse(toNfc(title), this.site)?.prefixedText ?? null;
      if (this.keys.size >= MAX_CACHED_KEYS) this.keys.clear();
      this.keys.set(title, key);
    }
    return key;
  }

  private keySet(titles: readonly string[]): Set<string> {
    const keys = new Set<string>();
    for (const title of titles) {
      const key = this.key(title);
      if (key !== null) keys.add(key);
    }
    return keys;
  }

  async getPageSource(title: string, revid?: number): Promise<PageSource | null> {
    const key = this.key(title);
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
    const key = this.key(title);
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
