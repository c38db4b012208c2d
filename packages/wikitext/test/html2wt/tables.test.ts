// wt2wt of wikitext tables: cell markers and attribute separators come back as written.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();
const roundTrip = async (source: string) => html2wt((await wt2html(source, env, { bodyOnly: true, inlineDataParser: true })).html, env);

describe("wt2wt: table cells", () => {
  it("keeps a header row's || separator", async () => {
    expect(await roundTrip("{|\n!h1||h2\n|}")).toBe("{|\n!h1||h2\n|}");
  });
  it("keeps empty attribute lists and the spacing before the attribute pipe", async () => {
    expect(await roundTrip("{|\n!|h1\n||a\n|}")).toBe("{|\n!|h1\n||a\n|}");
    expect(await roundTrip('{|\n| class="x"|a\n| class="y" |b\n|}')).toBe('{|\n| class="x"|a\n| class="y" |b\n|}');
  });
  it("writes new cells with attributes in the usual form", async () => {
    expect(await html2wt('<table><tbody><tr><td class="x">a</td></tr></tbody></table>', env)).toBe('{|\n| class="x" |a\n|}');
  });
});

describe("wt2wt: table attributes as written", () => {
  it("keeps their quotes, spacing, case and invalid names while they are unchanged", async () => {
    for (const source of [
      "{| border=1 cellpadding = '2'\n|+style='x'|cap\n|-  id=r1 | lang=en\n!colspan=2|h\n|rowspan=3 Junk|a||  Class=c |b\n|}",
    ]) {
      expect(await roundTrip(source)).toBe(source);
    }
  });
  it("records the spelling only when html2wt would write them otherwise", async () => {
    const { html } = await wt2html('{| class="x"\n| id="a" |b\n|id=c|d\n|}', env, { bodyOnly: true, inlineDataParser: true });
    expect(html.match(/attrsSrc/g)).toHaveLength(1);
    expect(html).toContain('"attrsSrc":"id=c"');
  });
  it("keeps attributes holding a nowiki as written while data-mw reads the same", async () => {
    const source = '{|\n|title="a<nowiki>|</nowiki>" |b\n|}';
    expect(await roundTrip(source)).toBe(source);
    const { html } = await wt2html(source, env, { bodyOnly: true, inlineDataParser: true });
    expect(await html2wt(html.replace('{"html":"a<span', '{"html":"z<span'), env)).toBe('{|\n| title="z<nowiki>|</nowiki>" |b\n|}');
  });
  it("gives way to the usual form once the attributes change", async () => {
    const { html } = await wt2html("{|\n|rowspan=2|a\n|}", env, { bodyOnly: true, inlineDataParser: true });
    expect(await html2wt(html.replace('rowspan="2"', 'rowspan="3"'), env)).toBe('{|\n| rowspan="3"|a\n|}');
  });
});

describe("html2wt: pipes in cell text", () => {
  it("stay bare once the cell's attribute pipe is written", async () => {
    const source = '{|\n| style="color:red" |a | b || class="x" |c | d\n|}';
    expect(await roundTrip(source)).toBe(source);
    expect(await html2wt('<table><tbody><tr><td class="x">a | b</td><td>c</td></tr></tbody></table>', env)).toBe('{|\n| class="x" |a | b\n|c\n|}');
    // Text ending in a pipe keeps apart from the next cell's "||".
    const { html } = await wt2html('{|\n| class="x" |a|| b\n|}', env, { bodyOnly: true, inlineDataParser: true });
    expect(await html2wt(html.replace(">a</td>", ">a |</td>"), env)).toBe('{|\n| class="x" |a | || b\n|}');
  });
  it("are protected where they would make the text before them attributes", async () => {
    expect(await html2wt("<table><tbody><tr><td>a | b</td></tr></tbody></table>", env)).toBe("{|\n|<nowiki>a | b</nowiki>\n|}");
    // A pipe a nowiki protects is no attribute pipe.
    const out = await html2wt('<table><tbody><tr><td><span typeof="mw:Nowiki">x|y</span> and a | b</td></tr></tbody></table>', env);
    expect(out).toContain("<nowiki> and a | b</nowiki>");
  });
});

describe("wt2wt: cells on one line", () => {
  it("keeps '||' after a cell whose nowiki holds a line break (the tag is one piece to the parser)", async () => {
    expect(await roundTrip("{|\n|a||b <nowiki>x\ny</nowiki>||c\n|}")).toBe("{|\n|a||b <nowiki>x\ny</nowiki>||c\n|}");
  });
});

describe("html2wt: HTML tables", () => {
  it("write no end tag for a row the tree builder opened and closed by itself", async () => {
    expect(await roundTrip("<table><td>a</td><td>b</td></table>")).toBe("<table><td>a</td><td>b</td></table>");
  });
  it("write no end tag for formatting the tree builder reopened after a block and closed at the end", async () => {
    const source = '<center><font id="a" />x</center>\n<div>y</div>';
    expect(await roundTrip(source)).toBe(source);
  });
  it("write no tbody the tree builder added", async () => {
    const html = `<table data-parser='{"stx":"html"}'><tbody><tr data-parser='{"stx":"html"}'><td data-parser='{"stx":"html"}'>x</td></tr></tbody></table>`;
    expect(await html2wt(html, env)).toBe("<table><tr><td>x</td></tr></table>");
  });
});

describe("wt2wt: header cells", () => {
  it("need no protection for !! inside link text", async () => {
    expect(await roundTrip("{|\n![[Foo|Bar!!]]\n|}")).toBe("{|\n![[Foo|Bar!!]]\n|}");
  });
});

describe("html2wt: stray end tags", () => {
  it("writes the stray end tag that made an empty element", async () => {
    // HTML5 turns a stray "</p>" into an empty paragraph: the tag is written back, so the
    // output parses to the same paragraphs.
    const output = await roundTrip("a</p>b");
    expect(output).toContain("</p>");
    expect((await wt2html(output, env, { bodyOnly: true })).html.replace(/ data-parser='[^']*'/g, "")).toBe((await wt2html("a</p>b", env, { bodyOnly: true })).html.replace(/ data-parser='[^']*'/g, ""));
  });
});

describe("wt2wt: table rows", () => {
  it("keeps the blanks written after a row marker with no attributes", async () => {
    expect(await roundTrip("{|\n|-  \n|a\n|--- \n|b\n|}")).toBe("{|\n|-  \n|a\n|--- \n|b\n|}");
  });
  it("writes a row marker without blanks when the parse data gives no width", async () => {
    expect(await html2wt("<table><tbody><tr><td>a</td></tr><tr><td>b</td></tr></tbody></table>", env)).toBe("{|\n|a\n|-\n|b\n|}");
  });
});
