// <p>: paragraphs are separated by a blank line; a paragraph next to another block only needs
// its own line. Leading newlines inside the paragraph are layout, not content.
import type { WElement, WNode } from "../../dom/node.js";
import { BLANK_LINE, OWN_LINE, ANY, type NewlineConstraint } from "../constraints.js";
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
  if (isBlockElement(other)) return OWN_LINE;
  if (parent && UNWRAPPED_FIRST_LINE.has(parent.name)) return OWN_LINE;
  // Inline content next to a paragraph would join it without a blank line.
  return BLANK_LINE;
}

function isExtensionOutput(el: WElement): boolean {
  return (el.getAttribute("typeof") ?? "").includes("mw:Extension/");
}

export const paragraphHandler: NodeHandler = {
  before: (el, prev, s) => (isHtmlSyntax(el) ? htmlTagHandler.before!(el, prev, s) : around(el, prev, el.parent)),
  after: (el, next, s) => (isHtmlSyntax(el) ? htmlTagHandler.after!(el, next, s) : around(el, next, el.parent)),
  serialize(el, s) {
    if (isHtmlSyntax(el)) return htmlTagHandler.serialize(el, s);
    s.serializeChildren(el, { leadingNewlinesAreSeparators: true });
  },
};
