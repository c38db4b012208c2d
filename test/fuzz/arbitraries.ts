// fast-check generators for the fuzz properties: markup-heavy wikitext made of syntax fragments,
// corpus articles cut and mutated (insert, delete or duplicate slices), and HTML for html2wt
// (random trees with Parsoid's attributes, and engine output mutated as text).
import fc from "fast-check";
import type { Seed } from "./corpus.js";

/** Syntax fragments of every construct the tokenizer knows, with the characters that end them. */
export const WIKITEXT_PIECES: readonly string[] = [
  "[[", "]]", "[", "]", "|", "{{", "}}", "{{{", "}}}", "{|", "|}", "|-", "|+", "||", "!", "!!", "\n{|", "\n|", "\n!", "\n|-", "\n|}",
  "''", "'''", "'''''", "<b>", "</b>", "<i>", "</i>", "<div>", "</div>", "<span style=\"color:red\">", "</span>", "<table>", "</table>",
  "<tr>", "<td>", "</td>", "<small>", "<br>", "<br/>", "<hr>", "<p>", "</p>", "<center>", "<u>", "<s>",
  "<ref>", "</ref>", "<ref name=\"a\"/>", "<ref name=a>", "<references/>", "<references>", "</references>",
  "<nowiki>", "</nowiki>", "<nowiki/>", "<pre>", "</pre>", "<poem>", "</poem>", "<gallery>", "</gallery>",
  "<includeonly>", "</includeonly>", "<noinclude>", "</noinclude>", "<onlyinclude>", "</onlyinclude>",
  "<!--", "-->", "&amp;", "&lt;", "&#x41;", "&#65;", "&nbsp;", "&bogus;", "&",
  "\n", "\n\n", "\n\n\n", " ", "  ", "\t", "\n ", "\n*", "\n#", "\n:", "\n;", "\n*#:", "*", "#", ":", ";",
  "\n=", "=", "==", "\n== H ==\n", "\n=== H3 ===", "\n----", "----", "~~~~",
  "http://example.org/p", "[http://example.org/ x]", "https://example.org/a?b=c&d", "mailto:a@example.org", "ISBN 0-306-40615-2", "RFC 1234", "PMID 1",
  "[[Main Page]]", "[[Foo|bar]]", "[[Foo]]s", "[[Category:C]]", "[[Category:C|k]]", "[[File:Foobar.jpg]]", "[[File:Foobar.jpg|thumb|c]]",
  "[[File:Foobar.jpg|", "[[fr:Page]]", "[[:Category:C]]", "[[#anchor]]", "[[/sub]]",
  "{{Tpl}}", "{{Tpl|a|b=c}}", "{{{1}}}", "{{{p|d}}}", "{{#if:x|y|z}}", "{{#tag:ref|x}}", "{{PAGENAME}}", "{{!}}", "{{=}}", "{{lc:A}}",
  "__NOTOC__", "__TOC__", "#REDIRECT [[X]]", "-{", "}-", "a", "word", "Word ", "x y", "\u00a0", "😀", "é", "\u200e", "ab\u0301",
  // Prose, list items and plain links: what selser's random edits pick (text, items, targets).
  "\n\nPlain words in a sentence, as prose is.", "\n\nAnother paragraph of text", "\n* first item\n* second item", "\n* third item",
  " [[Simple link]] ", " [[Plain target|plain label]] ",
];

const word = fc.stringMatching(/^[a-z]{1,6}$/);

/** Markup-heavy wikitext: a sequence of syntax fragments and short words. */
export function markupArb(maxPieces = 60): fc.Arbitrary<string> {
  return fc.array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...WIKITEXT_PIECES) }, { weight: 1, arbitrary: word }), { maxLength: maxPieces }).map((pieces) => pieces.join(""));
}

export interface Mutation {
  kind: "insert" | "delete" | "duplicate";
  /** Position and length as fractions of the current text (so mutations shrink independently). */
  at: number;
  length: number;
  piece: string;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom("insert" as const, "delete" as const, "duplicate" as const),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  length: fc.double({ min: 0, max: 0.2, noNaN: true }),
  piece: fc.oneof(fc.constantFrom(...WIKITEXT_PIECES), markupArb(6)),
});

/** Applies mutations in order; slices are measured in UTF-16 units, surrogate pairs may split. */
export function applyMutations(text: string, mutations: readonly Mutation[]): string {
  let out = text;
  for (const m of mutations) {
    const at = Math.floor(m.at * out.length);
    const length = Math.floor(m.length * out.length);
    if (m.kind === "insert") out = out.slice(0, at) + m.piece + out.slice(at);
    else if (m.kind === "delete") out = out.slice(0, at) + out.slice(at + length);
    else out = out.slice(0, at + length) + out.slice(at, at + length) + out.slice(at + length);
  }
  return out;
}

export interface MutatedSeed {
  seed: string;
  /** The window of the article that was cut out (start and length in UTF-16 units). */
  start: number;
  length: number;
  mutations: Mutation[];
  text: string;
}

/** A window of a corpus article (up to `maxWindow` characters) with up to five mutations. */
export function mutatedSeedArb(seeds: readonly Seed[], maxWindow = 3000): fc.Arbitrary<MutatedSeed> {
  return fc
    .record({
      index: fc.nat({ max: seeds.length - 1 }),
      from: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.integer({ min: 0, max: maxWindow }),
      mutations: fc.array(mutationArb, { maxLength: 5 }),
    })
    .map(({ index, from, length, mutations }) => {
      const seed = seeds[index]!;
      const start = Math.floor(from * Math.max(0, seed.text.length - length));
      const window = seed.text.slice(start, start + length);
      return { seed: seed.name, start, length, mutations, text: applyMutations(window, mutations) };
    });
}

const HTML_TEXT = fc.constantFrom("a", "text ", " ", "\n", "''", "[[x]]", "{{t}}", "<", "&amp;", "&lt;b&gt;", "*", "#", "=", "|", "----", "~~~", "__TOC__", "http://x.org", "é");

const JSON_VALUES = fc.constantFrom(
  "{}", '{"parts":[{"template":{"target":{"wt":"T"},"params":{"1":{"wt":"x"}},"i":0}}]}', '{"parts":["a",{"template":{}}]}',
  '{"name":"ref","body":{"id":"x"},"attrs":{"name":"a"}}', '{"src":"[[x]]","dsr":[0,5,2,2]}', '{"stx":"html"}', '{"dsr":[3,1,0,0]}', "[1,2", "null", '{"a":',
);

const ATTRIBUTE = fc.oneof(
  fc.constantFrom('class="x"', 'id="y"', 'style="color:red"', 'href="./Foo"', 'href="http://example.org/"', 'rel="mw:WikiLink"', 'rel="mw:ExtLink"',
    'typeof="mw:Transclusion"', 'typeof="mw:Nowiki"', 'typeof="mw:Extension/ref"', 'typeof="mw:File"', 'typeof="mw:Entity"', 'about="#mwt1"', 'about="#mwt2"',
    'typeof="mw:Placeholder"', 'typeof="mw:DisplaySpace"', 'rel="mw:PageProp/Category"', 'src="x.png"', 'resource="./File:Foobar.jpg"', 'colspan="2"', 'data-x="1"'),
  JSON_VALUES.map((json) => `data-mw='${json}'`),
  JSON_VALUES.map((json) => `data-parser='${json}'`),
);

const TAGS = ["p", "div", "span", "b", "i", "a", "ul", "ol", "li", "dl", "dt", "dd", "table", "tbody", "tr", "td", "th", "caption", "h2", "h3", "pre",
  "blockquote", "figure", "figcaption", "img", "br", "hr", "sup", "small", "link", "meta", "section", "code", "s", "u", "font"];
const VOID = new Set(["img", "br", "hr", "link", "meta"]);

/** Random HTML trees (not necessarily valid nesting) with Parsoid-flavoured attributes. */
export function htmlTreeArb(): fc.Arbitrary<string> {
  const { node } = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      HTML_TEXT,
      fc.record({ tag: fc.constantFrom(...TAGS), attrs: fc.array(ATTRIBUTE, { maxLength: 3 }), children: fc.array(tie("node"), { maxLength: 4 }) }).map(({ tag, attrs, children }) => {
        const open = `<${tag}${attrs.map((a) => ` ${a}`).join("")}>`;
        return VOID.has(tag) ? open : `${open}${children.join("")}</${tag}>`;
      }),
    ),
  }));
  return fc.array(node, { maxLength: 6 }).map((nodes) => nodes.join(""));
}
