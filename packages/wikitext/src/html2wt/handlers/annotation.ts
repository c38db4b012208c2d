// Annotation range markers (meta typeof mw:Annotation/NAME[/End]): their tags as written, or
// rebuilt from the name and data-mw attrs.
import type { WElement, WNode } from "../../dom/node.js";
import { ANY, nextContentSibling, type NewlineConstraint } from "../constraints.js";
import { isBlockElement } from "./block-kinds.js";
import { isNewContent } from "../node-data.js";
import { dataMwAttrs } from "./extension.js";
import type { NodeHandler } from "./types.js";

const AT_LEAST_ONE: NewlineConstraint = { min: 1, max: Infinity };
const AT_LEAST_TWO: NewlineConstraint = { min: 2, max: Infinity };

function isEndMarker(el: WElement): boolean {
  return /(?:^|\s)mw:Annotation\/[^\s/]+\/End(?:\s|$)/.test(el.getAttribute("typeof") ?? "");
}

/** A `<meta typeof="mw:Annotation/NAME">` opening an annotated range. */
export function isAnnotationStartMarker(node: WNode | null): boolean {
  if (node === null || node.kind !== "element" || node.name !== "meta") return false;
  const type = node.getAttribute("typeof");
  return type !== null && type.includes("mw:Annotation/") && !isEndMarker(node);
}

/**
 * Whether a marker needs a line break from what precedes it (Parsoid's meta handler): a block
 * before it, or text before it when a block follows it (text added before the marker, as
 * editors insert it, would otherwise run into the block's line).
 */
function breaksFromPrevious(el: WElement, prev: WNode | null): boolean {
  if (prev === null) return false;
  if (prev.kind === "element") return isNewBlock(prev);
  return prev.kind === "text" && isNewBlock(nextContentSibling(el));
}

/**
 * (Only next to content an edit added: between nodes as parsed, the layout found between them
 * is the source's, which Parsoid keeps.)
 */
function isNewBlock(node: WNode | null): boolean {
  return isBlockElement(node) && isNewContent(node);
}

export const annotationHandler: NodeHandler = {
  // A start marker before a block's content stands on its own line, a blank line after a block
  // before it (the block would otherwise take it in); an end marker after a block needs one line
  // break, a block after it a blank line.
  // Only when an edit is serialized against its source (selser): HTML without any source keeps
  // the layout it has around its markers.
  before(el, prev, s) {
    if (s.reuse === null || !breaksFromPrevious(el, prev)) return ANY;
    return isEndMarker(el) ? AT_LEAST_ONE : AT_LEAST_TWO;
  },
  after(el, next, s) {
    if (s.reuse === null || !isNewBlock(next)) return ANY;
    return isEndMarker(el) ? AT_LEAST_TWO : AT_LEAST_ONE;
  },
  serialize(el, s) {
    const src = el.dp?.src;
    if (typeof src === "string") return s.emit(src);
    const m = /mw:Annotation\/([^\s/]+)(\/End)?/.exec(el.getAttribute("typeof") ?? "");
    if (!m) return;
    if (m[2]) return s.emit(`</${m[1]}>`);
    const attrs = dataMwAttrs(el) as Record<string, string>;
    const written = Object.entries(attrs).map(([name, value]) => (value === "" ? ` ${name}` : ` ${name}="${value.replace(/"/g, "&quot;")}"`)).join("");
    s.emit(`<${m[1]}${written}>`);
  },
};

/**
 * An annotation range extended over markup it did not enclose (mw:ExtendedAnnRange) cannot be
 * edited piecewise: its source as written, else its content.
 */
export const extendedAnnotationRangeHandler: NodeHandler = {
  serialize(el, s) {
    const src = el.dp?.src;
    if (typeof src === "string") return s.emit(src);
    s.serializeChildren(el);
  },
};
