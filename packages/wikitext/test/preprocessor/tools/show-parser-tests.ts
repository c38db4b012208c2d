// Prints the preprocessed text of parser tests that transclude, next to Parsoid's expected
// HTML, to check expansions by hand.
// Run: npx tsx packages/wikitext/test/preprocessor/tools/show-parser-tests.ts <file|name filter> [limit]
import { loadParserTestFixtures } from "../../../../../test/conformance/fixtures.js";
import { ParserTestEnvFactory } from "../../../src/testing/index.js";
import { preprocess } from "../../../src/preprocessor/index.js";

const [filter = "", limitText = "40"] = process.argv.slice(2);
const fixtures = loadParserTestFixtures();
const factory = new ParserTestEnvFactory(fixtures);
let shown = 0;
for (const testCase of fixtures.cases) {
  if (!testCase.wikitext?.includes("{{")) continue;
  if (filter && testCase.file !== filter && !testCase.name.includes(filter)) continue;
  if (shown++ >= Number(limitText)) break;
  const result = await preprocess(testCase.wikitext, factory.envFor(testCase));
  const expected = (testCase.html_parsoid_effective ?? `PHP: ${testCase.html_php ?? ""}`).replace(/ data-(mw|parsoid)='[^']*'/g, "").slice(0, 400);
  console.log(`=== ${testCase.file} | ${testCase.name}\n${testCase.wikitext.slice(0, 300)}\n--- ours:\n${result.text.slice(0, 300)}\n--- expected:\n${expected}\n`);
}
