// Tables built with {{!}} standing for their pipes: the parse data keeps the markup's spelling
// (startTagSrc, endTagSrc, attrSepSrc) and html2wt writes it back, with or without our own parse.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
// The preprocessor tests' wiki knows {{!}} (a magic word of the site).
import { makeEnv } from "../preprocessor/env.js";

const env = makeEnv();

async function roundTrip(wikitext: string): Promise<string> {
  const { html } = await wt2html(wikitext, env, { bodyOnly: true, inlineDataParser: true });
  return html2wt(html, env);
}

describe("{{!}} tables", () => {
  it("round-trip every piece of markup written with {{!}}", async () => {
    const source = '{{{!}} class="t"\n{{!}}- style="color:red"\n{{!}}a{{!}}{{!}} title="x"{{!}}b\n{{!}}c|{{!}}d\n{{!}}}';
    expect(await roundTrip(source)).toBe(source);
  });

  it("records the spellings in the parse data, and only where {{!}} was used", async () => {
    const { html } = await wt2html("{{{!}}\n|a{{!}}{{!}}b\n|}", env, { bodyOnly: true, inlineDataParser: true });
    expect(html).toContain('"startTagSrc":"{{{!}}"');
    expect(html).toContain('"startTagSrc":"{{!}}{{!}}"');
    expect(html).not.toContain("endTagSrc");
  });

  it("writes the spellings from parse data of other producers", async () => {
    const html =
      `<table data-parsoid='{"startTagSrc":"{{{!}}","endTagSrc":"{{!}}}"}'><tbody><tr>` +
      `<td data-parsoid='{"startTagSrc":"{{!}}"}'>a</td>` +
      `<td title="x" data-parsoid='{"stx":"row","startTagSrc":"{{!}}{{!}}","attrSepSrc":"{{!}}"}'>b</td></tr></tbody></table>`;
    expect(await html2wt(html, env)).toBe('{{{!}}\n{{!}}a{{!}}{{!}} title="x"{{!}}b\n{{!}}}');
  });

  it("ignores recorded spellings that do not mean the markup", async () => {
    const html = `<table data-parsoid='{"startTagSrc":"{{x}}","endTagSrc":"{{!}}-"}'><tbody><tr><td>a</td></tr></tbody></table>`;
    expect(await html2wt(html, env)).toBe("{|\n|a\n|}");
  });
});

describe("tables from other HTML", () => {
  it("close on the line after the last cell, whatever whitespace the HTML has between parts", async () => {
    const html = "<table>\n<thead>\n<tr>\n<th>A</th>\n</tr>\n</thead>\n<tfoot>\n<tr>\n<td>B</td>\n</tr>\n</tfoot>\n</table>";
    expect(await html2wt(html, env)).toBe("{|\n!A\n|-\n|B\n|}");
  });
});
