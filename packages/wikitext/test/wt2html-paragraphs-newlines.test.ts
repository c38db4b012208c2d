// Paragraphs and the newlines that end their lines: a paragraph that DOM wrapping made (inline
// content after a block on its line) and a formatting element whose end tag was implied give
// their trailing newline up to the parent, as Parsoid's MigrateTrailingNLs pass does.
import { describe, expect, it } from "vitest";
import { html } from "./helpers/html.js";
import { makeEnv, withPageSources } from "./helpers/env.js";
import { wt2html } from "../src/index.js";
import { html2wt } from "../src/html2wt/index.js";

function echoEnv(): ReturnType<typeof makeEnv> {
  return withPageSources(makeEnv(), { "Template:Echo": "{{{1}}}" });
}

/** The data-parser JSON of the first element named `name` in `out`. */
function dpOf(out: string, name: string): { dsr?: number[]; autoInsertedEnd?: boolean } {
  const m = new RegExp(`<${name}\\b[^>]*data-parser='([^']*)'`).exec(out);
  if (!m) throw new Error(`no ${name} with data-parser in ${out}`);
  return JSON.parse(m[1]!) as { dsr?: number[]; autoInsertedEnd?: boolean };
}

describe("wt2html: trailing newlines of DOM-wrapped paragraphs", () => {
  it("keeps the line's newline out of a paragraph made after a block on the same line", async () => {
    expect(await html("<span>x</span><div>y</div> tail\nnext")).toBe("<p><span>x</span></p><div>y</div><p> tail</p>\n<p>next</p>");
  });

  it("moves several newlines, and comments among them, out whole", async () => {
    const out = await html("<div>y</div> tail<!--c-->\n");
    expect(out).toBe("<div>y</div><p> tail</p><!--c-->\n");
  });

  it("ends the paragraph's source range before the newline, so a transclusion ending on the line does not take it", async () => {
    const { html: out } = await wt2html("{{echo|<div>y</div> z}}\nnext line", echoEnv(), { bodyOnly: true });
    // The transclusion's parts are the call alone (no "\n" part after it).
    const dataMw = /data-mw='([^']*)'/.exec(out)?.[1] ?? "{}";
    expect((JSON.parse(dataMw) as { parts: unknown[] }).parts).toHaveLength(1);
    expect(out).toMatch(/> z<\/p>\n<p[^>]*>next line<\/p>$/);
  });
});

describe("wt2html: formatting elements the adoption agency closed early", () => {
  it("marks the first part of a misnested formatting element as ending before the block, and moves its newline out", async () => {
    const source = "<div>d</div><em>one\ntwo</em>";
    const { html: out } = await wt2html(source, makeEnv(), { bodyOnly: true });
    const plain = out.replace(/ data-parser=('[^']*'|"[^"]*")/g, "");
    expect(plain).toBe("<div>d</div><p><em>one</em></p>\n<p><em>two</em></p>");
    // The first <em> ends where the paragraph holding its copy starts, less the newline.
    const dp = dpOf(out, "em");
    expect(dp.autoInsertedEnd).toBe(true);
    expect(dp.dsr).toEqual([12, 19, 4, 0]);
  });

  it("writes such a document back as it was written", async () => {
    const env = makeEnv();
    const source = "<div>d</div><em>one\ntwo</em>";
    const { html: out } = await wt2html(source, env, { bodyOnly: true });
    expect(await html2wt(out, env)).toBe(source);
  });

  it("leaves the end tag to the element when the copy the algorithm made stays empty", async () => {
    const { html: out } = await wt2html("<small>a<div></small>b</div>", makeEnv(), { bodyOnly: true });
    expect(dpOf(out, "small").autoInsertedEnd).toBeUndefined();
  });
});

describe("wt2html: the newline ending an indent-pre", () => {
  it("follows the pre, which ends with its last line's content", async () => {
    const { html: out } = await wt2html(" first\n second\nafter", makeEnv(), { bodyOnly: true });
    expect(out.replace(/ data-parser=('[^']*'|"[^"]*")/g, "")).toBe("<pre>first\nsecond</pre>\n<p>after</p>");
    expect(dpOf(out, "pre").dsr).toEqual([0, 14, 1, 0]);
  });

  it("keeps a metadata element after the pre apart from it by that newline", async () => {
    expect(await html(" code\n[[Category:Kept]]")).toBe('<pre>code</pre>\n<link rel="mw:PageProp/Category" href="./Category:Kept"/>');
  });

  it("leaves the <pre> an extension or HTML wrote alone", async () => {
    expect(await html("<pre>x\n</pre>")).toContain("x\n</pre>");
  });

  it("writes the page back as it was written", async () => {
    const env = makeEnv();
    const source = " one\n two\n\nthree";
    const { html: out } = await wt2html(source, env, { bodyOnly: true });
    expect(await html2wt(out, env)).toBe(source);
  });
});

describe("wt2html: a template whose output is indentation and a category", () => {
  it("keeps the spaces in the transclusion's first span and the category after it", async () => {
    const env = echoEnv();
    const { html: out } = await wt2html("{{echo|  [[Category:Indented]]}}", env, { bodyOnly: true });
    const plain = out.replace(/ data-parser=('[^']*'|"[^"]*")/g, "").replace(/ data-mw='[^']*'/g, "");
    expect(plain).toBe('<span about="#mwt1" typeof="mw:Transclusion">  </span><link rel="mw:PageProp/Category" href="./Category:Indented" about="#mwt1"/>');
    expect(await html2wt(out, env)).toBe("{{echo|  [[Category:Indented]]}}");
  });

  it("still drops the newlines before a category into one empty span", async () => {
    const { html: out } = await wt2html("{{echo|\n[[Category:Alone]]}}", echoEnv(), { bodyOnly: true });
    expect(out).toMatch(/^<span class="mw-empty-elt" about="#mwt1" typeof="mw:Transclusion"/);
  });
});
