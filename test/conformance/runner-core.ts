import {
  ParserTestEnvFactory,
  type ParserTestCase,
  caseParserFunctionOutput,
  caseOutputVariant,
  caseRunsMode,
  caseWrapsSections,
  isLanguageVariantCase,
  judgeWt2Html,
  normalizedExpectation,
} from "../../packages/wikitext/src/testing/index.js";
import type { ConversionEngine } from "./engine.js";
import type { ParserTestFixtures } from "./fixtures.js";
import { type KnownFailures, isKnownFailure } from "./known-failures.js";

/**
 * The conformance run itself, in process: select the cases, convert each with the engine in its
 * fixture environment, judge the output with Parsoid's normalisers, and classify the result
 * against the known-failures list. Used by the CLI and by the vitest test.
 */
export type CaseGroup = "core" | "language-variant";

export interface CaseResult {
  file: string;
  name: string;
  mode: "wt2html";
  group: CaseGroup;
  passed: boolean;
  knownFailure: boolean;
  output: string;
  error?: string;
  normalizedActual: string;
  normalizedExpected: string;
}

export interface CaseSelection {
  /** Only this test file (e.g. "quotes.txt"). */
  file?: string;
  /** Only cases whose name contains this. */
  filter?: string;
}

export interface ConformanceRun {
  results: CaseResult[];
  /** Cases the runner would run in wt2html but cannot judge: they only check metadata. */
  metadataOnly: ParserTestCase[];
}

export function selectWt2HtmlCases(cases: readonly ParserTestCase[], selection: CaseSelection = {}): ParserTestCase[] {
  return cases.filter(
    (c) =>
      caseRunsMode(c, "wt2html") &&
      (selection.file === undefined || c.file === selection.file) &&
      (selection.filter === undefined || c.name.includes(selection.filter)),
  );
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export async function runConformance(options: {
  fixtures: ParserTestFixtures;
  engine: ConversionEngine | null;
  /** Why there is no engine, reported as every case's error. */
  engineMissingReason?: string;
  knownFailures: KnownFailures;
  selection?: CaseSelection;
}): Promise<ConformanceRun> {
  const { fixtures, engine, knownFailures } = options;
  const factory = new ParserTestEnvFactory(fixtures);
  const results: CaseResult[] = [];
  const metadataOnly: ParserTestCase[] = [];

  for (const testCase of selectWt2HtmlCases(fixtures.cases, options.selection)) {
    const expected = normalizedExpectation(testCase);
    if (expected === null) {
      metadataOnly.push(testCase);
      continue;
    }
    let output = "";
    let error: string | undefined;
    if (!engine) {
      error = options.engineMissingReason ?? "no engine";
    } else {
      try {
        const env = factory.envFor(testCase);
        const variant = caseOutputVariant(testCase, env.site);
        const result = await engine.wt2html(testCase.wikitext ?? "", env, {
          bodyOnly: true,
          wrapSections: caseWrapsSections(testCase),
          inlineDataParser: true,
          parserFunctionOutput: caseParserFunctionOutput(testCase),
          ...(variant !== undefined ? { variant } : {}),
        });
        output = result.html;
      } catch (caught) {
        error = describeError(caught);
      }
    }
    const verdict = error === undefined ? judgeWt2Html(testCase, output, expected) : null;
    results.push({
      file: testCase.file,
      name: testCase.name,
      mode: "wt2html",
      group: isLanguageVariantCase(testCase) ? "language-variant" : "core",
      passed: verdict?.passed ?? false,
      knownFailure: isKnownFailure(knownFailures, "wt2html", testCase.file, testCase.name),
      output,
      ...(error !== undefined ? { error } : {}),
      normalizedActual: verdict?.normalizedActual ?? "",
      normalizedExpected: expected,
    });
  }
  return { results, metadataOnly };
}

export interface Tally {
  passed: number;
  failed: number;
}

export function tally(results: readonly CaseResult[]): Tally {
  const passed = results.filter((r) => r.passed).length;
  return { passed, failed: results.length - passed };
}

/** Failures the known-failures list does not allow: these fail the run. */
export function unexpectedFailures(results: readonly CaseResult[]): CaseResult[] {
  return results.filter((r) => !r.passed && !r.knownFailure);
}

/** Listed cases that pass now: the list should shrink by these. */
export function newlyPassing(results: readonly CaseResult[]): CaseResult[] {
  return results.filter((r) => r.passed && r.knownFailure);
}
