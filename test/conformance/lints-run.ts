// Lint conformance: runs ../shared/fixtures/parsoid/lints.jsonl (or --cases PATH) and prints
// "N passed, M failed", with the failures outside the known-failures list.
//   npm run lint:conformance -- [--cases PATH] [--verbose] [--update-known-failures]
import { readFileSync, writeFileSync } from "node:fs";
import { DEFAULT_LINT_CASES_PATH, lintFixturesAvailable, loadLintCases } from "./lints-fixtures.js";
import { runLintCases } from "./lints-runner.js";
import { LINT_KNOWN_FAILURES_PATH, loadLintKnownFailures } from "./lints-known-failures.js";

const args = process.argv.slice(2);
const casesArg = args.indexOf("--cases");
const casesPath = casesArg >= 0 ? args[casesArg + 1]! : DEFAULT_LINT_CASES_PATH;
const verbose = args.includes("--verbose");

if (!lintFixturesAvailable(casesPath)) {
  console.log(`lint conformance: no cases at ${casesPath}; skipped`);
  process.exit(0);
}
const cases = loadLintCases(casesPath);
const started = performance.now();
const outcomes = await runLintCases(cases);
const elapsed = performance.now() - started;
const known = loadLintKnownFailures();
const passed = outcomes.filter((o) => o.passed);
const failed = outcomes.filter((o) => !o.passed);
for (const o of failed) {
  const isKnown = known.has(o.id);
  if (isKnown && !verbose) continue;
  console.log(`${isKnown ? "known " : ""}FAIL #${o.id} ${o.desc}`);
  for (const f of o.failures) console.log(`    ${f.split("\n")[0]}`);
  if (verbose) console.log(`    got: ${JSON.stringify(o.result)}`);
}
const newlyPassing = passed.filter((o) => known.has(o.id)).map((o) => o.id);
if (newlyPassing.length > 0) console.log(`now passing (remove from the known failures): ${newlyPassing.join(", ")}`);
const pct = ((100 * passed.length) / Math.max(1, outcomes.length)).toFixed(1);
console.log(`lints: ${passed.length} passed, ${failed.length} failed (${pct}%) in ${elapsed.toFixed(0)} ms`);
if (args.includes("--update-known-failures") && casesPath === DEFAULT_LINT_CASES_PATH) {
  // The list only shrinks: cases outside it must be fixed, not added.
  const ids = [...known].filter((id) => failed.some((o) => o.id === id)).sort((a, b) => a - b);
  const file = JSON.parse(readFileSync(LINT_KNOWN_FAILURES_PATH, "utf8")) as { comment: string; ids: number[] };
  writeFileSync(LINT_KNOWN_FAILURES_PATH, JSON.stringify({ ...file, ids }, null, 2) + "\n");
  console.log(`known failures: ${ids.length}`);
}
const unexpected = failed.filter((o) => !known.has(o.id));
process.exit(unexpected.length > 0 ? 1 : 0);
