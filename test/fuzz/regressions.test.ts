// Shrunk counterexamples the fuzzer found, kept as ordinary regression tests (each was a real
// engine bug, fixed in the commit that added it).
import { beforeAll, describe, it } from "vitest";
import { loadTokenizer, wt2html } from "@wikiloom/wikitext";
import { fuzzEnv } from "./env.js";
import { checkRoundTrip, checkWt2Html } from "./properties.js";

beforeAll(async () => {
  await loadTokenizer();
});

describe("fuzz regressions", () => {
  // An inline element left open before a block: paragraph wrapping put the block inside <p>
  // (pwrap now splits the inline element around the block).
  it.each(["<small><hr>", "<i>\n*#:", "<u>\n== H ==\n", "<small>a<div>x</div>b", "<b>x<i>y\n{|\n|c\n|}\nz", "'''a<div>b</div>"])("wt2html writes well-formed HTML for %j", async (wikitext) => {
    await checkWt2Html(wikitext, fuzzEnv());
  });

  // Bytes no node stands for were lost in an unedited round trip (an unedited document now
  // gives back its source, as Parsoid's selser does).
  it.each(["</table>", "<!--", "</p>[[", "a\n</div>\nb", "x <!-- open"])("wt2wt of %j is byte-identical", async (wikitext) => {
    const env = fuzzEnv();
    const { html } = await wt2html(wikitext, env, { bodyOnly: true });
    await checkRoundTrip(wikitext, html, env);
  });
});
