// Runs lint cases and checks their assertions: shared by the CLI (npm run lint:conformance) and
// the vitest conformance test.
import { lint, type LintItem } from "../../packages/wikitext/src/lint/index.js";
import { checkAssertion, type LintAssertionSpec } from "./lints-assertions.js";
import { lintEnvFactory, type LintCase } from "./lints-fixtures.js";

export interface LintCaseOutcome {
  id: number;
  desc: string;
  passed: boolean;
  failures: string[];
  result: LintItem[];
}

export async function runLintCases(cases: readonly LintCase[]): Promise<LintCaseOutcome[]> {
  const envFor = lintEnvFactory();
  const outcomes: LintCaseOutcome[] = [];
  for (const c of cases) {
    let result: LintItem[] = [];
    const failures: string[] = [];
    try {
      result = await lint(c.wikitext, envFor(c), { overrides: c.linter_overrides ?? undefined });
      // Lint items as Parsoid serialises them: absent optional fields are absent, not undefined.
      const plain = JSON.parse(JSON.stringify(result)) as unknown[];
      for (const a of c.assertions as LintAssertionSpec[]) {
        const failure = checkAssertion(plain, a);
        if (failure) failures.push(failure);
      }
    } catch (error) {
      failures.push(`threw: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    }
    outcomes.push({ id: c.id, desc: c.desc, passed: failures.length === 0, failures, result });
  }
  return outcomes;
}
