import { wt2html } from "../../../packages/wikitext/src/wt2html.js";
import { type ParserTestCase, type ParserTestEnv, caseParserFunctionOutput } from "../../../packages/wikitext/src/testing/index.js";

/**
 * The HTML the wikitext modes start from: the case's wikitext converted with inline parse data
 * and the parser-function output version its config asks for (as in wt2html mode).
 */
export async function caseHtml(testCase: ParserTestCase, env: ParserTestEnv): Promise<string> {
  const { html } = await wt2html(testCase.wikitext ?? "", env, {
    bodyOnly: true,
    inlineDataParser: true,
    parserFunctionOutput: caseParserFunctionOutput(testCase),
  });
  return html;
}
