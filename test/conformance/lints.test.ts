// Lint conformance in-process: every case of ../shared/fixtures/parsoid/lints.jsonl outside the
// known-failures list must pass (skipped cleanly when the shared fixtures are absent).
import { describe, expect, it } from "vitest";
import { lintFixturesAvailable, loadLintCases } from "./lints-fixtures.js";
import { loadLintKnownFailures } from "./lints-known-failures.js";
import { runLintCases, type LintCaseOutcome } from "./lints-runner.js";

const available = lintFixturesAvailable();

describe.skipIf(!available)("lint conformance (lints.jsonl)", () => {
  let outcomes: LintCaseOutcome[] = [];

  it("runs every case", async () => {
    outcomes = await runLintCases(loadLintCases());
    expect(outcomes.length).toBeGreaterThan(0);
  }, 120_000);

  it("passes every case outside the known failures", () => {
    const known = loadLintKnownFailures();
    const unexpected = outcomes.filter((o) => !o.passed && !known.has(o.id)).map((o) => `#${o.id} ${o.desc}: ${o.failures[0]}`);
    expect(unexpected).toEqual([]);
  });

  it("passes at least 95% of the cases", () => {
    const passed = outcomes.filter((o) => o.passed).length;
    expect(passed / outcomes.length).toBeGreaterThanOrEqual(0.95);
  });
});
