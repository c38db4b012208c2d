// html2wt escaping of text next to markup: brackets around links, a "]]" closing text's "[[",
// empty cells before "||".
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

describe("html2wt: brackets and cells next to markup", () => {
  it("keeps an odd run of '[' before a link apart from its '[['", async () => {
    expect(await html2wt('<p>[<a rel="mw:WikiLink" href="./Test">Test</a>]</p>', env)).toBe("[<nowiki/>[[Test]]]");
    expect(await html2wt('<p>[[<a rel="mw:WikiLink" href="./Test">Test</a>]]</p>', env)).toBe("[[[[Test]]]]");
  });
  it("escapes a ']]' that would close a '[[' written as text earlier on the line", async () => {
    expect(await html2wt("<p>[[<i>foo</i>hello]]</p>", env)).toBe("[[''foo''<nowiki>hello]]</nowiki>");
    expect(await html2wt("<p><i>[[foo</i>]]</p>", env)).toBe("''[[foo''<nowiki>]]</nowiki>");
    // No link could be made of them: the text stays as it is.
    expect(await html2wt("<p>[[a<i>b</i>|]]</p>", env)).toBe("[[a''b''|]]");
  });
  it("puts a space in an empty cell followed by another on its line", async () => {
    expect(await html2wt(`<table><tr><td></td><td align="center" data-parsoid='{"stx":"row"}'></td><td data-parsoid='{"stx":"row"}'></td></tr></table>`, env)).toBe(
      '{|\n| || align="center" | ||\n|}',
    );
  });
});

describe("html2wt: escaping in cells and of nowiki text", () => {
  it("protects '||' in an HTML block on its cell's line", async () => {
    expect(await html2wt("<table><tbody><tr><td>a<i><div>b||c</div></i></td></tr></tbody></table>", env)).toBe("{|\n|a''<div><nowiki>b||c</nowiki></div>''\n|}");
  });
  it("protects a cell's whole text when it starts like row syntax", async () => {
    expect(await html2wt("<table><tbody><tr><td><p>- </p></td></tr></tbody></table>", env)).toBe("{|\n|<nowiki>- </nowiki>\n|}");
  });
  it("writes nowiki tags in text as references, inside a nowiki once the line needs one", async () => {
    expect(await html2wt("<p>&lt;nowiki&gt;foo&lt;/nowiki&gt;</p>", env)).toBe("&lt;nowiki&gt;foo&lt;/nowiki&gt;");
    expect(await html2wt("<p>* &lt;/nowiki&gt; tag</p>", env)).toBe("<nowiki>*</nowiki> <nowiki>&lt;/nowiki&gt;</nowiki> tag");
  });
});

describe("html2wt: new links and images from other HTML", () => {
  it("spells a new link's target as its href does when the text differs", async () => {
    expect(await html2wt('<p><a rel="mw:WikiLink" href="./Foo_bar">./Foo_bar</a> <a rel="mw:WikiLink" href="./Foo_bar">Foo bar</a></p>', env)).toBe("[[Foo_bar|./Foo_bar]] [[Foo bar]]");
  });
  it("writes an external-link-typed relative href as a wiki link", async () => {
    expect(await html2wt('<p><a rel="mw:ExtLink" href="Foo%3ABar">baz</a></p>', env)).toBe("[[Foo:Bar|baz]]");
  });
  it("writes an image with nothing but its URL as that URL", async () => {
    expect(await html2wt("<p><a href='http://boo.org'><img src='http://boohoo.org' /></a></p>", env)).toBe("[http://boo.org http://boohoo.org]");
  });
});

describe("html2wt: links from other renderers", () => {
  it("writes a protocol href typed as a wiki link as an external link", async () => {
    expect(await html2wt("<p><a rel='mw:WikiLink' href='news:Foo'>Foo</a></p>", env)).toBe("[news:Foo Foo]");
  });
  it("keeps the lower-case first letter the text gives the target", async () => {
    expect(await html2wt('<p><a href="/wiki/Prefixed_article" title="Prefixed article">prefixed articles</a></p>', env)).toBe("[[prefixed article|prefixed articles]]");
  });
  it("writes a link to a section of the page itself as [[#section]]", async () => {
    expect(await html2wt(`<p><a rel="mw:WikiLink" href="./${env.page.title.replace(/ /g, "_")}#Foo_bar">#Foo bar</a></p>`, env)).toBe("[[#Foo bar]]");
  });
});

describe("html2wt: link targets from hrefs", () => {
  it("writes a category whose target markup made from that markup", async () => {
    const html = `<link typeof="mw:ExpandedAttrs" rel="mw:PageProp/Category" href="./Category:Bugs-Regression" data-mw='{"attribs":[[{"txt":"href"},{"html":"Category:Bugs-&lt;span typeof=\\"mw:Transclusion\\" data-mw=&apos;{\\"parts\\":[{\\"template\\":{\\"target\\":{\\"wt\\":\\"#if:blah\\",\\"function\\":\\"if\\"},\\"params\\":{\\"1\\":{\\"wt\\":\\"Regression\\"},\\"2\\":{\\"wt\\":\\"None\\"}},\\"i\\":0}}]}&apos;>Regression&lt;/span>"}]]}'/>`;
    expect(await html2wt(html, env)).toBe("[[Category:Bugs-{{#if:blah|Regression|None}}]]");
  });
  it("escapes pipes and brackets an href puts in a target", async () => {
    expect(await html2wt('<p><a rel="mw:WikiLink" href="./Foo#a|b">x</a></p>', env)).toBe("[[Foo#a%7Cb|x]]");
  });
});

describe("html2wt: cells", () => {
  it("leaves a pipe after a link in a cell's text alone (attributes end at the link)", async () => {
    expect(await html2wt('<table><tbody><tr><td>testing <a rel="mw:WikiLink" href="./One">two</a> |three</td></tr></tbody></table>', env)).toBe("{|\n|testing [[One|two]] |three\n|}");
  });
});

describe("html2wt: tag-like text", () => {
  it("leaves a URL inside a tag the parser shows as text alone", async () => {
    expect(await html2wt('<p>&lt;a href="http://google.com"&gt;google&lt;/a&gt;</p>', env)).toBe('<a href="http://google.com">google</a>');
  });
  it("protects a tag whose whitespace crosses a line break", async () => {
    expect(await html2wt("<p>&lt;div\n&gt;foo&lt;/div\n&gt;</p>", env)).toBe("<nowiki><div\n>foo</div\n></nowiki>");
  });
});

describe("html2wt: text that starts a tag it does not finish", () => {
  it("leaves '<div ' without a '>' of its own as it is: it reads back as text", async () => {
    const output = await html2wt("<p>&lt;div </p><div>123</div>", env);
    expect(output).toBe("<div <div>123</div>");
    const { html } = await wt2html(output, env, { bodyOnly: true });
    expect(html).toMatch(/^<p[^>]*>&lt;div <\/p><div[^>]*>123<\/div>$/);
  });
  it("still protects text that is a whole tag", async () => {
    expect(await html2wt("<p>&lt;div class=\"x\"> text</p>", env)).toBe('<nowiki><div class="x"></nowiki> text');
  });
});
