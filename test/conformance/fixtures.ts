import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { SiteInfo, SiteInfoInterwiki, SiteInfoMagicWord } from "@wikiloom/wikitext";
import {
  type MockMedia,
  type ParserTestArticle,
  type ParserTestCase,
  type ParserTestEnvironmentData,
  unwrapSiteInfo,
} from "../../packages/wikitext/src/testing/index.js";

/**
 * Reads the parser-test fixtures from ../shared (relative to the repo root). This is the only
 * part of the conformance runner that touches the file system; everything it returns is plain
 * data that the isomorphic helpers in packages/wikitext/src/testing consume.
 */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const SHARED_DIR = resolve(REPO_ROOT, "../shared");
export const PARSOID_FIXTURES_DIR = join(SHARED_DIR, "fixtures/parsoid");
export const DEFAULT_CASES_PATH = join(PARSOID_FIXTURES_DIR, "parsertests.jsonl");

export function sharedFixturesAvailable(): boolean {
  return existsSync(DEFAULT_CASES_PATH);
}

export function readJsonLines<T>(path: string): T[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

export interface ParserTestFixtures {
  cases: ParserTestCase[];
  /** Articles by test file name. */
  articlesByFile: Map<string, ParserTestArticle[]>;
  environment: ParserTestEnvironmentData;
  media: MockMedia;
  /** The base siteinfo of a language's wiki ("en" → enwiki.siteinfo.json), cached. */
  siteInfoFor(language: string): SiteInfo;
}

interface TestEnvJson extends MockMedia {
  interwiki: SiteInfoInterwiki[];
}

/**
 * Loads a case file with its articles (the articles.jsonl next to it, if any) and the shared
 * environment (siteinfo per language, test interwiki map, mock media, extra magic words).
 */
export function loadParserTestFixtures(casesPath: string = DEFAULT_CASES_PATH): ParserTestFixtures {
  const envDir = join(PARSOID_FIXTURES_DIR, "env");
  const cases = readJsonLines<ParserTestCase>(casesPath);
  const articlesPath = join(dirname(casesPath), "articles.jsonl");
  const articlesByFile = new Map<string, ParserTestArticle[]>();
  if (existsSync(articlesPath)) {
    for (const article of readJsonLines<ParserTestArticle>(articlesPath)) {
      const list = articlesByFile.get(article.file) ?? [];
      list.push(article);
      articlesByFile.set(article.file, list);
    }
  }
  const testEnv = readJson<TestEnvJson>(join(envDir, "testenv.json"));
  const siteConfigJson = readJson<{ magicwords: SiteInfoMagicWord[] }>(join(envDir, "parsertests.siteconfig.json"));
  const siteInfos = new Map<string, SiteInfo>();

  return {
    cases,
    articlesByFile,
    environment: { interwiki: testEnv.interwiki, extraMagicWords: siteConfigJson.magicwords },
    media: { image_base_url: testEnv.image_base_url, files: testEnv.files },
    siteInfoFor(language: string): SiteInfo {
      let info = siteInfos.get(language);
      if (!info) {
        const path = join(envDir, `${language}wiki.siteinfo.json`);
        // Languages without a siteinfo file fall back to English, as the wiki then has no own config.
        info = unwrapSiteInfo(readJson(existsSync(path) ? path : join(envDir, "enwiki.siteinfo.json")));
        siteInfos.set(language, info);
      }
      return info;
    },
  };
}
