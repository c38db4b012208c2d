// html2wt of links and of text that looks like link syntax: only "[[...]]" that would parse as a
// link needs protecting; targets the parser refuses stay plain text.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wouldParseAsWikiLink } from "../../src/html2wt/handlers/link-target.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

describe("html2wt: link-like text", () => {
  it("protects text that would become a link", async () => {
    expect(await html2wt("<p>see [[Foo]] and [[Foo|bar]]</p>", env)).toBe("see <nowiki>[[Foo]]</nowiki> and <nowiki>[[Foo|bar]]</nowiki>");
  });
  it("leaves text alone whose target no link can have", async () => {
    expect(await html2wt("<p>[[./foo]] [[a|]] [[%3c%23]] [[x&lt;y]]</p>", env)).toBe("[[./foo]] [[a|]] [[%3c%23]] [[x<y]]");
  });
  it("counts template syntax and fragments as links", () => {
    expect(wouldParseAsWikiLink("{{1x|Foo}}", env.site, "Page")).toBe(true);
    expect(wouldParseAsWikiLink("#section", env.site, "Page")).toBe(true);
    expect(wouldParseAsWikiLink("Category:X", env.site, "Page")).toBe(true);
    expect(wouldParseAsWikiLink("7%2525 Solution", env.site, "Page")).toBe(false);
  });
});

describe("html2wt: external links", () => {
  it("keeps brackets when a bare URL would lose its trailing punctuation", async () => {
    expect(await html2wt('<p><a rel="mw:ExtLink" href="http://example.com/test." class="external text">http://example.com/test.</a></p>', env)).toBe(
      "[http://example.com/test. http://example.com/test.]",
    );
    expect(await html2wt('<p><a rel="mw:ExtLink" href="mailto:a@b.org" class="external free">mailto:a@b.org</a></p>', env)).toBe("mailto:a@b.org");
  });
  it("writes a bare URL in its original spelling while its text is the decoded spelling", async () => {
    const html =
      '<p><a rel="mw:ExtLink" href="http://x.org/?a%5B%5D=b" class="external free" data-parser=\'{"stx":"url","a":{"href":"http://x.org/?a%5B%5D=b"},"sa":{"href":"http://x.org/?a&amp;#x5B;&amp;#x5D;=b"}}\'>http://x.org/?a[]=b</a></p>';
    expect(await html2wt(html, env)).toBe("http://x.org/?a&#x5B;&#x5D;=b");
  });
  it("writes an external image back as its URL", async () => {
    expect(await html2wt('<p>see <img src="http://img.example/a/Pic.png" alt="Pic.png"/></p>', env)).toBe("see http://img.example/a/Pic.png");
  });
  it("does not protect a lone protocol", async () => {
    expect(await html2wt("<p>bitcoin:; (bitcoin:)</p>", env)).toBe("bitcoin:; (bitcoin:)");
  });
});

describe("html2wt: redirects and interwiki prefixes", () => {
  it("keeps a redirect target as written while it resolves the same", async () => {
    const { html } = await wt2html("#REDIRECT [[Main_Page]]", env, { bodyOnly: true, inlineDataParser: true });
    expect(await html2wt(html, env)).toBe("#REDIRECT [[Main_Page]]");
  });
  it("writes a new redirect to a file plainly and to a category with a colon", async () => {
    expect(await html2wt('<link rel="mw:PageProp/redirect" href="./File:Wiki.png"/>', env)).toBe("#REDIRECT [[File:Wiki.png]]");
    expect(await html2wt('<link rel="mw:PageProp/redirect" href="./Category:Foo"/>', env)).toBe("#REDIRECT [[:Category:Foo]]");
  });
});

describe("wt2wt: links keep their source spelling", () => {
  const roundTrip = async (source: string) => html2wt((await wt2html(source, env, { bodyOnly: true, inlineDataParser: true })).html, env);
  it("bare URLs written with character references", async () => {
    expect(await roundTrip("see http://x.org/?a&#61;b&amp;c")).toBe("see http://x.org/?a&#61;b&amp;c");
  });
  it("interwiki links as their prefix was written", async () => {
    expect(await roundTrip("[[  WikiPedia :Foo]]")).toBe("[[  WikiPedia :Foo]]");
  });
});

describe("html2wt: links from other editors' HTML", () => {
  it("writes a link whose href is no title as its text", async () => {
    expect(await html2wt('<p><a rel="mw:WikiLink" href="[[foo]]">text</a></p>', env)).toBe("text");
  });
  it("drops a new empty link and an anchor without href", async () => {
    expect(await html2wt('<p>a <a rel="mw:WikiLink" href="./Test"></a> b</p>', env)).toBe("a  b");
    expect(await html2wt('<p><a class="x">dice</a> <a name="n"></a></p>', env)).toBe('dice <span name="n"></span>');
  });
  it("reads relative hrefs as wiki links whatever the rel, with interwiki prefixes in lower case", async () => {
    expect(await html2wt('<p><a rel="mw:ExtLink" href="./Foo">Bar</a> <a href="WIKIPEDIA%3AFoo">Foo</a></p>', env)).toBe("[[Foo|Bar]] [[wikipedia:Foo|Foo]]");
  });
  it("writes a wiki link showing its absolute URL as that URL", async () => {
    expect(await html2wt('<p><a rel="mw:WikiLink" href="http://en.wikipedia.org/wiki/Foo">http://en.wikipedia.org/wiki/Foo</a></p>', env)).toBe("http://en.wikipedia.org/wiki/Foo");
  });
});

describe("html2wt: new categories", () => {
  it("go on a line of their own next to text, not next to comments", async () => {
    expect(await html2wt('<p>foo<link rel="mw:PageProp/Category" href="./Category:Foo">bar</p>', env)).toBe("foo\n[[Category:Foo]]\nbar");
    expect(await html2wt('<!-- c --> <link rel="mw:PageProp/Category" href="./Category:Foo">', env)).toBe("<!-- c --> [[Category:Foo]]");
  });
});

describe("wt2wt: categories", () => {
  it("keep the target as written while the href is the one it resolved to", async () => {
    for (const source of ["[[Category:foo]]", "[[category: foo_bar|Key]]", "[[Category:foo|]]x"]) {
      expect(await html2wt((await wt2html(source, env, { bodyOnly: true })).html, env)).toBe(source);
    }
    // Parsoid's parse data spells the sort key into the written target: written once.
    const parsoid = `<link rel="mw:PageProp/Category" href="./Category:Foo#%20" data-parsoid='{"stx":"simple","a":{"href":"./Category:Foo#%20"},"sa":{"href":"Category:Foo#%20"}}'/>`;
    expect(await html2wt(parsoid, env)).toBe("[[Category:Foo| ]]");
  });
});

describe("wt2wt: simple links whose text the parser derived", () => {
  const roundTrip = async (source: string, title = "Test page") => {
    const e = makeEnv(undefined, title);
    return html2wt((await wt2html(source, e, { bodyOnly: true, inlineDataParser: true })).html, e);
  };
  it("keep %-escapes and references in the target", async () => {
    expect(await roundTrip("[[7%25 Solution]] [[%33%45]] [[&#x5d0;&#x5b7;]]")).toBe("[[7%25 Solution]] [[%33%45]] [[&#x5d0;&#x5b7;]]");
  });
});

describe("wt2wt: language links", () => {
  it("keep their target as written", async () => {
    const e = makeEnv();
    const source = "Text\n[[  fr :Foo_bar]]";
    expect(await html2wt((await wt2html(source, e, { bodyOnly: true, inlineDataParser: true })).html, e)).toBe(source);
  });
});

describe("html2wt: media links", () => {
  it("name the file of a link without resource from its URL", async () => {
    expect(await html2wt('<p><a rel="mw:MediaLink" href="http://img.example/images/3/3a/Foo_bar.jpg">Bat!</a></p>', env)).toBe("[[Media:Foo bar.jpg|Bat!]]");
  });
  it("keep a simple link's spelling of the file", async () => {
    const source = "[[Media:No_such file.jpg]]";
    expect(await html2wt((await wt2html(source, env, { bodyOnly: true, inlineDataParser: true })).html, env)).toBe(source);
  });
});

describe("wt2wt: magic links", () => {
  it("keep the references they were written with", async () => {
    const source = "RFC&nbsp;822 and ISBN&#160;0-306-40615-2";
    expect(await html2wt((await wt2html(source, env, { bodyOnly: true, inlineDataParser: true })).html, env)).toBe(source);
  });
});

describe("html2wt: tidying edited links", () => {
  it("joins adjacent links to one page when one is new, and moves formatting outside a new link", async () => {
    const html =
      '<p><a rel="mw:WikiLink" href="./Football" data-parser=\'{"stx":"piped"}\'><i>Foot</i></a><a rel="mw:WikiLink" href="./Football"><i>ball</i></a></p>';
    expect(await html2wt(html, env)).toBe("''[[Football]]''");
    expect(await html2wt('<p><a rel="mw:WikiLink" href="./Football"><u><b>Football</b></u></a></p>', env)).toBe("<u>'''[[Football]]'''</u>");
  });
});

describe("html2wt: links to this wiki's own article URLs", () => {
  it("are wiki links", async () => {
    expect(await html2wt('<p><a rel="mw:ExtLink" href="http://test.example/wiki/Foo">Foo</a></p>', env)).toBe("[[Foo]]");
    expect(await html2wt('<p><a rel="mw:ExtLink" href="http://test.example/wiki/Foo?action=edit">edit</a></p>', env)).toBe("[http://test.example/wiki/Foo?action=edit edit]");
  });
});

describe("wt2wt: page property calls", () => {
  it("after a paragraph stay on the next line", async () => {
    const source = "this is not the title\n{{DISPLAYTITLE:whatever}}";
    const e = makeEnv();
    expect(await html2wt((await wt2html(source, e, { bodyOnly: true, inlineDataParser: true })).html, e)).toBe(source);
  });
});
