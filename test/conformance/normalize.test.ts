import { describe, expect, it } from "vitest";
import {
  decodeUriLeniently,
  judgeWt2Html,
  normalizeLegacyExpected,
  normalizeOut,
  type ParserTestCase,
} from "../../packages/wikitext/src/testing/index.js";

const strict = (html: string) => normalizeOut(html, { parsoidOnly: true });
const loose = (html: string) => normalizeOut(html, { parsoidOnly: false });

describe("strict normaliser (Parsoid-only expectations)", () => {
  it("collapses whitespace and puts one newline around block elements", () => {
    expect(strict("<p>  a \n\t b </p>   <p>c</p>")).toBe("\n<p>a b</p>\n<p>c</p>\n");
    expect(strict("<ul><li> x </li>\n\n<li>y</li></ul>")).toBe("\n<ul>\n<li>x</li>\n<li>y</li>\n</ul>\n");
  });

  it("keeps whitespace inside <pre> but drops its trailing whitespace", () => {
    expect(strict("<pre>a\n  b\n</pre>")).toBe("<pre>a\n  b</pre>");
    // The parser eats the newline after <pre>; a second one survives and is re-emitted.
    expect(strict("<pre>\nlead</pre>")).toBe("<pre>lead</pre>");
    expect(strict("<pre>\n\nlead</pre>")).toBe("<pre>\n\nlead</pre>");
  });

  it("sorts attributes, serialises void elements XML-style and quotes smartly", () => {
    expect(strict('<span title="t" class="c">x<br>y</span>')).toBe('<span class="c" title="t">x<br/>y</span>');
    expect(strict(`<span data-mw='{"a":"b"}'>x</span>`)).toBe(`<span data-mw='{"a":"b"}'>x</span>`);
    expect(strict(`<span title="it's">x</span>`)).toBe(`<span title="it's">x</span>`);
  });

  it("drops private parse data (data-parser and data-parsoid), about and friends, also inside JSON", () => {
    expect(strict(`<span typeof="mw:Entity" data-parser='{"dsr":[0,5]}' about="#mwt1">&amp;</span>`)).toBe(
      '<span typeof="mw:Entity">&amp;</span>',
    );
    expect(strict(`<b data-parsoid='{"dsr":[0,7,3,3]}'>x</b>`)).toBe("<b>x</b>");
    expect(strict(`<span data-mw='{"html":"<i about=\\"#mwt1\\">x</i>"}'>y</span>`)).toBe(
      `<span data-mw='{"html":"&lt;i>x&lt;/i>"}'>y</span>`,
    );
  });

  it("keeps data-mw, typeof, rel, class, id and href exact", () => {
    const html = `<a rel="mw:WikiLink" href="./Foo%C3%A9" id="x" class="new" typeof="mw:X" data-mw='{"k":1}'>Foo</a>`;
    expect(strict(html)).toBe(`<a class="new" data-mw='{"k":1}' href="./Foo%C3%A9" id="x" rel="mw:WikiLink" typeof="mw:X">Foo</a>`);
  });

  it("unwraps placeholder spans, drops empty nowiki spans, keeps comments", () => {
    expect(strict('<p>a<span typeof="mw:Placeholder">b</span>c<span typeof="mw:Nowiki"></span><!--d--></p>')).toBe(
      "\n<p>abc<!--d--></p>\n",
    );
  });

  it("ignores nofollow unless the test sets an external link target", () => {
    const link = '<a rel="mw:ExtLink nofollow" href="http://x.org" class="external free">http://x.org</a>';
    expect(strict(link)).toBe('<a class="external free" href="http://x.org" rel="mw:ExtLink">http://x.org</a>');
    expect(normalizeOut(link, { parsoidOnly: true, externalLinkTarget: "_blank" })).toContain("nofollow");
  });

  it("passes whitespace through with preserveIEW", () => {
    expect(normalizeOut("<p> a  b </p>\n\n<p>c</p>", { parsoidOnly: true, preserveIEW: true })).toBe("<p> a  b </p>\n\n<p>c</p>");
  });

  it("parses fragments in the body, so leading meta and link elements stay", () => {
    expect(strict('<link rel="mw:PageProp/Category" href="./Category:X"/><p>a</p>')).toBe(
      '<link href="./Category:X" rel="mw:PageProp/Category"/>\n<p>a</p>\n',
    );
  });
});

describe("loose normaliser (legacy expectations)", () => {
  it("drops Parsoid-only markup from the engine's output", () => {
    const parsoid =
      '<h2 id="Foo">Foo</h2><p><a rel="mw:WikiLink" href="./Bar_baz" title="Bar baz" class="mw-redirect">Bar</a>' +
      '<span typeof="mw:Transclusion" about="#mwt1" data-mw="{}">T</span><meta typeof="mw:PageProp/notoc"/><!--c--></p>';
    expect(loose(parsoid)).toBe('\n<h2 id="Foo">Foo</h2>\n<p><a href="Bar_baz" title="Bar baz">Bar</a>T</p>\n');
  });

  it("meets legacy parser HTML in the middle", () => {
    const legacy =
      '<h2><span class="mw-headline" id="Foo">Foo</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span>' +
      '<a href="/index.php?title=X&amp;action=edit&amp;section=1">edit</a><span class="mw-editsection-bracket">]</span></span></h2>\n' +
      '<p><a href="/wiki/Bar_baz" class="mw-redirect" title="Bar baz">Bar</a>T\n</p>';
    expect(normalizeLegacyExpected(legacy)).toBe('\n<h2>Foo</h2>\n<p><a href="Bar_baz" title="Bar baz">Bar</a>T</p>\n');
  });

  it("unwraps the heading wrappers and drops the edit links of MediaWiki 1.43+", () => {
    const legacy =
      '<div class="mw-heading mw-heading2"><h2 id="Foo">Foo</h2><span class="mw-editsection"><span class="mw-editsection-bracket">[</span>' +
      '<a href="/index.php?title=X&amp;action=edit&amp;section=1">edit</a><span class="mw-editsection-bracket">]</span></span></div>\n<p>x\n</p>';
    expect(normalizeLegacyExpected(legacy)).toBe('\n<h2 id="Foo">Foo</h2>\n<p>x</p>\n');
    expect(loose('<h2 id="Foo">Foo</h2><p>x</p>')).toBe(normalizeLegacyExpected(legacy));
  });

  it("maps legacy red links to the page itself", () => {
    expect(
      normalizeLegacyExpected(
        '<p><a href="/index.php?title=Nope&amp;action=edit&amp;redlink=1" class="new" title="Nope (page does not exist)">Nope</a></p>',
      ),
    ).toBe('\n<p><a href="Nope" title="Nope">Nope</a></p>\n');
  });

  it("reduces thumbnail URLs to the original's", () => {
    expect(loose('<img src="http://example.com/images/thumb/3/3a/Foobar.jpg/180px-Foobar.jpg">')).toBe(
      '<img src="http://example.com/images/3/3a/Foobar.jpg"/>',
    );
  });
});

describe("lenient decodeURI", () => {
  it("decodes UTF-8 escapes, keeps reserved and malformed ones", () => {
    expect(decodeUriLeniently("Foo%C3%A9")).toBe("Fooé");
    expect(decodeUriLeniently("a%2Fb%3Fc%23d%26")).toBe("a%2Fb%3Fc%23d%26");
    expect(decodeUriLeniently("bad%E9and%C3%A9%ZZ")).toBe("bad%E9andé%ZZ");
  });
});

describe("judging a case", () => {
  const base: ParserTestCase = {
    file: "x.txt",
    name: "n",
    wikitext: "''a''",
    html_parsoid_effective: "<p><i>a</i></p>",
    parsoid_only_normalization: true,
  };

  it("passes equal HTML modulo the ignored differences and fails real differences", () => {
    expect(judgeWt2Html(base, `<p data-parser='{"dsr":[0,5,0,0]}'><i data-parser='{"dsr":[0,5,2,2]}'>a</i></p>\n`).passed).toBe(true);
    expect(judgeWt2Html(base, "<p><b>a</b></p>").passed).toBe(false);
  });

  it("accepts a whole document as output", () => {
    const doc = '<!DOCTYPE html><html><head><meta charset="utf-8"/></head><body><p><i>a</i></p></body></html>';
    expect(judgeWt2Html(base, doc).passed).toBe(true);
  });
});
