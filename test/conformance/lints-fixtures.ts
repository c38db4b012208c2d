import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Env } from "@wikiloom/wikitext";
import { ParserTestEnvFactory, type ParserTestCase } from "../../packages/wikitext/src/testing/index.js";
import { PARSOID_FIXTURES_DIR, loadParserTestFixtures, readJsonLines } from "./fixtures.js";

/**
 * Lint cases (../shared/fixtures/parsoid/lints.jsonl) and the environment they run in: the
 * parser tests' English wiki plus the templates of env/lint-templates.json.
 */
export const DEFAULT_LINT_CASES_PATH = join(PARSOID_FIXTURES_DIR, "lints.jsonl");

export type LintAssertion = { op: "same" | "count" | "equals" | "isset"; path: (string | number)[]; value: unknown };

export interface LintCase {
  id: number;
  desc: string;
  wikitext: string;
  title: string | null;
  namespace: number | null;
  linter_overrides: Record<string, unknown> | null;
  expected_count: number | null;
  assertions: LintAssertion[];
  [key: string]: unknown;
}

export function lintFixturesAvailable(path = DEFAULT_LINT_CASES_PATH): boolean {
  return existsSync(path);
}

export function loadLintCases(path = DEFAULT_LINT_CASES_PATH): LintCase[] {
  return readJsonLines<LintCase>(path);
}

/** Builds the environment of each lint case (site configuration shared between cases). */
export function lintEnvFactory(): (lintCase: LintCase) => Env {
  const fixtures = loadParserTestFixtures();
  const templates = JSON.parse(readFileSync(join(PARSOID_FIXTURES_DIR, "env/lint-templates.json"), "utf8")) as Record<string, string>;
  const articles = Object.entries(templates)
    .filter(([title]) => !title.startsWith("_"))
    .map(([title, text]) => ({ file: "lints", title, text }));
  const factory = new ParserTestEnvFactory({
    siteInfoFor: fixtures.siteInfoFor,
    environment: fixtures.environment,
    media: fixtures.media,
    articlesByFile: new Map([["lints", articles]]),
  });
  const caseTitle = (lintCase: LintCase): string => {
    if (lintCase.title) return lintCase.title;
    // A namespace without a title: a page of that namespace (as Parsoid's linter tests set it).
    const prefix = lintCase.namespace ? factory.siteFor({ file: "lints", name: "", wikitext: "" }).namespaceName(lintCase.namespace) : "";
    return prefix ? `${prefix}:Lint test` : "Lint test";
  };
  return (lintCase) => {
    const testCase: ParserTestCase = {
      file: "lints",
      name: `lint ${lintCase.id}`,
      wikitext: lintCase.wikitext,
      options_parsed: { title: caseTitle(lintCase) },
    };
    return factory.envFor(testCase) as Env;
  };
}
