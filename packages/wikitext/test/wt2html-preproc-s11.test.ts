// Session 11: preprocessor-side conformance (templates and the tokens around their output).
import { describe, expect, it } from "vitest";
import { html } from "./helpers/html.js";
import { makeEnv, siteInfo, withPageSources } from "./helpers/env.js";
import { SiteConfig } from "../src/index.js";
import { wt2html } from "../src/index.js";
import { html2wt } from "../src/html2wt/index.js";

const TEMPLATES: Record<string, string> = {
  "Template:Echo": "{{{1}}}",
  "Template:Nothing": "",
  "Template:Terms": ";a: {{bullet}}\n;b: c",
  "Template:Bullet": "*x",
  "Template:Pipe": "Target|shown",
  "Template:Bangpipe": "Target{{!}}shown",
};

function templatedEnv(): ReturnType<typeof makeEnv> {
  // The {{!}} magic word, as wikis define it.
  const site = SiteConfig.fromSiteInfo({ ...siteInfo, magicwords: [...siteInfo.magicwords, { name: "!", aliases: ["!"], "case-sensitive": true }] });
  return withPageSources({ ...makeEnv(), site }, TEMPLATES);
}

describe("wt2html: a template that renders nothing", () => {
  it("stands inside the list item whose line it ends, as Parsoid's item closes after its markers", async () => {
    const out = await html("*{{nothing}}\n*b", {}, templatedEnv());
    expect(out).toMatch(/^<ul><li><span about="#mwt1" typeof="mw:Transclusion" data-mw='[^']*'><\/span><\/li>\n<li>b<\/li><\/ul>$/);
  });

  it("reaches the innermost item of a nested list, and a term", async () => {
    expect(await html("**{{nothing}}", {}, templatedEnv())).toMatch(/^<ul><li><ul><li><span about="#mwt1"[^>]*><\/span><\/li><\/ul><\/li><\/ul>$/);
    expect(await html(";{{nothing}}", {}, templatedEnv())).toMatch(/^<dl><dt><span about="#mwt1"[^>]*><\/span><\/dt><\/dl>$/);
  });

  it("still follows a paragraph and an element with an end tag", async () => {
    expect(await html("a{{nothing}}", {}, templatedEnv())).toMatch(/^<p>a<\/p><span about="#mwt1"/);
    expect(await html("<span>a</span>{{nothing}}", {}, templatedEnv())).toMatch(/^<p><span>a<\/span><\/p><span about="#mwt1"/);
  });

  it("round-trips from the item", async () => {
    const env = templatedEnv();
    const source = "*{{nothing}}\n*b";
    const out = (await wt2html(source, env)).html;
    expect(await html2wt(out, env)).toBe(source);
  });
});

describe("wt2html: link brackets and template output (Parsoid tokenizes each output on its own)", () => {
  it("does not let a template's `]]` close the page's link: the link ends at the page's `]]`", async () => {
    const out = await html("[[Target|{{echo|words]]more}} after]]", {}, templatedEnv());
    expect(out).toMatch(/^<p><a rel="mw:WikiLink" href="\.\/Target[^"]*"[^>]*><span about="#mwt1" typeof="mw:Transclusion"[^>]*>words\]\]more<\/span> after<\/a><\/p>$/);
  });

  it("pairs no `[[` of a template's output with a `]]` of the page", async () => {
    const out = await html("{{echo|[[Target}}|shown]]", {}, templatedEnv());
    expect(out).not.toContain("<a ");
    expect(await html("{{echo|[[Target|shown]]}}", {}, templatedEnv())).toContain('<a rel="mw:WikiLink"');
  });

  it("keeps a link with an unclosed `{{` in it as text (a broken template holds its `]]`)", async () => {
    const out = await html("[[Target|a {{broken]] b", {}, templatedEnv());
    expect(out).toBe("<p>[[Target|a {{broken]] b</p>");
    // A link after the broken call is a link again.
    expect(await html("[[Target|{{x]] [[Other]]", {}, templatedEnv())).toMatch(/^<p>\[\[Target\|\{\{x\]\] <a rel="mw:WikiLink"[^>]*>Other<\/a><\/p>$/);
  });

  it("splits a template's text from the page's text and the trail that follow it in the link", async () => {
    const out = await html("[[Target|{{echo|in]]side}}s]]s", {}, templatedEnv());
    expect(out).toMatch(/><span about="#mwt1" typeof="mw:Transclusion" data-mw='[^']*'>in\]\]side<\/span>ss<\/a><\/p>$/);
  });
});

describe("wt2html: a line that holds only a behaviour switch", () => {
  it("is a blank line between paragraphs, as the legacy parser leaves it once the word is removed", async () => {
    expect(await html("one\n__NOTOC__\ntwo")).toBe('<p>one</p>\n<meta property="mw:PageProp/notoc"/>\n<p>two</p>');
  });

  it("leaves a switch on a line with text in its paragraph", async () => {
    expect(await html("one\n__NOTOC__ two")).toBe('<p>one\n<meta property="mw:PageProp/notoc"/> two</p>');
  });
});

describe("wt2html: the line break put before a nested call's block syntax (T2529)", () => {
  it("leaves no text in the outer template's output, as Parsoid expands the nested call on its own", async () => {
    const out = await html("{{terms}}", {}, templatedEnv());
    expect(out).toMatch(/<dd><\/dd><\/dl><ul about="#mwt1"><li>x<\/li><\/ul><span about="#mwt1">\n<\/span><dl about="#mwt1">/);
  });

  it("does so for a second call that MediaWiki's empty-frame cache answers", async () => {
    const out = await html("{{terms}}\n\n{{terms}}", {}, templatedEnv());
    expect(out.match(/<\/dl><ul about=/g)).toHaveLength(2);
  });
});

describe("wt2html: a pipe from a template inside a link the page opened", () => {
  it("is part of the target, which no title holds: the link is text", async () => {
    const out = await html("[[{{pipe}}]]", {}, templatedEnv());
    expect(out).toMatch(/^<p>\[\[<span about="#mwt1" typeof="mw:Transclusion"[^>]*>Target\|shown<\/span>\]\]<\/p>$/);
  });

  it("is the link's pipe when a {{!}} in the template wrote it", async () => {
    const out = await html("[[{{bangpipe}}]]", {}, templatedEnv());
    expect(out).toMatch(/^<p><a rel="mw:WikiLink" href="\.\/Target[?"]/);
    expect(out).toMatch(/>shown<\/a><\/p>$/);
  });

  it("leaves alone a call kept as text, whose link Parsoid reads on the page", async () => {
    const out = await html("{{[[Target|x]]}}", {}, templatedEnv());
    expect(out).toMatch(/^<p>\{\{<a rel="mw:WikiLink"[^>]*>x<\/a>\}\}<\/p>$/);
  });
});
