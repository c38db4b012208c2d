// html2wt layout between and around blocks, following Parsoid's separator rules: paragraph
// transitions, rules followed by text, metadata on lines of its own, spaces at line starts, the
// guards after autolinks, new headings' edge metadata and tag names that must stay text.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();
const wt = (html: string): Promise<string> => html2wt(html, env);
const roundTrip = async (source: string): Promise<string> => html2wt((await wt2html(source, env)).html, env);

describe("paragraph transitions", () => {
  it("needs one line break between paragraphs when a block shares the line before or after", async () => {
    expect(await wt('<div data-parsoid=\'{"stx":"html"}\'>foo</div><p> a</p>\n<p>b</p>')).toBe("<div>foo</div> a\nb");
    expect(await wt('<p>b</p>\n<p>x </p><div data-parsoid=\'{"stx":"html"}\'>foo</div>')).toBe("b\nx <div>foo</div>");
  });
  it("keeps a blank line before a paragraph inserted after one that shares a block's line", async () => {
    // Selser: the new paragraph and the line after it would join with one line break.
    const wikitext = "<div>foo</div>a\nc";
    const { html } = await wt2html(wikitext, env, { bodyOnly: true });
    const edited = html.replace(/(<p[^>]*>a<\/p>)/, "$1<p>b</p>");
    expect(edited).not.toBe(html);
    expect(await html2wt(edited, env, { original: { wikitext, html } })).toBe("<div>foo</div>a\n\nb\n\nc");
  });
  it("keeps a blank line between paragraphs written back to back or on lines of their own", async () => {
    expect(await wt("<p>a</p><p>b</p>")).toBe("a\n\nb");
    expect(await wt("<p>a</p>\n<p>b</p>")).toBe("a\n\nb");
  });
  it("lets a tag-only block (a new <div>) share the paragraph's line", async () => {
    expect(await wt("<p>Para with a </p><div>nested</div>")).toBe("Para with a <div>nested</div>");
  });
  it("keeps text the source wrote after a table's '|}' on that line", async () => {
    expect(await roundTrip("{|\n|foo\n|} bar\n\n{|\n|baz\n|}<b>quux</b>")).toBe("{|\n|foo\n|} bar\n\n{|\n|baz\n|}<b>quux</b>");
    expect(await roundTrip("{|\n|foo\n|}\nbar")).toBe("{|\n|foo\n|}\nbar");
    // A new paragraph after a table still starts a line of its own.
    expect(await wt("<table><tbody><tr><td>x</td></tr></tbody></table><p>new</p>")).toMatch(/\|\}\n+new$/);
  });
  it("writes text after a rule's dashes on their line", async () => {
    expect(await wt('<hr data-parsoid=\'{"lineContent":true}\'/><p> Foo</p>')).toBe("---- Foo");
    expect(await roundTrip("---- Foo")).toBe("---- Foo");
  });
  it("starts a new paragraph on its own line after page metadata", async () => {
    const marker = `<meta typeof="mw:Includes/IncludeOnly" data-parsoid='{"src":"&lt;includeonly>foo&lt;/includeonly>"}'/><meta typeof="mw:Includes/IncludeOnly/End" data-parsoid='{"src":""}'/>`;
    expect(await wt(`${marker}<p>new para</p>`)).toBe("<includeonly>foo</includeonly>\nnew para");
  });
});

describe("metadata and headings", () => {
  it("puts a new behaviour switch on a line of its own", async () => {
    expect(await wt('foo<meta property="mw:PageProp/notoc"/>bar')).toBe("foo\n__NOTOC__\nbar");
  });
  it("moves metadata at a new heading's edges out of it", async () => {
    expect(await wt('<h2>hello<link href="./Category:A1" rel="mw:PageProp/Category" /></h2>')).toBe("== hello ==\n[[Category:A1]]");
    expect(await wt('<h2><!--c-->  <link href="./Category:A3" rel="mw:PageProp/Category" />   how</h2>')).toBe("<!--c-->  [[Category:A3]]\n\n== how ==");
  });
  it("writes a new line break inside a heading as a space", async () => {
    expect(await wt("<h2>foo<br>bar</h2>")).toBe("== foo bar ==");
  });
  it("lets a heading written as an HTML tag share its line", async () => {
    expect(await roundTrip("hi\n\n<div><h3>ho</h3>\n</div>")).toBe("hi\n\n<div><h3>ho</h3>\n</div>");
  });
  it("lets an HTML block's end tag close the line of a list last in it", async () => {
    expect(await roundTrip("<div>\n*a</div><div>\n*b</div>")).toBe("<div>\n*a</div><div>\n*b</div>");
  });
});

describe("spaces at line starts", () => {
  it("keeps trailing spaces after a last paragraph and before a block image", async () => {
    expect(await wt("<p>=a=</p>\t")).toBe("<nowiki>=a=</nowiki>\t");
    const figure = `<figure class="mw-default-size" typeof="mw:File/Thumb"><a href="./File:Foobar.jpg"><img resource="./File:Foobar.jpg" src="http://example.com/images/Foobar.jpg" height="25" width="220"/></a><figcaption>caption</figcaption></figure>`;
    expect(await wt(` ${figure}`)).toBe(" [[File:Foobar.jpg|thumb|caption]]");
  });
  it("drops spaces that would make an indented line preformatted", async () => {
    expect(await wt(" <pre>hi</pre>")).toBe(" hi");
    expect(await wt("<div>foo</div>\n <span>bar</span>")).toBe("<div>foo</div>\n<span>bar</span>");
    expect(await wt("<div>\n <span>foo</span>\n</div>")).toBe("<div>\n<span>foo</span>\n</div>");
  });
  it("keeps them where indented lines stay text, or before a block", async () => {
    expect(await wt("<blockquote><p>\n <b>bold</b>\n</p></blockquote>")).toBe("<blockquote>\n '''bold'''\n</blockquote>");
    expect(await wt("<p>foo</p>\n <div>bar</div>")).toBe("foo\n <div>bar</div>");
  });
  it("keeps a whitespace-only line before the newlines a constraint adds", async () => {
    expect(await wt("<p>foo</p>\n <span>bar</span>")).toBe("foo\n \n<span>bar</span>");
  });
  it("writes an indent-pre line's space after the comments opening it", async () => {
    expect(await roundTrip("<!-- comment 1 --> asdf\n<!-- comment 2 --> xyz")).toBe("<!-- comment 1 --> asdf\n<!-- comment 2 --> xyz");
  });
});

describe("autolink guards", () => {
  it("guards a URL against anything it would absorb", async () => {
    const url = `<a rel="mw:ExtLink" href="http://example.com" data-parsoid='{"stx":"url"}'>http://example.com</a>`;
    expect(await wt(`<p>${url}?x</p>`)).toBe("http://example.com<nowiki/>?x");
    expect(await wt(`<p>${url}. x</p>`)).toBe("http://example.com. x");
    const paren = `<a rel="mw:ExtLink" href="http://example.com(x" data-parsoid='{"stx":"url"}'>http://example.com(x</a>`;
    expect(await wt(`<p>${paren})</p>`)).toBe("http://example.com(x<nowiki/>)");
  });
  it("guards a magic link only against letters and digits", async () => {
    const rfc = `<a href="https://datatracker.ietf.org/doc/html/rfc123" rel="mw:ExtLink" data-parsoid='{"stx":"magiclink"}'>RFC 123</a>`;
    expect(await wt(`<p>${rfc}?foo</p>`)).toBe("RFC 123?foo");
    const isbn = `<a href="./Special:BookSources/1234567890" rel="mw:WikiLink" data-parsoid='{"stx":"magiclink"}'>ISBN 1234567890</a>`;
    expect(await wt(`<p>a${isbn}1</p>`)).toBe("a<nowiki/>ISBN 1234567890<nowiki/>1");
    expect(await wt(`<p>${isbn}-</p>`)).toBe("ISBN 1234567890-");
  });
});

describe("tag names wikitext reads as its own", () => {
  it("writes the tags of an editor's <nowiki> or <includeonly> element as text", async () => {
    expect(await wt("<nowiki><i>foo</i></nowiki>")).toBe("&lt;nowiki&gt;''foo''&lt;/nowiki&gt;");
    expect(await wt("<includeonly>x</includeonly>")).toBe("&lt;includeonly&gt;x&lt;/includeonly&gt;");
  });
});

describe("empty lines and indented lines with blocks", () => {
  it("writes an editor's empty paragraph as one more newline", async () => {
    expect(await wt("<p>a</p><p></p><p>b</p>")).toBe("a\n\n\nb");
    expect(await wt("<p>a</p>\n<p></p>\n<p></p>\n<p>b</p>")).toBe("a\n\n\n\nb");
    expect(await wt("<div>x</div>\n<p>a</p>\n<p></p>\n<div>foo</div>")).toBe("<div>x</div>\na\n\n<div>foo</div>");
  });
  it("keeps the leading spaces of a line that goes on to an HTML block tag", async () => {
    expect(await roundTrip(" a <div> foo </div>")).toBe(" a <div> foo </div>");
  });
  it("writes the enclosing items' bullets before a list item's transclusion", async () => {
    const item = `<dd about="#mwt1" typeof="mw:Transclusion" data-mw='{"parts":[":",{"template":{"target":{"wt":"dl","href":"./Template:Dl"},"params":{},"i":0}}]}'>one</dd>`;
    expect(await wt(`<dl><dd><dl data-parsoid='{}'>${item}</dl></dd></dl>`)).toBe("::{{dl}}");
  });
});

describe("lists next to formatting", () => {
  it("puts exactly one line break between a list and formatting around it", async () => {
    expect(await wt("<small>\n\n<ul>\n<li>123</li>\n</ul>\n\n</small>")).toBe("<small>\n* 123\n</small>");
    expect(await wt("<small><ul><li>hi</li></ul></small>")).toBe("<small>\n* hi\n</small>");
  });
});
