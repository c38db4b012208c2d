import { loadParserTestFixtures } from "../fixtures.js";
import { readKnownFailures, updatedKnownFailures, writeKnownFailures } from "../known-failures.js";
import { runWikitextModes } from "./run-modes.js";

/**
 * Rewrites only the wt2wt/html2wt/selser entries of known-failures.json from a fresh run of
 * those modes (the wt2html entries are left as they are).
 *   npx tsx test/conformance/modes/update-known-failures.ts [--rewrite]
 * By default the list only shrinks: cases that pass now leave it, nothing is added (so a
 * regression keeps failing the gate). --rewrite lists exactly this run's failures; use it
 * deliberately, after checking that every new failure is an accepted one.
 */
const knownFailures = readKnownFailures();
const results = await runWikitextModes({ fixtures: loadParserTestFixtures(), knownFailures });
const rewrite = process.argv.includes("--rewrite");
// Shrinking: a failure outside the list is treated as if it had passed, so it is not added.
const outcomes = rewrite ? results : results.map((r) => (r.knownFailure ? r : { ...r, passed: true }));
writeKnownFailures(updatedKnownFailures(knownFailures, outcomes));
const failed = results.filter((r) => !r.passed).length;
const unlisted = results.filter((r) => !r.passed && !r.knownFailure);
console.log(`known-failures.json: wikitext-mode entries ${rewrite ? "rewritten" : "shrunk"} (${failed} failing of ${results.length}).`);
if (!rewrite && unlisted.length > 0) {
  console.log(`Failing and not listed (regressions to fix): ${unlisted.length}`);
  for (const r of unlisted) console.log(`  ${r.mode} ${r.file}: ${r.name}`);
}
