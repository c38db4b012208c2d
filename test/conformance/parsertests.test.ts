import { describe, expect, it } from "vitest";
import { loadEngine } from "./engine.js";
import { loadParserTestFixtures, sharedFixturesAvailable } from "./fixtures.js";
import { readKnownFailures } from "./known-failures.js";
import { runConformance, tally, unexpectedFailures } from "./runner-core.js";

/**
 * The conformance gate: every shared parser test runs through wt2html in process, and a failure
 * outside known-failures.json fails the suite. (`npm run conformance` prints the full report.)
 */
describe("parser tests (wt2html)", () => {
  it("has no failures outside the known-failures list", { timeout: 120_000 }, async (context) => {
    if (!sharedFixturesAvailable()) {
      console.log("Parser-test fixtures are missing (../shared/fixtures/parsoid): skipping conformance.");
      context.skip();
    }
    const loaded = await loadEngine();
    if (!loaded.engine) {
      console.log(`Skipping conformance: ${loaded.reason}.`);
      context.skip();
      return;
    }
    const run = await runConformance({
      fixtures: loadParserTestFixtures(),
      engine: loaded.engine,
      knownFailures: readKnownFailures(),
    });
    const core = tally(run.results.filter((r) => r.group === "core"));
    console.log(`wt2html: ${core.passed} passed, ${core.failed} failed`);

    const unexpected = unexpectedFailures(run.results).map((r) => `${r.file}: ${r.name}${r.error ? ` [${r.error}]` : ""}`);
    expect(unexpected, "cases failing outside test/conformance/known-failures.json").toEqual([]);
  });
});
