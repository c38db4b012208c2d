import { html2wt } from "../../../packages/wikitext/src/html2wt/index.js";
import { caseHtml } from "./case-wt2html.js";
import type { ParserTestCase, ParserTestEnv } from "../../../packages/wikitext/src/testing/index.js";

/**
 * wt2wt as Parsoid's runner does it: wikitext → HTML (with inline parse data) → wikitext by the
 * full serializer, with no original to fall back on, so every node is written anew and only the
 * parse data's hints keep the source's syntax.
 */
export function expectedWt2Wt(testCase: ParserTestCase): string | null {
  const expected = testCase["wt2wt"];
  if (typeof expected === "string") return expected;
  return testCase.wikitext ?? null;
}

export async function runWt2Wt(testCase: ParserTestCase, env: ParserTestEnv): Promise<string> {
  return html2wt(await caseHtml(testCase, env), env);
}
