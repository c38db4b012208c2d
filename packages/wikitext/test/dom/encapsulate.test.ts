// Transclusion encapsulation in wt2html: about-groups, typeof and data-mw on the nodes each
// top-level transclusion produced, dsr mapped back to the page source.
import { describe, expect, it } from "vitest";
import { wt2html } from "../../src/wt2html.js";
import { html2wt } from "../../src/html2wt/index.js";
import { makeEnv } from "../preprocessor/env.js";

const pages = {
  "Template:1x": "{{{1}}}",
  "Template:Box": "<div>boxed</div> after",
  "Template:Cells": "a\n|b",
  "Template:TblOpen": "{|",
  "Template:Linked": "[[Foo]] bar",
  "Template:Blank": "",
};

async function html(wikitext: string): Promise<string> {
  const { html } = await wt2html(wikitext, makeEnv(pages), { bodyOnly: true });
  return html;
}

function strip(out: string): string {
  return out.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

const ONE_X = (wt: string): string =>
  `{"parts":[{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"${wt}"}},"i":0}}]}`;

describe("wt2html: transclusion encapsulation", () => {
  it("measures a comment by its source, not by its DOM data's character references", async () => {
    // "-" is "&#x2D;" in the DOM: the longer width pulled the text and comment before the
    // template into its group, whose data-mw then held them a second time.
    const source = "a <!-- c-d-e-f -->\n{{1x|b}}";
    const { html: out } = await wt2html(source, makeEnv(pages), { bodyOnly: true });
    expect(strip(out)).toContain(`<span about="#mwt1" typeof="mw:Transclusion" data-mw='${ONE_X("b")}'>b</span>`);
    expect(await html2wt(out, makeEnv(pages))).toBe(source);
  });

  it("places a template that renders nothing where it stands, inside the element holding it", async () => {
    // Mid-paragraph: in the paragraph; at the end of a list item's line: in the item (Parsoid's
    // item closes at the newline after the template's markers), not after the list.
    expect(strip(await html("a {{Blank}} x\nb"))).toMatch(/^<p>a <span about="#mwt1" typeof="mw:Transclusion"[^>]*><\/span> x\nb<\/p>$/);
    expect(strip(await html("*a{{Blank}}\n*b"))).toMatch(/^<ul><li>a<span about="#mwt1"[^>]*><\/span><\/li>\n<li>b<\/li><\/ul>$/);
    const env = makeEnv(pages);
    // (A group that starts with the empty lines before the template: they count as the
    // separator before it, not in addition to it.)
    for (const source of ["a {{Blank}} x\nb", "*a{{Blank}}\n*b", "*{{Blank}}\n*b", "hi\n\n\n{{1x|<br/>\n}}\n\nx"]) {
      expect(await html2wt((await wt2html(source, env, { bodyOnly: true })).html, env)).toBe(source);
    }
  });

  it("ends a templated cell's group before the newline that ends its line", async () => {
    const out = strip(await html("{|\n|{{1x|{{!}}y}}\n|}"));
    expect(out).toContain(`<td about="#mwt1" typeof="mw:Transclusion" data-mw='{"parts":["|",{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"{{!}}y"}},"i":0}}]}'>y</td></tr>\n`);
  });

  it("makes the whole cell the group when a template's output starting with | follows cell content", async () => {
    const out = strip(await html("{|\n|| a {{1x|{{!}}y}}\n|}"));
    expect(out).toContain(`<td about="#mwt1" typeof="mw:Transclusion" data-mw='{"parts":["|| a ",{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"{{!}}y"}},"i":0}}]}'>a |y</td>`);
  });

  it("leaves a template in a cell's attribute text that a link kept as content to the enclosing group", async () => {
    const out = strip(await html("{{TblOpen}}\n|class={{Linked|x}} |\n|}"));
    expect(out).toContain(`data-mw='{"parts":[{"template":{"target":{"wt":"TblOpen","href":"./Template:TblOpen"},"params":{},"i":0}},"\\n|class={{Linked|x}} |\\n|}"]}'`);
    expect(out).not.toContain("#mwt2");
  });

  it("drops attributes one template wrote when another template's output starts with the separator", async () => {
    const out = strip(await html('{|\n|{{1x|1=class="foo"}}{{1x|{{!}}foo}}\n|}'));
    expect(out).toContain(`<td about="#mwt1" typeof="mw:Transclusion" data-mw='{"parts":["|{{1x|1=class=\\"foo\\"}}",{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"{{!}}foo"}},"i":0}}]}'>foo</td>`);
  });

  it("keeps a template right after the cell marker inside the cell", async () => {
    const out = strip(await html("{|\n!{{1x|!y}}\n|}"));
    expect(out).toContain(`<th><span about="#mwt1" typeof="mw:Transclusion"`);
  });

  it("leaves the whitespace between a template's cells unwrapped, and html2wt skips it with the group", async () => {
    const out = await html("{|\n|{{Cells}}\n|}");
    expect(strip(out)).toMatch(/<td about="#mwt1" typeof="mw:Transclusion"[^>]*>a<\/td>\n<td about="#mwt1">b<\/td>/);
    expect(out).not.toContain("<span");
    expect(await html2wt(out, makeEnv(pages))).toBe("{|\n|{{Cells}}\n|}");
  });

  it("wraps template text inside a paragraph in a span", async () => {
    expect(strip(await html("a {{1x|b}} c"))).toBe(`<p>a <span about="#mwt1" typeof="mw:Transclusion" data-mw='${ONE_X("b")}'>b</span> c</p>`);
  });

  it("puts the metadata on the first block and about on the rest of the group", async () => {
    const out = strip(await html("{{Box}}"));
    expect(out).toMatch(/^<div about="#mwt1" typeof="mw:Transclusion" data-mw='\{"parts":\[\{"template":\{"target":\{"wt":"Box","href":"\.\/Template:Box"\}/);
    expect(out).toContain(`<p about="#mwt1"> after</p>`);
  });

  it("numbers groups in source order", async () => {
    const out = strip(await html("{{1x|x}} and {{1x|y}}"));
    expect(out.indexOf('about="#mwt1"')).toBeLessThan(out.indexOf('about="#mwt2"'));
    expect(out).toContain(">y</span>");
  });

  it("maps dsr back to the page source", async () => {
    const out = await html("ab {{1x|long output text}} cd");
    const dsrs = [...out.matchAll(/"dsr":\[(\d+),(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    // The paragraph covers the whole page, the span the template call.
    expect(dsrs).toContainEqual([0, 29]);
    expect(dsrs).toContainEqual([3, 26]);
  });

  it("leaves invalid titles as text", async () => {
    expect(strip(await html("{{../../x}}"))).toBe("<p>{{../../x}}</p>");
  });
});
