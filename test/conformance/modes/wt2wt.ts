import { html2wt, htmlToDom, htmlToNodes } from "../../../packages/wikitext/src/html2wt/index.js";
import { applyChanges } from "../../../packages/wikitext/src/html2wt/testing/apply-changes.js";
import { serializeChildren } from "../../../packages/wikitext/src/output/serialize.js";
import { caseHtml } from "./case-wt2html.js";
import { caseChanges } from "./selser.js";
import type { ParserTestCase, ParserTestEnv } from "../../../packages/wikitext/src/testing/index.js";

/**
 * wt2wt as Parsoid's runner does it: wikitext → HTML (with inline parse data) → wikitext by the
 * full serializer, with no original to fall back on, so every node is written anew and only the
 * parse data's hints keep the source's syntax. A case's manual edits (`parsoid.changes`) are
 * applied to the HTML first, as that runner does in this mode too (its wt2wt section is then the
 * edited wikitext).
 */
export function expectedWt2Wt(testCase: ParserTestCase): string | null {
  const expected = testCase["wt2wt"];
  if (typeof expected === "string") return expected;
  return testCase.wikitext ?? null;
}

export async function runWt2Wt(testCase: ParserTestCase, env: ParserTestEnv): Promise<string> {
  const html = await caseHtml(testCase, env);
  const changes = caseChanges(testCase);
  if (changes === null) return html2wt(html, env);
  const body = htmlToDom(html);
  applyChanges(body, changes, htmlToNodes);
  return html2wt(serializeChildren(body, { inlineDataParser: true }), env);
}
