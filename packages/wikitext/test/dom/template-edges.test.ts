// Rendering-transparent template output at a template's edges next to blocks goes into one
// mw-empty-elt span (or away, for newlines), as in Parsoid.
import { describe, expect, it } from "vitest";
import { wt2html } from "../../src/wt2html.js";
import { html2wt } from "../../src/html2wt/index.js";
import { makeEnv } from "../preprocessor/env.js";

const pages = { "Template:1x": "{{{1}}}" };

async function html(wikitext: string): Promise<string> {
  const { html } = await wt2html(wikitext, makeEnv(pages), { bodyOnly: true });
  return html.replace(/ data-(?:parser|mw)=("[^"]*"|'[^']*')/g, "");
}

describe("template edges between blocks", () => {
  it("drop a template's trailing newline after its div", async () => {
    expect(await html("{{1x|<div>foo</div>\n}}{{1x|<div>bar</div>}}")).toBe(
      '<div about="#mwt1" typeof="mw:Transclusion">foo</div><div about="#mwt2" typeof="mw:Transclusion">bar</div>',
    );
    // The template's end is the end of the run whatever follows it.
    expect(await html("{{1x|<div>foo</div>\n}}bar")).toBe('<div about="#mwt1" typeof="mw:Transclusion">foo</div><p>bar</p>');
    // Inside the template, text after the newline keeps it.
    expect(await html("{{1x|<div>foo</div>\nbar}}")).toContain('<span about="#mwt1">\n</span><p about="#mwt1">bar</p>');
  });

  it("let an empty span carry the transclusion when a newline started it before a div", async () => {
    const source = "<span>foo</span>{{1x|\n<div>bar</div>}}";
    expect(await html(source)).toBe('<p><span>foo</span></p><span class="mw-empty-elt" about="#mwt1" typeof="mw:Transclusion"></span><div about="#mwt1">bar</div>');
    const env = makeEnv(pages);
    expect(await html2wt((await wt2html(source, env)).html, env)).toBe(source);
  });
});
