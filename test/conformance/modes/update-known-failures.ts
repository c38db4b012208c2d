import { loadParserTestFixtures } from "../fixtures.js";
import { readKnownFailures, updatedKnownFailures, writeKnownFailures } from "../known-failures.js";
import { runWikitextModes } from "./run-modes.js";

/**
 * Rewrites only the wt2wt/html2wt/selser entries of known-failures.json from a fresh run of
 * those modes (the wt2html entries are left as they are).
 *   npx tsx test/conformance/modes/update-known-failures.ts
 */
const knownFailures = readKnownFailures();
const results = await runWikitextModes({ fixtures: loadParserTestFixtures(), knownFailures });
writeKnownFailures(updatedKnownFailures(knownFailures, results));
const failed = results.filter((r) => !r.passed).length;
console.log(`known-failures.json: ${failed} wikitext-mode failures listed (${results.length} cases run).`);
