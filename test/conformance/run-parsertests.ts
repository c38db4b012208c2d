import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadEngine } from "./engine.js";
import { topFailureCauses } from "./failure-causes.js";
import { DEFAULT_CASES_PATH, loadParserTestFixtures, sharedFixturesAvailable } from "./fixtures.js";
import { readKnownFailures, updatedKnownFailures, writeKnownFailures } from "./known-failures.js";
import { formatReport } from "./report.js";
import { runConformance, unexpectedFailures } from "./runner-core.js";
import { formatModesReport } from "./modes/report.js";
import { runWikitextModes, unexpectedModeFailures } from "./modes/run-modes.js";

/**
 * `npm run conformance`: runs the shared parser tests (or any case file in the same JSONL
 * format) through wt2html and prints pass counts per file and overall.
 *
 *   --cases PATH                 case file (default ../shared/fixtures/parsoid/parsertests.jsonl)
 *   --emit PATH                  write every raw output as JSONL {file, name, mode, output}
 *   --file NAME                  only the cases of one test file
 *   --filter SUBSTRING           only cases whose name contains it
 *   --update-known-failures      rewrite known-failures.json from this run's failures
 *   --verbose                    print normalised expected/actual of every failure
 *   --causes                     group the failures by where output first departs from expectation
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      cases: { type: "string" },
      emit: { type: "string" },
      file: { type: "string" },
      filter: { type: "string" },
      "update-known-failures": { type: "boolean", default: false },
      verbose: { type: "boolean", default: false },
      causes: { type: "boolean", default: false },
    },
  });

  const casesPath = values.cases ? resolve(values.cases) : DEFAULT_CASES_PATH;
  if (!sharedFixturesAvailable()) {
    console.log(`Parser-test fixtures are missing (${DEFAULT_CASES_PATH} not found): skipping conformance.`);
    return 0;
  }

  const fixtures = loadParserTestFixtures(casesPath);
  const loaded = await loadEngine();
  if (!loaded.engine) console.log(`Engine unavailable: ${loaded.reason}. Every case counts as failed.`);
  const knownFailures = readKnownFailures();

  const started = performance.now();
  const run = await runConformance({
    fixtures,
    engine: loaded.engine,
    engineMissingReason: loaded.engine ? undefined : loaded.reason,
    knownFailures,
    selection: { file: values.file, filter: values.filter },
  });
  const seconds = (performance.now() - started) / 1000;

  console.log(`Parser tests from ${casesPath} (${run.results.length} wt2html cases in ${seconds.toFixed(1)} s)\n`);
  console.log(formatReport(run.results, run.metadataOnly.length));
  // The wikitext-producing modes (wt2wt, html2wt, selser with manual edits): modes/run-modes.ts.
  const modeResults = await runWikitextModes({ fixtures, knownFailures, selection: { file: values.file, filter: values.filter } });
  console.log(`\n${formatModesReport(modeResults)}`);

  if (values.emit) {
    const lines = [...run.results, ...modeResults].map((r) => JSON.stringify({ file: r.file, name: r.name, mode: r.mode, output: r.output }));
    writeFileSync(resolve(values.emit), lines.length ? `${lines.join("\n")}\n` : "");
    console.log(`\nWrote ${lines.length} outputs to ${values.emit}`);
  }

  if (values.verbose) {
    for (const r of run.results.filter((result) => !result.passed)) {
      console.log(`\n=== ${r.file}: ${r.name}${r.error ? `\nerror: ${r.error}` : ""}`);
      console.log(`--- expected\n${r.normalizedExpected}\n--- actual\n${r.normalizedActual}`);
    }
  }

  if (values.causes) {
    console.log("\nTop failure causes (first point of difference, normalised):");
    for (const { cause, count, example } of topFailureCauses(run.results.filter((r) => r.group === "core"), 25)) {
      console.log(`  ${String(count).padStart(4)}  ${cause}   e.g. ${example.file}: ${example.name}`);
    }
  }

  if (values["update-known-failures"]) {
    writeKnownFailures(updatedKnownFailures(knownFailures, [...run.results, ...modeResults]));
    console.log("\nknown-failures.json updated.");
    return 0;
  }
  return unexpectedFailures(run.results).length + unexpectedModeFailures(modeResults).length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
