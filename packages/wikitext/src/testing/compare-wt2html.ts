import {
  type ParserTestCase,
  caseOptions,
  casePreservesInterElementWhitespace,
  expectedWt2Html,
  usesStrictNormalization,
} from "./fixture-env/parser-test-case.js";
import { normalizeLegacyExpected } from "./html-normalize/normalize-legacy-expected.js";
import { type NormalizeOutOptions, normalizeOut } from "./html-normalize/normalize-out.js";

/**
 * Judges one wt2html output against a parser test's expectation as Parsoid's runner does
 * (Test::normalizeHTML): the output always goes through normalizeOut; the expectation through
 * normalizeOut as well when it is Parsoid HTML, or through the legacy normaliser otherwise.
 */
export interface Wt2HtmlVerdict {
  passed: boolean;
  normalizedActual: string;
  normalizedExpected: string;
}

export function normalizeOptionsForCase(testCase: ParserTestCase): NormalizeOutOptions {
  const target = caseOptions(testCase)["externallinktarget"];
  return {
    parsoidOnly: usesStrictNormalization(testCase),
    preserveIEW: casePreservesInterElementWhitespace(testCase),
    externalLinkTarget: typeof target === "string" && target !== "" ? target : false,
  };
}

/** The normalised expectation, or null when the case has no HTML to compare (metadata only). */
export function normalizedExpectation(testCase: ParserTestCase): string | null {
  const expected = expectedWt2Html(testCase);
  if (expected === null) return null;
  const options = normalizeOptionsForCase(testCase);
  return options.parsoidOnly ? normalizeOut(expected, options) : normalizeLegacyExpected(expected);
}

export function judgeWt2Html(testCase: ParserTestCase, actualHtml: string, expected?: string | null): Wt2HtmlVerdict {
  const normalizedExpected = expected ?? normalizedExpectation(testCase) ?? "";
  const normalizedActual = normalizeOut(actualHtml, normalizeOptionsForCase(testCase));
  return { passed: normalizedActual === normalizedExpected, normalizedActual, normalizedExpected };
}
