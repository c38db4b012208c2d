import { describe, expect, it } from "vitest";
import { html } from "./helpers/html.js";

describe("wt2html: paragraphs", () => {
  it("wraps lines in paragraphs and separates them at blank lines", async () => {
    expect(await html("a\nb\n\nc")).toBe("<p>a\nb</p>\n\n<p>c</p>");
  });
  it("turns extra blank lines into <br> paragraphs", async () => {
    expect(await html("a\n\n\nb")).toBe("<p>a</p>\n<p>\n<br/>\nb</p>");
    expect(await html("a\n\n\n\nb")).toBe("<p>a</p>\n<p>\n<br/>\n</p>\n<p>b</p>");
  });
  it("treats comment-only lines as transparent", async () => {
    expect(await html("a\n<!-- c -->\nb")).toBe("<p>a\n<!-- c -->\nb</p>");
  });
  it("encodes dashes inside comments", async () => {
    expect(await html("<!-- a -- b -->")).toBe("<!-- a &#x2D;&#x2D; b -->");
  });
});

describe("wt2html: headings", () => {
  it("makes headings with ids", async () => {
    expect(await html("== Hello world ==")).toBe('<h2 id="Hello_world">Hello world</h2>');
  });
  it("uses the shorter run for unbalanced headings", async () => {
    expect(await html("===a==")).toBe('<h2 id="=a"><span id=".3Da" typeof="mw:FallbackId"></span>=a</h2>');
  });
  it("makes duplicate ids unique and keeps a legacy fallback id", async () => {
    expect(await html("==a==\n==a==")).toBe('<h2 id="a">a</h2>\n<h2 id="a_2">a</h2>');
    expect(await html("==a & b==")).toBe('<h2 id="a_&amp;_b"><span id="a_.26_b" typeof="mw:FallbackId"></span>a &amp; b</h2>');
  });
  it("counts ids differing only in ASCII case as duplicates, and no other letters", async () => {
    const out = await html("==Foo==\n==foo==\n==Éa==\n==éa==");
    expect([...out.matchAll(/<h2 id="([^"]*)"/g)].map((m) => m[1])).toEqual(["Foo", "foo_2", "Éa", "éa"]);
  });
  it("wraps sections when asked", async () => {
    expect(await html("x\n==a==\ny", { wrapSections: true })).toBe(
      '<section data-mw-section-id="0"><p>x</p>\n</section><section data-mw-section-id="1"><h2 id="a">a</h2>\n<p>y</p></section>',
    );
  });
});

describe("wt2html: lists", () => {
  it("builds nested and mixed lists", async () => {
    expect(await html("* a\n** b\n# c")).toBe("<ul><li>a\n<ul><li>b</li></ul></li></ul>\n<ol><li>c</li></ol>");
  });
  it("builds definition lists with ; and :", async () => {
    expect(await html(";t:d")).toBe("<dl><dt>t</dt><dd>d</dd></dl>");
    expect(await html(";t\n:d")).toBe("<dl><dt>t</dt>\n<dd>d</dd></dl>");
  });
  it("handles 10k-deep list prefixes", async () => {
    const out = await html("*".repeat(10_000) + " x");
    expect(out.match(/<ul>/g)!.length).toBe(10_000);
  });
});

describe("wt2html: pre, nowiki, hr", () => {
  it("makes indent-pre from leading spaces", async () => {
    expect(await html(" a\n b\nc")).toBe("<pre>a\nb</pre>\n<p>c</p>");
  });
  it("never makes pre from a line holding a block tag", async () => {
    expect(await html(" <div>x</div>")).toBe(" <div>x</div>");
  });
  it("keeps <pre> content literal", async () => {
    expect(await html("<pre>''a'' [[b]]</pre>")).toContain(">''a'' [[b]]</pre>");
  });
  it("keeps <nowiki> content literal", async () => {
    expect(await html("<nowiki>''a'' &amp;</nowiki>")).toBe('<p><span typeof="mw:Nowiki">\'\'a\'\' <span typeof="mw:Entity">&amp;</span></span></p>');
  });
  it("makes horizontal rules", async () => {
    expect(await html("----")).toBe("<hr/>");
  });
});

describe("wt2html: quotes", () => {
  it("makes bold and italic", async () => {
    expect(await html("''i'' '''b''' '''''bi'''''")).toBe("<p><i>i</i> <b>b</b> <i><b>bi</b></i></p>");
  });
  it("closes open quotes at the end of the line", async () => {
    expect(await html("''a\nb")).toBe("<p><i>a</i>\nb</p>");
  });
  it("reinterprets a bold run after a single-letter word when counts are odd", async () => {
    expect(await html("l'''amour'' x")).toBe("<p>l'<i>amour</i> x</p>");
  });
  it("repairs misnesting through HTML5 tree construction", async () => {
    expect(await html("<b>a<i>b</b>c</i>")).toBe("<p><b>a<i>b</i></b><i>c</i></p>");
  });
});

describe("wt2html: entities and behaviour switches", () => {
  it("marks entities", async () => {
    expect(await html("&amp; &#65; &bogus;")).toBe('<p><span typeof="mw:Entity">&amp;</span> <span typeof="mw:Entity">A</span> &amp;bogus;</p>');
  });
  it("turns behaviour switches into page properties", async () => {
    expect(await html("__NOTOC__")).toBe('<meta property="mw:PageProp/notoc"/>');
  });
  it("turns #REDIRECT into a redirect link", async () => {
    expect(await html("#REDIRECT [[Main Page]]")).toBe('<link rel="mw:PageProp/redirect" href="./Main_Page"/>');
  });
});

describe("wt2html: include directives on the page", () => {
  it("shows noinclude content between markers and hides includeonly content", async () => {
    expect(await html("a<noinclude>b</noinclude><includeonly>c</includeonly>")).toBe(
      '<p>a<meta typeof="mw:Includes/NoInclude"/>b</p><meta typeof="mw:Includes/NoInclude/End"/>' +
        `<meta typeof="mw:Includes/IncludeOnly" data-mw='{"src":"<includeonly>c</includeonly>"}'/><meta typeof="mw:Includes/IncludeOnly/End"/>`,
    );
  });
});

describe("wt2html: templates", () => {
  it("encapsulates a missing template's red link as a transclusion", async () => {
    const out = await html("{{foo|bar}}");
    // The link is the template's whole output inside an implicit paragraph: it carries the group.
    expect(out).toMatch(/^<p><a rel="mw:WikiLink" href="\.\/Template:Foo\?action=edit&amp;redlink=1"[^>]* about="#mwt1" typeof="mw:Transclusion mw:LocalizedAttrs"/);
    expect(out).toContain(`data-mw='{"parts":[{"template":{"target":{"wt":"foo","href":"./Template:Foo"},"params":{"1":{"wt":"bar"}},"i":0}}]}'`);
  });
});
