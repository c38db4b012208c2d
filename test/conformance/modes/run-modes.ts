import {
  ParserTestEnvFactory,
  type ParserTestCase,
  caseRunsMode,
  isLanguageVariantCase,
} from "../../../packages/wikitext/src/testing/index.js";
import type { ParserTestFixtures } from "../fixtures.js";
import { type KnownFailures, isKnownFailure } from "../known-failures.js";
import type { CaseSelection } from "../runner-core.js";
import { expectedHtml2Wt, html2wtInput, runHtml2Wt } from "./html2wt.js";
import { expectedSelser, runSelser } from "./selser.js";
import { expectedWt2Wt, runWt2Wt } from "./wt2wt.js";

/**
 * The wikitext-producing modes of the conformance run (wt2wt, html2wt, selser with manual
 * edits): select each mode's cases, convert, compare wikitext after trimming trailing newlines
 * (as Parsoid's runner does) and classify against the known-failures list.
 */
export type WikitextMode = "wt2wt" | "html2wt" | "selser";
export const WIKITEXT_MODES: readonly WikitextMode[] = ["wt2wt", "html2wt", "selser"];

export interface ModeResult {
  file: string;
  name: string;
  mode: WikitextMode;
  group: "core" | "language-variant";
  passed: boolean;
  knownFailure: boolean;
  /** Parsoid itself fails this case in this mode (known_failures_standalone). */
  parsoidFails: boolean;
  output: string;
  expected: string;
  error?: string;
}

interface ModeSpec {
  expected(testCase: ParserTestCase): string | null;
  applies(testCase: ParserTestCase): boolean;
  run(testCase: ParserTestCase, env: ReturnType<ParserTestEnvFactory["envFor"]>): Promise<string>;
}

const SPECS: Record<WikitextMode, ModeSpec> = {
  wt2wt: { expected: expectedWt2Wt, applies: (c) => caseRunsMode(c, "wt2wt") && c.wikitext !== null, run: runWt2Wt },
  html2wt: { expected: expectedHtml2Wt, applies: (c) => caseRunsMode(c, "html2wt") && html2wtInput(c) !== null, run: runHtml2Wt },
  // Only the manual-edit cases: Parsoid's random-edit selser runs have no fixed expectation.
  selser: { expected: expectedSelser, applies: (c) => caseRunsMode(c, "selser"), run: runSelser },
};

function parsoidFailsCase(testCase: ParserTestCase, mode: WikitextMode): boolean {
  const known = testCase["known_failures_standalone"];
  if (Array.isArray(known)) return known.includes(mode);
  return known !== null && typeof known === "object" && mode in (known as Record<string, unknown>);
}

function trimTrailingNewlines(text: string): string {
  return text.replace(/\n+$/, "");
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export async function runWikitextModes(options: {
  fixtures: ParserTestFixtures;
  knownFailures: KnownFailures;
  modes?: readonly WikitextMode[];
  selection?: CaseSelection;
}): Promise<ModeResult[]> {
  const factory = new ParserTestEnvFactory(options.fixtures);
  const results: ModeResult[] = [];
  const selection = options.selection ?? {};
  for (const mode of options.modes ?? WIKITEXT_MODES) {
    const spec = SPECS[mode];
    for (const testCase of options.fixtures.cases) {
      if (selection.file !== undefined && testCase.file !== selection.file) continue;
      if (selection.filter !== undefined && !testCase.name.includes(selection.filter)) continue;
      if (!spec.applies(testCase)) continue;
      const expected = spec.expected(testCase);
      if (expected === null) continue;
      let output = "";
      let error: string | undefined;
      try {
        output = await spec.run(testCase, factory.envFor(testCase));
      } catch (caught) {
        error = describeError(caught);
      }
      results.push({
        file: testCase.file,
        name: testCase.name,
        mode,
        group: isLanguageVariantCase(testCase) ? "language-variant" : "core",
        passed: error === undefined && trimTrailingNewlines(output) === trimTrailingNewlines(expected),
        knownFailure: isKnownFailure(options.knownFailures, mode, testCase.file, testCase.name),
        parsoidFails: parsoidFailsCase(testCase, mode),
        output,
        expected,
        ...(error !== undefined ? { error } : {}),
      });
    }
  }
  return results;
}

export function unexpectedModeFailures(results: readonly ModeResult[]): ModeResult[] {
  return results.filter((r) => !r.passed && !r.knownFailure);
}
