// End tags tree construction ignores leave mw:Placeholder/StrippedTag metas (Parsoid's tree
// builder does): they stand for the tag's bytes while ranges are computed and transclusions
// encapsulated, keep the text before them apart from a template's output after them, and leave
// the output again outside list items.
import { describe, expect, it } from "vitest";
import { html2wt, wt2html } from "../src/index.js";
import { html } from "./helpers/html.js";
import { makeEnv, withPageSources } from "./helpers/env.js";

const TEMPLATES: Record<string, string> = { "Template:Echo": "{{{1}}}" };

function templatedEnv(): ReturnType<typeof makeEnv> {
  return withPageSources(makeEnv(), TEMPLATES);
}

async function convert(wikitext: string): Promise<string> {
  return (await wt2html(wikitext, templatedEnv(), { bodyOnly: true })).html;
}

/** The data-parser dsr of the first element named `name` in the output. */
function dsrOf(out: string, name: string): number[] | null {
  const m = new RegExp(`<${name}\\b[^>]*data-parser='([^']*)'`).exec(out);
  const dp = m ? (JSON.parse(m[1]!) as { dsr?: number[] }) : null;
  return dp?.dsr ?? null;
}

describe("wt2html: stripped end tags as placeholders", () => {
  it("keep a template's text after a stray end tag apart from the page's text before it", async () => {
    const out = await convert("xy</em>{{Echo|z}} tail");
    // The template's own text is wrapped inside the paragraph, the page's text stays outside it.
    expect(out).toMatch(/^<p[^>]*>xy<span about="#mwt1" typeof="mw:Transclusion"[^>]*>z<\/span> tail<\/p>$/);
    expect(out).not.toContain("StrippedTag");
  });

  it("let a paragraph's range span the text before and after a stray end tag", async () => {
    const source = "some words</pre> more";
    const out = await convert(source);
    expect(out).not.toContain("StrippedTag");
    expect(dsrOf(out, "p")).toEqual([0, source.length, 0, 0]);
  });

  it("leave an empty span for a transclusion whose output is only a stray end tag", async () => {
    const out = await convert("a {{Echo|</em>}} b");
    expect(out).not.toContain("StrippedTag");
    expect(out).toMatch(/^<p[^>]*>a <span about="#mwt1" typeof="mw:Transclusion" data-mw='[^']*' data-parser='[^']*'><\/span> b<\/p>$/);
  });

  it("are made for ignored start tags too, so a template after one is wrapped apart from the page's text", async () => {
    const out = await convert("x\n\n<td>y {{Echo|z}}");
    expect(out).not.toContain("StrippedTag");
    expect(out).toMatch(/<p[^>]*>y <span about="#mwt1" typeof="mw:Transclusion"[^>]*>z<\/span><\/p>$/);
  });

  it("leave the syntax whitespace at a cell's or heading's edge to trimming, and empty reopened formatting to unwrapping", async () => {
    expect(await html("{|\n| a </b> \n|}")).toContain("<td>a</td>");
    expect(await html("== b </i> ==")).toBe('<h2 id="b">b</h2>');
  });

  it("stay inside list items, where html2wt needs them", async () => {
    expect(await html("*p</em>q")).toBe('<ul><li>p<meta typeof="mw:Placeholder/StrippedTag"/>q</li></ul>');
  });

  it("are not made where a meta would leave the current node (tables, foreign content)", async () => {
    expect(await html("{|\n</em>\n|x\n|}")).not.toContain("StrippedTag");
    expect(await html("*<math-x></em>")).toContain("<li>");
  });
});

describe("wt2html: bytes next to stray syntax keep their ranges", () => {
  it("writes a comment's ampersand as a reference, so that html2wt gives the source back", async () => {
    const env = makeEnv();
    const source = "<!--a &amp; b & c-->";
    const out = (await wt2html(source, env, { bodyOnly: true })).html;
    expect(out).toBe("<!--a &#x26;amp; b &#x26; c-->");
    expect(await html2wt(out, env)).toBe(source);
  });

  it("lets a paragraph's range span a comment and text after its last element", async () => {
    const source = "<td>[[Main Page]]<!--c-->tail";
    const out = await convert(source);
    expect(dsrOf(out, "p")).toEqual([4, source.length, 0, 0]);
  });

  it("lets an HTML tag left open span the newline that ends its content", async () => {
    const out = await convert("<span>\n=</p>");
    expect(dsrOf(out, "span")).toEqual([0, 7, 6, 0]);
  });

  it("lets a paragraph closed before the spaces starting the next line span them", async () => {
    const source = "[[\n [[Main Page]]<center>";
    const out = await convert(source);
    expect(dsrOf(out, "p")).toEqual([0, 4, 0, 0]);
  });
});
