// <p>: paragraphs are separated by a blank line; a paragraph next to another block only needs
// its own line. Leading newlines inside the paragraph are layout, not content.
import type { WElement, WNode } from "../../dom/node.js";
import { BLANK_LINE, OWN_LINE, ANY, isSeparatorText, nextContentSibling, type NewlineConstraint } from "../constraints.js";
import { isNewContent } from "../node-data.js";
import { isBlockElement, isHtmlSyntax, isRenderingTransparent } from "./block-kinds.js";
import type { NodeHandler } from "./types.js";
import { htmlTagHandler } from "./html-tag.js";

/** Containers whose first line is not paragraph-wrapped: a paragraph after it needs one newline. */
const UNWRAPPED_FIRST_LINE = new Set(["td", "th", "li", "dd", "dt", "caption"]);

/** A paragraph the p-wrapper added around text next to an HTML block: no blank line made it. */
function isImplicit(p: WElement): boolean {
  return p.dp?.autoInsertedStart === true && p.dp.autoInsertedEnd === true;
}

function around(el: WElement, other: WNode | null, parent: WElement | null): NewlineConstraint {
  if (other === null) return ANY;
  if (isRenderingTransparent(other)) return ANY;
  if (other.kind === "element" && other.name === "p" && !isHtmlSyntax(other)) return isImplicit(el) || isImplicit(other) ? OWN_LINE : BLANK_LINE;
  // An HTML block tag (or an extension tag rendering a block) ends the paragraph by itself:
  // text may continue on the same line.
  if (other.kind === "element" && (isHtmlSyntax(other) || isExtensionOutput(other)) && isBlockElement(other)) return ANY;
  // A transclusion's output decides its own layout: text may run on to the template call.
  if (other.kind === "element" && isTransclusion(other) && isBlockElement(other)) return ANY;
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

function isTransclusion(el: WElement): boolean {
  return (el.getAttribute("typeof") ?? "").includes("mw:Transclusion");
}

function isExtensionOutput(el: WElement): boolean {
  return (el.getAttribute("typeof") ?? "").includes("mw:Extension/");
}

export const paragraphHandler: NodeHandler = {
  before: (el, prev, s) => (isHtmlSyntax(el) ? htmlTagHandler.before!(el, prev, s) : around(el, prev, el.parent)),
  after: (el, next, s) => (isHtmlSyntax(el) ? htmlTagHandler.after!(el, next, s) : around(el, next, el.parent)),
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
