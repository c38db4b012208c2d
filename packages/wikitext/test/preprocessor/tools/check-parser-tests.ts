// Checks the preprocessor's transclusion metadata against Parsoid's expected HTML in the shared
// parser tests: for every case that transcludes, the data-mw parts Parsoid emits (in document
// order) are compared with the parts of our top-level expansions.
// Run: npx tsx packages/wikitext/test/preprocessor/tools/check-parser-tests.ts [filter] [-v]
import { loadParserTestFixtures } from "../../../../../test/conformance/fixtures.js";
import { ParserTestEnvFactory, caseRunsMode } from "../../../src/testing/index.js";
import { preprocess, stringifyPart, type DataMwPart } from "../../../src/preprocessor/index.js";

function unescapeHtml(text: string): string {
  return text.replace(/&(quot|apos|amp|lt|gt|#39);/g, (_, e: string) => ({ quot: '"', apos: "'", amp: "&", lt: "<", gt: ">", "#39": "'" })[e]!);
}

function expectedParts(html: string): string[] {
  const parts: string[] = [];
  const re = /data-mw='([^']*)'|data-mw="([^"]*)"/g;
  for (const m of html.matchAll(re)) {
    let json: { parts?: DataMwPart[]; attribs?: unknown };
    try {
      json = JSON.parse(unescapeHtml(m[1] ?? m[2]!));
    } catch {
      continue;
    }
    if (!json.parts) continue;
    for (const part of json.parts) {
      if (typeof part === "string") continue;
      const body = Object.values(part)[0] as { i: number };
      body.i = 0;
      parts.push(stringifyPart(part));
    }
  }
  return parts;
}

const args = process.argv.slice(2);
const verbose = args.includes("-v");
const filter = args.find((a) => a !== "-v");
const fixtures = loadParserTestFixtures();
const factory = new ParserTestEnvFactory(fixtures);
let checked = 0;
let matched = 0;
let errors = 0;
for (const testCase of fixtures.cases) {
  const html = testCase.html_parsoid_effective;
  if (!html || !testCase.wikitext || !caseRunsMode(testCase, "wt2html")) continue;
  if (filter && !testCase.name.includes(filter)) continue;
  const expected = expectedParts(html);
  if (expected.length === 0) continue;
  // Templated attributes and extension content nest transclusions we do not expand at top level.
  if (html.includes('"attribs"') || /"name":"/.test(unescapeHtml(html))) continue;
  checked++;
  const env = factory.envFor(testCase);
  const v3 = (testCase as { config_parsed?: Record<string, unknown> }).config_parsed?.["wgParsoidExperimentalParserFunctionOutput"] === true;
  try {
    const result = await preprocess(testCase.wikitext, env, { parserFunctionOutput: v3 ? "v3" : "v2" });
    const actual = result.expansions.map((e) => stringifyPart(e.part, e.paramOrder));
    if (JSON.stringify(actual) === JSON.stringify(expected)) matched++;
    else if (verbose) {
      console.log(`✗ ${testCase.file} ${testCase.name}\n  expected ${expected.join("\n           ")}\n  actual   ${actual.join("\n           ")}`);
    }
  } catch (error) {
    errors++;
    console.log(`! ${testCase.file} ${testCase.name}: ${(error as Error).stack}`);
  }
}
console.log(`transclusion metadata: ${matched}/${checked} cases match (${errors} errors)`);
