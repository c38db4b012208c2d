import { describe, expect, it } from "vitest";
import { loadParserTestFixtures, sharedFixturesAvailable } from "./fixtures.js";
import { readKnownFailures } from "./known-failures.js";
import { runWikitextModes, unexpectedModeFailures } from "./modes/run-modes.js";

/**
 * The conformance gate for the wikitext-producing modes (wt2wt, html2wt, selser with manual
 * edits): a failure outside known-failures.json fails the suite.
 */
describe("parser tests (wt2wt, html2wt, selser)", () => {
  it("has no failures outside the known-failures list", { timeout: 180_000 }, async (context) => {
    if (!sharedFixturesAvailable()) {
      console.log("Parser-test fixtures are missing (../shared/fixtures/parsoid): skipping conformance.");
      context.skip();
    }
    const results = await runWikitextModes({ fixtures: loadParserTestFixtures(), knownFailures: readKnownFailures() });
    for (const mode of ["wt2wt", "html2wt", "selser"]) {
      const core = results.filter((r) => r.mode === mode && r.group === "core");
      console.log(`${mode}: ${core.filter((r) => r.passed).length} passed, ${core.filter((r) => !r.passed).length} failed`);
    }
    const unexpected = unexpectedModeFailures(results).map((r) => `${r.mode} ${r.file}: ${r.name}${r.error ? ` [${r.error}]` : ""}`);
    expect(unexpected, "cases failing outside test/conformance/known-failures.json").toEqual([]);
  });
});
