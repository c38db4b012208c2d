import type { DataAccess, PageConfig } from "../../env/data-access.js";
import type { SiteInfo } from "../../env/siteinfo.js";
import { SiteConfig } from "../../env/site-config.js";
import { Title } from "../../env/title.js";
import { FixtureDataAccess, type KnownPageStates } from "./fixture-data-access.js";
import { type MockMedia, MockFileRepo } from "./mock-media.js";
import { type ParserTestArticle, type ParserTestCase, caseLanguage, caseUserLanguage, caseTitle } from "./parser-test-case.js";
import {
  type ParserTestEnvironmentData,
  buildParserTestSiteInfo,
  siteSettingsForCase,
  siteSettingsKey,
} from "./parser-test-site-info.js";

/** The environment of one parser test, shaped like the engine's `Env`. */
export interface ParserTestEnv {
  site: SiteConfig;
  page: PageConfig;
  data: DataAccess;
}

export interface ParserTestEnvSources {
  siteInfoFor(language: string): SiteInfo;
  environment: ParserTestEnvironmentData;
  media: MockMedia;
  articlesByFile: ReadonlyMap<string, readonly ParserTestArticle[]>;
  knownPages?: KnownPageStates;
  /** Files on the bad-image list. */
  badFiles?: readonly string[];
}

/** MediaWiki's parser tests pretend to run at Unix time 123. */
export const PARSER_TEST_TIMESTAMP = new Date(123 * 1000).toISOString().replace(/\.\d+Z$/, "Z");

/** MediaWiki's parser-test runner renders every test as revision 1337 ({{REVISIONID}}). */
export const PARSER_TEST_REVISION_ID = 1337;

/** Files the parser tests put on the bad-image list. */
export const PARSER_TEST_BAD_FILES = ["Bad.jpg"];

/**
 * Builds per-case environments from already-loaded fixture data. Site configurations are shared
 * between cases with the same language and settings, since building one is the costly part.
 */
export class ParserTestEnvFactory {
  private readonly sites = new Map<string, SiteConfig>();
  private readonly files: MockFileRepo;

  constructor(private readonly sources: ParserTestEnvSources) {
    this.files = new MockFileRepo(sources.media, { badFiles: sources.badFiles ?? PARSER_TEST_BAD_FILES });
  }

  siteFor(testCase: ParserTestCase): SiteConfig {
    const language = caseLanguage(testCase);
    const settings = siteSettingsForCase(testCase);
    const key = siteSettingsKey(language, settings);
    let site = this.sites.get(key);
    if (!site) {
      site = SiteConfig.fromSiteInfo(
        buildParserTestSiteInfo(this.sources.siteInfoFor(language), this.sources.environment, settings),
      );
      this.sites.set(key, site);
    }
    return site;
  }

  envFor(testCase: ParserTestCase): ParserTestEnv {
    const site = this.siteFor(testCase);
    const rawTitle = caseTitle(testCase);
    const title = Title.tryParse(rawTitle, site)?.prefixedText ?? rawTitle;
    const articles = this.sources.articlesByFile.get(testCase.file) ?? [];
    // The page under test exists, as in MediaWiki's runner, with the test's wikitext as source.
    const pages = [...articles, { title, text: testCase.wikitext ?? "" }];
    const userlanguage = caseUserLanguage(testCase);
    return {
      site,
      page: {
        title,
        revid: PARSER_TEST_REVISION_ID,
        pagelanguage: caseLanguage(testCase),
        ...(userlanguage ? { userlanguage } : {}),
        timestamp: PARSER_TEST_TIMESTAMP,
      },
      data: new FixtureDataAccess({ site, pages, files: this.files, knownPages: this.sources.knownPages }),
    };
  }
}
