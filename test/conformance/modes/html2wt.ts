import { html2wt } from "../../../packages/wikitext/src/html2wt/index.js";
import type { ParserTestCase, ParserTestEnv } from "../../../packages/wikitext/src/testing/index.js";

/** html2wt: Parsoid's expected HTML (often without parse data) serialized to wikitext. */
export function expectedHtml2Wt(testCase: ParserTestCase): string | null {
  const expected = testCase["html2wt"];
  return typeof expected === "string" ? expected : null;
}

export function html2wtInput(testCase: ParserTestCase): string | null {
  return testCase.html_parsoid_effective ?? testCase.html_parsoid ?? null;
}

export async function runHtml2Wt(testCase: ParserTestCase, env: ParserTestEnv): Promise<string> {
  return html2wt(html2wtInput(testCase) ?? "", env);
}
