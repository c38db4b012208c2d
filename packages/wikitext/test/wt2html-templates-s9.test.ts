// Template encapsulation where Parsoid's markers, not only the output's extent, decide which
// nodes a transclusion takes: parameters at the top level, paragraphs made by the DOM pass,
// French spacing inside a template's text.
import { describe, expect, it } from "vitest";
import { html } from "./helpers/html.js";
import { makeEnv, siteInfo, withPageSources } from "./helpers/env.js";
import { SiteConfig } from "../src/index.js";
import { wt2html } from "../src/index.js";
import { html2wt } from "../src/html2wt/index.js";

const TEMPLATES: Record<string, string> = {
  "Template:Echo": "{{{1}}}",
  "Template:Grid": "{|\n| a || b\n|}",
  "Template:Bullet": "* from the template",
  "Template:Firstcell": '| class="lead" |',
};

function templatedEnv(): ReturnType<typeof makeEnv> {
  const env = makeEnv();
  // The {{!}} magic word, as wikis define it.
  const site = SiteConfig.fromSiteInfo({ ...siteInfo, magicwords: [...siteInfo.magicwords, { name: "!", aliases: ["!"], "case-sensitive": true }] });
  return withPageSources({ ...env, site }, TEMPLATES);
}

describe("wt2html: what a transclusion's group takes", () => {
  it("gives a paragraph that a top-level parameter fills to the parameter (its markers are outside the paragraph)", async () => {
    const out = await html("{{{name|plain words}}}\n\n{{{name|''slanted'' end}}}", {}, templatedEnv());
    expect(out).toMatch(/^<p about="#mwt1" typeof="mw:Param" data-mw='[^']*'>plain words<\/p>/);
    expect(out).toMatch(/<p about="#mwt2" typeof="mw:Param" data-mw="[^"]*"><i>slanted<\/i> end<\/p>$/);
  });

  it("keeps a parameter that shares its paragraph with page text inside the paragraph", async () => {
    const out = await html("before {{{name|middle}}} after", {}, templatedEnv());
    expect(out).toMatch(/^<p>before <span about="#mwt1" typeof="mw:Param" data-mw='[^']*'>middle<\/span> after<\/p>$/);
  });

  it("keeps a template's output inside the paragraph the token pass made", async () => {
    const out = await html("{{echo|plain words}}", {}, templatedEnv());
    expect(out).toMatch(/^<p><span about="#mwt1" typeof="mw:Transclusion" data-mw='[^']*'>plain words<\/span><\/p>$/);
  });

  it("gives a paragraph the DOM pass made around a template's output (a line with a block tag) to the template", async () => {
    const out = await html("<blockquote>{{echo|quoted}}</blockquote>", {}, templatedEnv());
    expect(out).toContain(`<blockquote><p about="#mwt1" typeof="mw:Transclusion"`);
    expect(out).toMatch(/'>quoted<\/p><\/blockquote>$/);
  });

  it("wraps a template's text and its French spaces in one span", async () => {
    const out = await html("{{echo|1=x ! y}}", {}, templatedEnv());
    expect(out).toMatch(/^<p><span about="#mwt1" typeof="mw:Transclusion" data-mw='[^']*'>x<span typeof="mw:DisplaySpace">\u00a0<\/span>! y<\/span><\/p>$/);
  });
});

describe("wt2html: block syntax a template writes mid-line (T2529)", () => {
  it("leaves the line break put before the template's table out of the page and out of the group", async () => {
    const out = await html("text {{grid}}", {}, templatedEnv());
    expect(out).toMatch(/^<p>text <\/p><table about="#mwt1" typeof="mw:Transclusion"/);
  });

  it("starts the template's list item right after the item it continues, whose range ends at the call", async () => {
    const env = templatedEnv();
    const source = "*first{{bullet}}\n*last";
    const { html: out } = await wt2html(source, env, { bodyOnly: true });
    expect(out).toMatch(/>first<\/li><li about="#mwt1" typeof="mw:Transclusion"/);
    expect(out).toContain(`"dsr":[0,6,1,0]`);
    expect(await html2wt(out, env)).toBe(source);
  });
});

describe("wt2html: redirects are the page's own", () => {
  it("reads a redirect a template wrote at the page start as the list item it is", async () => {
    const out = await html("{{echo|1=#REDIRECT [[Elsewhere]]}}", {}, templatedEnv());
    expect(out).toMatch(/^<ol about="#mwt1" typeof="mw:Transclusion"[^>]*><li>REDIRECT <a /);
    expect(out).not.toContain("mw:PageProp/redirect");
  });

  it("still reads a redirect written on the page whose target a template wrote", async () => {
    const out = await html("#REDIRECT [[{{echo|Elsewhere}}]]", {}, templatedEnv());
    expect(out).toMatch(/^<link rel="mw:PageProp\/redirect" href="\.\/Elsewhere"/);
  });
});

describe("wt2html: table syntax around templates", () => {
  it("gives the cells the page writes on the line of a template that starts it with a cell to that template", async () => {
    const out = await html("{|\n|-\n{{firstcell}} ||x||y\n|-\n|z\n|}", {}, templatedEnv());
    const parts = /<td class="lead" about="#mwt1" typeof="mw:Transclusion" data-mw='([^']*)'><\/td><td about="#mwt1">x<\/td><td about="#mwt1">y<\/td><\/tr>/.exec(out);
    expect(parts).not.toBeNull();
    expect(JSON.parse(parts![1]!).parts[1]).toBe(" ||x||y");
    // The next line's cell is the page's.
    expect(out).toContain("<td>z</td>");
  });

  it("records a parameter that gives a table a bare attribute name as an expanded attribute", async () => {
    const out = await html("{| {{{missing}}}\n|c\n|}", {}, templatedEnv());
    expect(out).toMatch(/^<table typeof="mw:ExpandedAttrs" data-mw="/);
    expect(out).toContain("{&quot;txt&quot;:&quot;{{{missing}}}&quot;,&quot;html&quot;:&quot;<span about=");
    expect(out).not.toContain('typeof="mw:Param" data-mw');
  });

  it("ends a caption at a pipe a template's output starts with: a cell starts there, in a row of its own", async () => {
    const out = await html('{|\n|+title="t"{{echo|1={{!}}cell text}}\n|next\n|}', {}, templatedEnv());
    expect(out).toContain('<caption>title="t"</caption>');
    expect(out).toMatch(/<tbody about="#mwt1" typeof="mw:Transclusion" data-mw='[^']*'><tr><td>cell text<\/td>\n<td>next<\/td><\/tr>/);
  });

  it("starts a table after a comment or an include directive at the start of a line", async () => {
    expect(await html('<!-- note -->{| class="t"\n|c\n|}')).toMatch(/^<!-- note --><table class="t">/);
    expect(await html('<includeonly>x</includeonly>{| class="t"\n|c\n|}')).toMatch(/<meta typeof="mw:Includes\/IncludeOnly\/End"\/><table class="t">/);
  });
});

describe("wt2html: {{!}}", () => {
  it("wraps a {{!}} whose pipe stays text in a cell's content", async () => {
    const out = await html('{|\n| class="c" |a {{!}} b\n|}', {}, templatedEnv());
    expect(out).toMatch(/<td class="c">a <span about="#mwt1" typeof="mw:Transclusion" data-mw='[^']*"function":"!"[^']*'>\|<\/span> b<\/td>/);
  });

  it("leaves a {{!}} that is table syntax unwrapped", async () => {
    const out = await html("{|\n{{!}} a {{!}}{{!}} b\n|}", {}, templatedEnv());
    expect(out).toContain("<td>a</td><td>b</td>");
    expect(out).not.toContain("mw:Transclusion");
  });
});

describe("wt2html: attribute order of a templated link", () => {
  it("puts a link's classes after the transclusion's typeof, as Parsoid adds them later", async () => {
    const out = await html("{{echo|1=http://example.com/x}}", {}, templatedEnv());
    expect(out).toMatch(/<a rel="mw:ExtLink[^"]*" href="http:\/\/example.com\/x" about="#mwt1" typeof="mw:Transclusion" class="external free" data-mw=/);
  });
});
