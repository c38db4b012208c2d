// Estimates what the preprocessor alone brings to the parser tests before it is wired into
// wt2html: every case with a transclusion is converted twice, from its source and from its
// preprocessed text (no encapsulation, no dsr mapping), and judged with Parsoid's normalisers.
// Run: npx tsx packages/wikitext/test/preprocessor/tools/estimate-gain.ts [-v]
import { loadParserTestFixtures } from "../../../../../test/conformance/fixtures.js";
import { ParserTestEnvFactory, caseRunsMode, caseWrapsSections, judgeWt2Html, normalizedExpectation } from "../../../src/testing/index.js";
import { wt2html } from "../../../src/index.js";
import { preprocess } from "../../../src/preprocessor/index.js";

const verbose = process.argv.includes("-v");
const fixtures = loadParserTestFixtures();
const factory = new ParserTestEnvFactory(fixtures);
let cases = 0;
let before = 0;
let after = 0;
for (const testCase of fixtures.cases) {
  const wikitext = testCase.wikitext ?? "";
  if (!wikitext.includes("{{") || !caseRunsMode(testCase, "wt2html")) continue;
  const expected = normalizedExpectation(testCase);
  if (expected === null) continue;
  cases++;
  const env = factory.envFor(testCase);
  const options = { bodyOnly: true, wrapSections: caseWrapsSections(testCase), inlineDataParser: true };
  try {
    const plain = await wt2html(wikitext, env, options);
    if (judgeWt2Html(testCase, plain.html, expected).passed) before++;
    const pre = await preprocess(wikitext, env);
    const expanded = await wt2html(pre.text, env, options);
    const passed = judgeWt2Html(testCase, expanded.html, expected).passed;
    if (passed) after++;
    if (verbose && passed) console.log(`✓ ${testCase.file} | ${testCase.name}`);
  } catch (error) {
    console.log(`! ${testCase.name}: ${(error as Error).message}`);
  }
}
console.log(`cases with transclusions: ${cases}; passing from the source: ${before}; from the preprocessed text: ${after}`);
