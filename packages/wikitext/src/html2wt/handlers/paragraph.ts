// <p>: paragraphs are separated by a blank line; a paragraph next to another block only needs
// its own line. Leading newlines inside the paragraph are layout, not content.
import type { WNode } from "../../dom/node.js";
import { BLANK_LINE, OWN_LINE, ANY, type NewlineConstraint } from "../constraints.js";
import { isBlockElement, isHtmlSyntax, isRenderingTransparent } from "./block-kinds.js";
import type { NodeHandler } from "./types.js";
import { htmlTagHandler } from "./html-tag.js";

function around(other: WNode | null): NewlineConstraint {
  if (other === null) return ANY;
  if (isRenderingTransparent(other)) return ANY;
  if (other.kind === "element" && other.name === "p" && !isHtmlSyntax(other)) return BLANK_LINE;
  if (isBlockElement(other)) return OWN_LINE;
  // Inline content next to a paragraph would join it without a blank line.
  return BLANK_LINE;
}

export const paragraphHandler: NodeHandler = {
  before: (el, prev, s) => (isHtmlSyntax(el) ? htmlTagHandler.before!(el, prev, s) : around(prev)),
  after: (el, next, s) => (isHtmlSyntax(el) ? htmlTagHandler.after!(el, next, s) : around(next)),
  serialize(el, s) {
    if (isHtmlSyntax(el)) return htmlTagHandler.serialize(el, s);
    s.serializeChildren(el, { leadingNewlinesAreSeparators: true });
  },
};
