// Content that HTML5 tree building fosters out of a table: marked as such (Parsoid's
// MarkFosteredContent), and wrapped with the table when a transclusion produced it or the table
// (Parsoid's WrapTemplates: a table and what was fostered out of it are one unit).
import { describe, expect, it } from "vitest";
import { html2wt, wt2html } from "../src/index.js";
import { extEnv } from "./ext/env.js";

const templates = { "Template:Echo": "{{{1}}}", "Template:Rows": "<tr><td>{{{1}}}</td></tr>" };

async function convert(source: string): Promise<string> {
  const { html } = await wt2html(source, extEnv(templates), { bodyOnly: true });
  return html;
}

/** The output without parse data. */
async function plain(source: string): Promise<string> {
  return (await convert(source)).replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

describe("fostered content", () => {
  it("stands in a holder paragraph of its own, marked fostered, apart from the text before the table", async () => {
    const html = await convert("lead <table>moved out<tr><td>kept</td></tr></table>");
    expect(html).toMatch(/^<p data-parser='\{"autoInsertedStart":true,"autoInsertedEnd":true,"dsr":\[0,5,0,0\]\}'>lead <\/p><p data-parser='\{"fostered":true,[^']*\}'>moved out<\/p><table/);
  });

  it("keeps inline elements and text fostered together in one holder; a block is marked itself and splits holders", async () => {
    const html = await convert("<table><i>it</i>al<div>block</div>after<tr><td>x</td></tr></table>");
    expect(html).toMatch(
      /^<p data-parser='\{"fostered":true[^']*'><i [^>]*>it<\/i>al<\/p><div data-parser='\{"stx":"html","fostered":true[^']*'>block<\/div><p data-parser='\{"fostered":true[^']*'>after<\/p><table/,
    );
  });

  it("in a link's text: the link, holding the table, stays out of paragraphs", async () => {
    const html = await plain("[http://example.com/ before<table>inside</table> after]");
    expect(html).toBe('<a rel="mw:ExtLink nofollow" href="http://example.com/" class="external text">before<p>inside</p><table></table> after</a>');
  });
});

describe("fostered content and the selective serializer", () => {
  it("writes an unchanged holder back as nothing: its text is in the table's source", async () => {
    for (const source of ["first\n\n<table>stray words<tr><td>c</td></tr></table>\n\nend", "first\n\n{|\nstray words\n|-\n|c\n|}\n\nend"]) {
      const { html } = await wt2html(source, extEnv(templates));
      const edited = html.replace(">end<", ">END<");
      expect(await html2wt(edited, extEnv(templates), { original: { wikitext: source, html } })).toBe(source.replace(/end$/, "END"));
    }
  });
});

describe("encapsulation of fostered transclusion output", () => {
  it("wraps the page's table with what a template fostered out of it, the table's source around the call", async () => {
    const html = await plain("<table>{{echo|loose<tr><td>cell</td></tr>}}</table>");
    expect(html).toBe(
      '<p about="#mwt1" typeof="mw:Transclusion" data-mw=\'{"parts":["<table>",{"template":{"target":{"wt":"echo","href":"./Template:Echo"},"params":{"1":{"wt":"loose<tr><td>cell</td></tr>"}},"i":0}},"</table>"]}\'>loose</p>' +
        '<table about="#mwt1"><tbody><tr><td>cell</td></tr></tbody></table>',
    );
  });

  it("wraps a wikitext table whose only content a template fostered", async () => {
    const html = await plain("{|\n{{echo|stray}}\n|}");
    // (The newline after the output stays in the table: Parsoid's end marker ends the fostered run.)
    expect(html).toMatch(/^<p about="#mwt1" typeof="mw:Transclusion" data-mw='\{"parts":\["\{\|\\n",\{"template"[^']*\},"\\n\|\}"\]\}'>\nstray<\/p><table about="#mwt1">\n<\/table>$/);
  });

  it("gives a templated table the content fostered out of it, the transclusion's marks on the first fostered node", async () => {
    const html = await plain("{{echo|<table>before<tr><td>in</td></tr></table>}}");
    expect(html).toMatch(/^<p about="#mwt1" typeof="mw:Transclusion" data-mw='\{"parts":\[\{"template"[^']*'>before<\/p><table about="#mwt1"><tbody>/);
  });

  it("wraps a template ending in a fostered block with the whole table, its other templates as parts", async () => {
    const html = await plain("<table><div>{{echo|x</div><tr><td>}}y</td></tr>{{rows|z}}</table>");
    expect(html).toMatch(/^<div about="#mwt1" typeof="mw:Transclusion" data-mw='\{"parts":\["<table><div>",\{"template":\{"target":\{"wt":"echo"[^']*"i":0\}\},"y<\/td><\/tr>",\{"template":\{"target":\{"wt":"rows"[^']*"i":1\}\},"<\/table>"\]\}'>x<\/div><table about="#mwt1">/);
  });

  it("leaves page text fostered out of a table alone when a template inside the table only made rows", async () => {
    const html = await plain("<table>page text{{rows|c}}</table>");
    expect(html).toMatch(/^<p>page text<\/p><table><tbody about="#mwt1" typeof="mw:Transclusion"/);
  });
});

describe("paragraph tails a transclusion starts in", () => {
  it("leave the paragraph when they need none (whitespace), so the template does not take the paragraph", async () => {
    const html = await plain("<div>x</div>lead{{echo|\n<div>block</div>}}");
    expect(html).toBe(
      '<div>x</div><p>lead</p><span class="mw-empty-elt" about="#mwt1" typeof="mw:Transclusion" data-mw=\'{"parts":[{"template":{"target":{"wt":"echo","href":"./Template:Echo"},"params":{"1":{"wt":"\\n<div>block</div>"}},"i":0}}]}\'></span><div about="#mwt1">block</div>',
    );
  });

  it("stay when they hold text: the paragraph joins the template's group", async () => {
    const html = await plain("<div>x</div>lead{{echo| tail\n<div>block</div>}}");
    expect(html).toMatch(/^<div>x<\/div><p about="#mwt1" typeof="mw:Transclusion" data-mw='\{"parts":\["lead",/);
  });

  it("do not make a paragraph of page text that ends before a template's comment part of the group", async () => {
    const html = await plain("<div>x</div>lead{{echo|<!-- note -->\n<div>block</div>}}");
    expect(html).toMatch(/^<div>x<\/div><p>lead<\/p><span about="#mwt1" typeof="mw:Transclusion"/);
  });
});

describe("metadata a template starts with", () => {
  it("gets no paragraph, and moves into the transclusion's empty span with only the transclusion's parts", async () => {
    const html = await plain('{{echo|<div>one</div>\n}}{{echo|<section begin="s1" /><div>two</div>}}');
    expect(html).toContain(
      '<span class="mw-empty-elt" about="#mwt2" typeof="mw:Transclusion" data-mw=\'{"parts":[{"template":{"target":{"wt":"echo","href":"./Template:Echo"},"params":{"1":{"wt":"<section begin=\\"s1\\" /><div>two</div>"}},"i":0}}]}\'><link typeof="mw:Extension/section" data-mw=\'{"name":"section","attrs":{"begin":"s1"}}\'/></span><div about="#mwt2">two</div>',
    );
  });
});

describe("a templated table start closing the table before it", () => {
  it("joins the transclusion of that table: one group, each table's parts over its own source", async () => {
    const html = await plain('{|{{echo|1=id="first"\n<div>one</div>}}\n{|{{echo|1=id="second"\n<div>two</div>}}\n|cell\n|}');
    expect(html).toMatch(/^<div about="#mwt1" typeof="mw:Transclusion" data-mw='\{"parts":\["\{\|",\{"template":[^']*"i":0\}\},"\\n","\{\|",\{"template":[^']*"i":1\}\},"\\n\|cell\\n\|\}"\]\}'>one<\/div>/);
    expect(html.match(/about="#mwt\d"/g)).toEqual(['about="#mwt1"', 'about="#mwt1"', 'about="#mwt1"', 'about="#mwt1"']);
  });

  it("stays its own group when the table before it was closed by its end", async () => {
    const html = await plain('{|{{echo|1=id="first"\n<div>one</div>}}\n|}\n{|{{echo|1=id="second"\n<div>two</div>}}\n|cell\n|}');
    expect(html).toContain('about="#mwt2" typeof="mw:Transclusion"');
  });
});
