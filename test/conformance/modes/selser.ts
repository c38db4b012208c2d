import { html2wt, htmlToDom, htmlToNodes } from "../../../packages/wikitext/src/html2wt/index.js";
import { applyChanges, type Change } from "../../../packages/wikitext/src/html2wt/testing/apply-changes.js";
import { serializeChildren } from "../../../packages/wikitext/src/output/serialize.js";
import { caseHtml } from "./case-wt2html.js";
import { type ParserTestCase, type ParserTestEnv, caseParsoidOptions } from "../../../packages/wikitext/src/testing/index.js";

/**
 * selser with the manual edits of `parsoid.changes`: the original wikitext is converted, the
 * edits are applied to its DOM, and the edited HTML is serialized selectively against the
 * original; the result must equal `wikitext_edited`.
 */
export function caseChanges(testCase: ParserTestCase): Change[] | null {
  const changes = caseParsoidOptions(testCase)["changes"];
  return Array.isArray(changes) ? (changes as Change[]) : null;
}

export function expectedSelser(testCase: ParserTestCase): string | null {
  const expected = testCase["wikitext_edited"];
  return typeof expected === "string" && caseChanges(testCase) !== null ? expected : null;
}

export async function runSelser(testCase: ParserTestCase, env: ParserTestEnv): Promise<string> {
  const wikitext = testCase.wikitext ?? "";
  const html = await caseHtml(testCase, env);
  const body = htmlToDom(html);
  applyChanges(body, caseChanges(testCase) ?? [], htmlToNodes);
  const edited = serializeChildren(body, { inlineDataParser: true });
  return html2wt(edited, env, { original: { wikitext, html } });
}
