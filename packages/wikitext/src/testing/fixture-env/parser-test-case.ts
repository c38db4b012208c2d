/**
 * One line of parsertests.jsonl (see ../shared/fixtures/parsoid/README.md), restricted to the fields
 * the runner reads, and the questions the runner asks about a case.
 */
import type { SiteConfig } from "../../env/site-config.js";
import { variantConverter } from "../../variants/convert.js";

export interface ParserTestCase {
  file: string;
  name: string;
  line?: number;
  wikitext: string | null;
  html_parsoid_effective?: string | null;
  html_parsoid?: string | null;
  html_parsoid_langconv?: string | null;
  /** Absent in hand-made case files: then inferred as Parsoid's runner would. */
  parsoid_only_normalization?: boolean;
  options?: string | null;
  options_parsed?: Record<string, unknown> | null;
  config_parsed?: Record<string, unknown> | null;
  modes_standalone?: string[] | null;
  skipped_standalone?: string[] | null;
  metadata?: string | null;
  metadata_standalone?: string | null;
  [key: string]: unknown;
}

/** One line of articles.jsonl: a page that a test file's cases transclude or link to. */
export interface ParserTestArticle {
  file: string;
  title: string;
  text: string;
}

export type ConversionMode = "wt2html" | "wt2wt" | "html2html" | "html2wt" | "selser";

const DEFAULT_PAGE_TITLE = "Parser test";

export function caseOptions(testCase: ParserTestCase): Record<string, unknown> {
  return testCase.options_parsed ?? {};
}

export function caseConfig(testCase: ParserTestCase): Record<string, unknown> {
  return testCase.config_parsed ?? {};
}

/** Parsoid-specific options (`parsoid={...}`): modes, wrapSections, preserveIEW, changes... */
export function caseParsoidOptions(testCase: ParserTestCase): Record<string, unknown> {
  const parsoid = caseOptions(testCase)["parsoid"];
  return parsoid && typeof parsoid === "object" && !Array.isArray(parsoid) ? (parsoid as Record<string, unknown>) : {};
}

/** The page the test pretends to render: `title=[[X]]`, else "Parser test". */
export function caseTitle(testCase: ParserTestCase): string {
  const title = caseOptions(testCase)["title"];
  if (typeof title !== "string" || title === "") return DEFAULT_PAGE_TITLE;
  // The fixture usually strips the brackets already; accept both forms.
  return title.replace(/^\[\[(.*)\]\]$/s, "$1");
}

/** Wiki language of the test ("en" unless `language=xx`). */
export function caseLanguage(testCase: ParserTestCase): string {
  const language = caseOptions(testCase)["language"];
  return typeof language === "string" && language !== "" ? language.replace(/wiki$/, "") : "en";
}

/**
 * The reader's language a case sets (`userLanguage=` option), when its config lets the parser
 * use it (`wgParserEnableUserLanguage`); otherwise {{USERLANGUAGE}} is the page's language.
 */
export function caseUserLanguage(testCase: ParserTestCase): string | undefined {
  const language = caseOptions(testCase)["userlanguage"];
  if (caseConfig(testCase)["wgParserEnableUserLanguage"] !== true) return undefined;
  return typeof language === "string" && language !== "" ? language : undefined;
}

const ALL_MODES: readonly ConversionMode[] = ["wt2html", "wt2wt", "html2html", "html2wt", "selser"];

/**
 * Whether Parsoid's standalone runner runs this case in the given mode. Case files without
 * `modes_standalone` fall back to the test's own `parsoid={modes}` option, else every mode.
 */
export function caseRunsMode(testCase: ParserTestCase, mode: ConversionMode): boolean {
  if (testCase.skipped_standalone && testCase.skipped_standalone.length > 0) return false;
  if ((testCase.wikitext ?? null) === null && mode.startsWith("wt")) return false;
  if (testCase.modes_standalone) return testCase.modes_standalone.includes(mode);
  const declared = caseParsoidOptions(testCase)["modes"];
  const modes = Array.isArray(declared) ? (declared as string[]) : ALL_MODES;
  return modes.includes(mode);
}

/**
 * Language-variant cases need LanguageConverter and are counted on their own: the language-
 * converter test files, and cases that ask for a variant or for `langconv`.
 */
export function isLanguageVariantCase(testCase: ParserTestCase): boolean {
  const options = caseOptions(testCase);
  return (
    testCase.file.startsWith("langParserTests") ||
    "htmlvariantlanguage" in options ||
    "langconv" in options ||
    (testCase.html_parsoid_langconv ?? null) !== null
  );
}

/**
 * The HTML a wt2html run is judged against: the langconv expectation when the case has one (the
 * Parsoid runner runs those with variant conversion on), else the effective Parsoid HTML.
 * null when the case only checks metadata, which the engine does not report.
 */
export function expectedWt2Html(testCase: ParserTestCase): string | null {
  return testCase.html_parsoid_langconv ?? testCase.html_parsoid_effective ?? testCase.html_parsoid ?? null;
}

/**
 * The variant a case's wt2html output is asked in: the one its langconv expectation was made
 * for (Parsoid's runner converts those), when the engine offers a converter to it.
 */
export function caseOutputVariant(testCase: ParserTestCase, site: SiteConfig): string | undefined {
  if ((testCase.html_parsoid_langconv ?? null) === null) return undefined;
  const variant = caseOptions(testCase)["htmlvariantlanguage"];
  if (typeof variant !== "string" || variant.includes(",")) return undefined;
  return variantConverter(site, variant, { rulesOnly: true }) ? variant : undefined;
}

/** Whether the expectation must be compared with the strict (Parsoid-only) normaliser. */
export function usesStrictNormalization(testCase: ParserTestCase): boolean {
  if ((testCase.html_parsoid_langconv ?? null) !== null) return true;
  if (testCase.parsoid_only_normalization !== undefined) return testCase.parsoid_only_normalization;
  // Parsoid HTML, or a test with Parsoid options that does not ask for legacy normalisation.
  const parsoid = caseOptions(testCase)["parsoid"];
  const asksLegacy = typeof parsoid === "object" && parsoid !== null && "normalizePhp" in parsoid;
  return (testCase.html_parsoid ?? null) !== null || (parsoid !== undefined && !asksLegacy);
}

export function casePreservesInterElementWhitespace(testCase: ParserTestCase): boolean {
  return "preserveIEW" in caseParsoidOptions(testCase);
}

export function caseExternalLinkTarget(testCase: ParserTestCase): string | false {
  const fromOption = caseOptions(testCase)["externallinktarget"];
  if (typeof fromOption === "string" && fromOption !== "") return fromOption;
  const fromConfig = caseConfig(testCase)["wgExternalLinkTarget"];
  return typeof fromConfig === "string" && fromConfig !== "" ? fromConfig : false;
}

export function caseWrapsSections(testCase: ParserTestCase): boolean {
  return caseParsoidOptions(testCase)["wrapSections"] === true;
}

/**
 * Parser-function encapsulation the case expects: Parsoid's v3 HTML (mw:ParserFunction/<name>)
 * when the case's config turns on `wgParsoidExperimentalParserFunctionOutput`, else v2.
 */
export function caseParserFunctionOutput(testCase: ParserTestCase): "v2" | "v3" {
  return caseConfig(testCase)["wgParsoidExperimentalParserFunctionOutput"] === true ? "v3" : "v2";
}
