// <p>: paragraphs are separated by a blank line; a paragraph next to another block only needs
// its own line. Leading newlines inside the paragraph are layout, not content.
import type { WElement, WNode } from "../../dom/node.js";
import { BLANK_LINE, OWN_LINE, ANY, isSeparatorText, nextContentSibling, type NewlineConstraint } from "../constraints.js";
import { isNewContent } from "../node-data.js";
import { isBlockElement, isExtensionOutput, isHtmlSyntax, isRenderingTransparent, isTransclusion } from "./block-kinds.js";
import type { NodeHandler } from "./types.js";
import { htmlTagHandler } from "./html-tag.js";
import { textOf } from "../text-content.js";
import type { Serializer } from "../serializer.js";

/** Containers whose first line is not paragraph-wrapped: a paragraph after it needs one newline. */
const UNWRAPPED_FIRST_LINE = new Set(["td", "th", "li", "dd", "dt", "caption"]);

/** A paragraph the p-wrapper added around text next to an HTML block: no blank line made it. */
function isImplicit(p: WElement): boolean {
  return p.dp?.autoInsertedStart === true && p.dp.autoInsertedEnd === true;
}

/** Blocks that have a wikitext form: they start (and end) a line of their own. */
const WIKITEXT_BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "li", "dt", "dd", "table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption", "pre", "hr"]);

/** A block written as an HTML tag (by its syntax, or having no wikitext form): it needs no line of its own. */
function isHtmlTagBlock(node: WNode): boolean {
  if (!isBlockElement(node)) return false;
  return isHtmlSyntax(node) || isExtensionOutput(node) || !WIKITEXT_BLOCKS.has(node.name);
}

/** A block that shows wikitext on the line it stands on (an HTML tag block, a table...), unlike a paragraph. */
function isVisibleBlock(node: WNode): boolean {
  return isBlockElement(node) && !(node.name === "p" && !isHtmlSyntax(node));
}

/**
 * Whether the wikitext line a paragraph ends on already holds a block (an HTML <div> before it
 * on the line): text after such a line is not joined to the paragraph, so one newline is enough.
 * Walks back over the paragraph's earlier siblings (and its ancestors') until a line break.
 */
function lineHasBlockBefore(p: WElement, s: Serializer): boolean {
  let node: WNode = p;
  for (let depth = 0; depth < 8; depth++) {
    const parent: WElement | null = node.parent;
    if (!parent) return false;
    const siblings: readonly WNode[] = parent.children;
    let later: WNode = node;
    for (let i = s.indexOfSibling(node) - 1; i >= 0; i--) {
      const sibling = siblings[i]!;
      // Paragraphs back to back (a new one inserted after another) have a line break between them.
      if (sourceGapBetween(sibling, later) || (isParagraph(sibling) && isParagraph(later))) return false;
      later = sibling;
      if (isVisibleBlock(sibling)) return true;
      if (sibling.kind === "text" ? sibling.value.includes("\n") : sibling.kind === "element" && textOf(sibling).includes("\n")) return false;
    }
    // (A block parent starts the line: its own line ends there.)
    if (isBlockElement(parent)) return false;
    node = parent;
  }
  return false;
}

function isParagraph(node: WNode): boolean {
  return node.kind === "element" && node.name === "p";
}

/**
 * Parsed neighbours whose source ranges leave a gap: something the DOM does not hold (a line
 * break the parser dropped) stood between them, so they need not share a line.
 */
function sourceGapBetween(a: WNode, b: WNode): boolean {
  if (a.kind !== "element" || b.kind !== "element") return false;
  const end = a.dp?.dsr?.[1];
  const start = b.dp?.dsr?.[0];
  return typeof end === "number" && typeof start === "number" && end !== start;
}

/** Whether the line a paragraph (or text) starts goes on to a block written on that line. */
function lineHasBlockAfter(node: WNode, s: Serializer): boolean {
  const siblings = node.parent?.children ?? [];
  for (let i = s.indexOfSibling(node) + 1; i < siblings.length; i++) {
    const sibling = siblings[i]!;
    if (sibling.kind === "text") {
      if (sibling.value.includes("\n")) return false;
      continue;
    }
    if (sibling.kind !== "element") continue;
    return isHtmlTagBlock(sibling);
  }
  return false;
}

/** Whether the DOM has whitespace with a line break right between two siblings (not written back to back). */
function lineBreakBetween(first: WNode, second: WNode, s: Serializer): boolean {
  const siblings = second.parent?.children;
  if (!siblings || first.parent !== second.parent) return false;
  const i = s.indexOfSibling(second);
  const between = siblings[i - 1];
  return i >= 2 && siblings[i - 2] === first && between !== undefined && isSeparatorText(between);
}

/**
 * Page metadata parsed where it stood (a category link, a behaviour switch with a source range)
 * that a new paragraph now precedes: it keeps a line of its own rather than joining the new text.
 */
function startsOwnLineAfterNewParagraph(other: WElement): boolean {
  return !isNewContent(other) && other.dp?.dsr !== undefined && (other.name === "link" || other.name === "meta");
}

/** Between two wikitext paragraphs with whitespace between them in the DOM: that whitespace decides. */
const DOM_DECIDES: NewlineConstraint = { min: 0, max: Infinity };

function around(el: WElement, other: WNode | null, parent: WElement | null, side: "before" | "after", s: Serializer): NewlineConstraint {
  if (other === null) return ANY;
  // (A new paragraph after page metadata written as wikitext, a category or an include
  // marker, starts a line of its own: Parsoid's rule for new content.)
  if (isRenderingTransparent(other)) return other.kind === "element" && isNewContent(el) && !isAnnotationMarker(other) && (side === "before" || startsOwnLineAfterNewParagraph(other)) ? OWN_LINE : ANY;
  if (other.kind === "element" && other.name === "p" && !isHtmlSyntax(other)) {
    // Next to a paragraph the HTML5 rules made, a line break suffices; a new paragraph there still
    // needs the paragraph break below, or the two join when the output is parsed again.
    if ((isImplicit(el) || isImplicit(other)) && !isNewContent(el) && !isNewContent(other)) return OWN_LINE;
    // (Parsoid's p-p transition: paragraphs written back to back need a blank line; with
    // whitespace between them in the DOM, the paragraph before decides, and it needs no blank
    // line when a block shares its line or the next one.)
    const first = side === "after" ? el : other;
    const second = side === "after" ? other : el;
    if (lineBreakBetween(first, second, s) && (lineHasBlockBefore(first, s) || lineHasBlockAfter(second, s))) return DOM_DECIDES;
    return BLANK_LINE;
  }
  // An HTML block tag (or an extension tag rendering a block) ends the paragraph by itself:
  // text may continue on the same line.
  if (other.kind === "element" && isHtmlTagBlock(other)) return ANY;
  // A transclusion's output decides its own layout: text may run on to the template call.
  if (other.kind === "element" && isTransclusion(other)) return ANY;
  // A paragraph may start on the line of a horizontal rule's dashes.
  if (side === "before" && other.kind === "element" && other.name === "hr") return ANY;
  // Text the source wrote right after a table's "|}", on that line, stays there.
  if (side === "before" && other.kind === "element" && other.name === "table" && followsTableEndOnItsLine(el, other, s)) return ANY;
  if (isBlockElement(other)) return OWN_LINE;
  if (parent && UNWRAPPED_FIRST_LINE.has(parent.name)) return OWN_LINE;
  // Inline content next to a paragraph would join it without a blank line.
  return BLANK_LINE;
}

/**
 * A <br> first in a new paragraph (HTML from editors or another parser): the empty line the
 * paragraph logic turned into it, not a line break written as a tag.
 */
function leadingLayoutBreak(p: WElement): WElement | null {
  for (const c of p.children) {
    if (isSeparatorText(c)) continue;
    return c.kind === "element" && c.name === "br" && isNewContent(c) && !isHtmlSyntax(c) && c.attrs.length === 0 ? c : null;
  }
  return null;
}

function onlyWhitespaceBesides(p: WElement, child: WNode): boolean {
  return p.children.every((c) => c === child || (c.kind === "text" && c.value.trim() === ""));
}

function isWikitextParagraph(node: WNode | null): boolean {
  return node !== null && node.kind === "element" && node.name === "p" && !isHtmlSyntax(node);
}

/** An annotation's start or end marker (<dummyanno>, <translate>): it wraps content, on its line or not. */
function isAnnotationMarker(el: WElement): boolean {
  return (el.getAttribute("typeof") ?? "").includes("mw:Annotation/");
}


export const paragraphHandler: NodeHandler = {
  before: (el, prev, s) => (isHtmlSyntax(el) ? htmlTagHandler.before!(el, prev, s) : around(el, prev, el.parent, "before", s)),
  after: (el, next, s) => (isHtmlSyntax(el) ? htmlTagHandler.after!(el, next, s) : around(el, next, el.parent, "after", s)),
  serialize(el, s) {
    if (isHtmlSyntax(el)) return htmlTagHandler.serialize(el, s);
    const lineBreak = leadingLayoutBreak(el);
    if (lineBreak === null || s.isEmpty) return s.serializeChildren(el, { leadingNewlinesAreSeparators: true });
    // "<p><br>x" is how an extra empty line before a paragraph renders: one more newline. An
    // otherwise empty "<p><br></p>" before another paragraph stands for two (the empty line
    // and the paragraph break it makes).
    const m = s.pendingMinNewlines;
    if (onlyWhitespaceBesides(el, lineBreak) && isWikitextParagraph(nextContentSibling(el))) s.forceNewlines(Math.max(4, m + 2));
    else s.forceNewlines(Math.max(3, m + 1));
    s.serializeChildren(el, { leadingNewlinesAreSeparators: true, layoutChild: lineBreak });
  },
};

/**
 * Whether the paragraph's source went on from the wikitext table's "|}" on the same line: its
 * range starts where the table's ends or, for a paragraph the tree builder opened (no range),
 * nothing separates the two in the DOM and its text does not start a line.
 */
function followsTableEndOnItsLine(p: WElement, table: WElement, s: Serializer): boolean {
  if (isHtmlSyntax(table) || isNewContent(p) || isNewContent(table) || table.dp?.autoInsertedEnd) return false;
  const tableEnd = table.dp?.dsr?.[1];
  const pStart = p.dp?.dsr?.[0];
  if (typeof tableEnd === "number" && typeof pStart === "number") return pStart === tableEnd;
  const siblings = p.parent?.children;
  if (!siblings || siblings[s.indexOfSibling(p) - 1] !== table) return false;
  const first = p.children[0];
  return first !== undefined && !(first.kind === "text" && first.value.startsWith("\n"));
}
