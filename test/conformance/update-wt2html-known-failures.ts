import { loadEngine } from "./engine.js";
import { loadParserTestFixtures, sharedFixturesAvailable } from "./fixtures.js";
import { readKnownFailures, updatedKnownFailures, writeKnownFailures } from "./known-failures.js";
import { runConformance, tally } from "./runner-core.js";

/**
 * Rewrites only the wt2html part of known-failures.json from a fresh run, leaving the entries of
 * the other modes as they are (`npm run conformance -- --update-known-failures` rewrites all).
 * Run deliberately, after checking that the new failures are accepted ones. With --shrink-only,
 * only cases that pass now leave the list; nothing is added (regressions keep failing the gate).
 */
async function main(): Promise<void> {
  if (!sharedFixturesAvailable()) {
    console.log("Parser-test fixtures are missing: nothing to update.");
    return;
  }
  const loaded = await loadEngine();
  if (!loaded.engine) throw new Error(`engine unavailable: ${loaded.reason}`);
  const knownFailures = readKnownFailures();
  const run = await runConformance({ fixtures: loadParserTestFixtures(), engine: loaded.engine, knownFailures });
  const shrinkOnly = process.argv.includes("--shrink-only");
  // Shrinking: a failure outside the list is treated as if it had passed, so it is not added.
  const outcomes = shrinkOnly ? run.results.map((r) => (r.knownFailure ? r : { ...r, passed: true })) : run.results;
  writeKnownFailures(updatedKnownFailures(knownFailures, outcomes));
  const t = tally(run.results);
  console.log(`known-failures.json: wt2html entries ${shrinkOnly ? "shrunk" : "rewritten"} (${t.failed} failing of ${t.passed + t.failed}).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
