// Session 10 block-structure fixes (helper C): fostering, paragraphs, trailing newlines.
import { describe, expect, it } from "vitest";
import { html2wt, wt2html } from "../src/index.js";
import { html } from "./helpers/html.js";
import { makeEnv, withPageSources } from "./helpers/env.js";

const TEMPLATES: Record<string, string> = { "Template:Echo": "{{{1}}}" };

function templatedEnv(): ReturnType<typeof makeEnv> {
  return withPageSources(makeEnv(), TEMPLATES);
}

describe("wt2html: a paragraph of content fostered out of a table", () => {
  it("gives up the newline ending its line: it follows the paragraph, before the table", async () => {
    expect(await html("{|\nstray words\n|cell\n|}")).toBe("<p>\nstray words</p>\n<table><tbody><tr><td>cell</td></tr>\n</tbody></table>");
  });

  it("takes the newline out of an inline element whose end tag was implied first", async () => {
    const out = await html("{|\n<b>loose text\n|cell\n|}");
    expect(out).toBe("<p><b>loose text</b></p>\n<table>\n<tbody><tr><td>cell</td></tr>\n</tbody></table>");
  });

  it("leaves the newline in the table when a transclusion's group takes both", async () => {
    // Parsoid's template markers end the run of fostered text: the newline after the output was
    // never fostered; the paragraph and the table are one transclusion.
    const out = await html("{|\n{{echo|stray}}\n|cell\n|}", {}, templatedEnv());
    expect(out).toMatch(/^<p about="#mwt1" typeof="mw:Transclusion" data-mw='[^']*'>\nstray<\/p><table about="#mwt1">\n<tbody>/);
  });

  it("round-trips the transclusion that holds them", async () => {
    const env = templatedEnv();
    for (const source of ["{|\n{{echo|stray}}\n|cell\n|}", "{|\n{{echo|stray}}\n|}"]) {
      expect(await html2wt((await wt2html(source, env)).html, env)).toBe(source);
    }
  });
});

describe("wt2html: a table after the colons of a definition line", () => {
  it("may follow spaces, as Parsoid's table start allows them (`: {|`)", async () => {
    expect(await html(":: {|\n|x\n|}")).toBe("<dl><dd><dl><dd><table>\n<tbody><tr><td>x</td></tr>\n</tbody></table></dd></dl></dd></dl>");
    // Its later lines may be indented too.
    expect(await html(": {|\n  |x\n  |} after")).toBe("<dl><dd><table>\n  <tbody><tr><td>x\n  </td></tr></tbody></table> after</dd></dl>");
  });

  it("stays text after other bullets or after text", async () => {
    expect(await html("* {|\n|x\n|}")).toBe("<ul><li>{|</li></ul>\n<p>|x\n|}</p>");
    expect(await html(": y {|")).toBe("<dl><dd>y {|</dd></dl>");
  });

  it("round-trips", async () => {
    const env = makeEnv();
    for (const source of [":: {|\n|x\n|}", ":  {| class=\"wide\"\n|x\n|}"]) {
      expect(await html2wt((await wt2html(source, env)).html, env)).toBe(source);
    }
  });
});

describe("wt2html: the colon that splits a definition term", () => {
  it("is not one a template wrote after the page's `;` (Parsoid tokenizes the output apart)", async () => {
    const out = await html(";{{echo|term:more}}", {}, templatedEnv());
    expect(out).toMatch(/^<dl><dt><span about="#mwt1" typeof="mw:Transclusion" data-mw='[^']*'>term:more<\/span><\/dt><\/dl>$/);
  });

  it("is not the page's colon after a term a template started", async () => {
    const out = await html("{{echo|;term}}:more", {}, templatedEnv());
    expect(out).toMatch(/<dt>term:more<\/dt><\/dl>$/);
  });

  it("is one from the same source as the `;`", async () => {
    expect(await html(";{{echo|term}}: more", {}, templatedEnv())).toMatch(/<\/span><\/dt><dd>more<\/dd><\/dl>$/);
    expect(await html("{{echo|;term: more}}", {}, templatedEnv())).toMatch(/><dt>term<\/dt><dd>more<\/dd><\/dl>$/);
  });
});

describe("wt2html: a cell's trailing whitespace", () => {
  it("keeps a line break and the next line's indentation (Parsoid trims blanks only after content)", async () => {
    expect(await html("{|\n|one\n  |two\n  |}")).toBe("<table>\n<tbody><tr><td>one\n  </td><td>two\n  </td></tr></tbody></table>");
  });

  it("still loses blanks right after content, and the newline that ends the cell's line", async () => {
    expect(await html("{|\n|one  \n|two\t\n|}")).toBe("<table>\n<tbody><tr><td>one</td>\n<td>two</td></tr>\n</tbody></table>");
  });

  it("round-trips", async () => {
    const env = makeEnv();
    for (const source of ["{|\n|one\n  |two\n  |}", ": {|\n  |one\n  |} after"]) {
      expect(await html2wt((await wt2html(source, env)).html, env)).toBe(source);
    }
  });
});

describe("wt2html: paragraph wrapping around an inline element that holds a block", () => {
  it("splits formatting elements, links included (Parsoid splits what the adoption agency could)", async () => {
    expect(await html("<b>before<div>inside</div></b>")).toBe("<p><b>before</b></p><b><div>inside</div></b>");
    const out = await html("[http://example.com before<div>inside</div>]");
    expect(out).toMatch(/^<p><a [^>]*>before<\/a><\/p><a [^>]*><div>inside<\/div><\/a>$/);
  });

  it("leaves other inline elements whole and unwrapped", async () => {
    expect(await html("<span>before<div>inside</div>after</span>")).toBe("<span>before<div>inside</div>after</span>");
    expect(await html("x\n\n<span>before<div>inside</div></span>")).toBe("<p>x</p>\n\n<span>before<div>inside</div></span>");
  });

  it("keeps a link whole around a table or an extension's output (Parsoid unpacks those later)", async () => {
    expect(await html("[[Main Page|text <pre>kept</pre>]]")).toMatch(/<a [^>]*>text <pre[^>]*>kept<\/pre><\/a>/);
  });
});

describe("wt2html: an empty <nowiki/> on a line with a block", () => {
  it("gets no paragraph of its own (Parsoid's wrapper span is p-wrap optional when empty)", async () => {
    const cat = '<link rel="mw:PageProp/Category" href="./Category:X"/>';
    expect(await html("<nowiki />[[Category:X]]<div>block</div>")).toBe(`<span typeof="mw:Nowiki"></span>${cat}<div>block</div>`);
  });

  it("is still wrapped where the line has no block", async () => {
    expect(await html("<nowiki/>")).toBe('<p><span typeof="mw:Nowiki"></span></p>');
    expect(await html("a<nowiki/>b<div>c</div>")).toBe('<p>a<span typeof="mw:Nowiki"></span>b</p><div>c</div>');
  });
});

describe("wt2html: sections a transclusion's headings make", () => {
  const pages = { "Template:Echo": "{{{1}}}", "Template:Pair": "== First ==\nx\n== Second ==\ny" };

  it("become one transclusion from the section holding its start to the one holding its end", async () => {
    const env = withPageSources(makeEnv(), pages);
    const out = (await wt2html("lead\n{{Pair}}\n== Page ==\nz", env, { wrapSections: true, bodyOnly: true })).html;
    const sections = [...out.matchAll(/<section ([^>]*)>/g)].map((m) => m[1]!.replace(/ data-parser='[^']*'/, ""));
    // The lead, the template's two sections (one new about id, marks on the first), the page's.
    expect(sections[1]).toMatch(/^data-mw-section-id="-1" about="(#mwt\d+)" typeof="mw:Transclusion" data-mw='\{"parts":\[\{"template":\{"target":\{"wt":"Pair"[^']*\},"\\n"\]\}'$/);
    const about = /about="(#mwt\d+)"/.exec(sections[1]!)![1];
    expect(sections[2]).toBe(`data-mw-section-id="-1" about="${about}"`);
    expect(sections[3]).toBe('data-mw-section-id="1"');
    // The template's own nodes keep their marks, under another about id.
    expect(out).toMatch(/<h2 about="(#mwt\d+)" typeof="mw:Transclusion"/);
    expect(out).not.toContain(`<h2 about="${about}"`);
    expect(await html2wt(out, env)).toBe("lead\n{{Pair}}\n== Page ==\nz");
  });

  it("leave a transclusion inside one section as it is", async () => {
    const env = withPageSources(makeEnv(), pages);
    const out = (await wt2html("== Page ==\n{{echo|text}}", env, { wrapSections: true, bodyOnly: true })).html;
    expect(out).not.toMatch(/<section [^>]*typeof/);
  });
});
