// Whitespace the parser trimmed from the edges of headings, list items and table cells (as
// Parsoid does): it is not in the DOM, but the element's source range still counts it. Comparing
// the content's source width with what the children account for gives it back.
import { commentSourceWidth } from "../../util/comment-data.js";
import { indexInParent, type WElement, type WNode } from "../../dom/node.js";

export interface EdgeSpaces {
  leading: string;
  trailing: string;
}

const NONE: EdgeSpaces = { leading: "", trailing: "" };

function childDsr(node: WElement["children"][number]): [number, number] | null {
  if (node.kind !== "element") return null;
  const dsr = node.dp?.dsr;
  return dsr && typeof dsr[0] === "number" && typeof dsr[1] === "number" ? [dsr[0], dsr[1]] : null;
}

/** Source width of a comment or text child (text counted as written: no entities assumed). */
function plainWidth(node: WElement["children"][number]): number | null {
  if (node.kind === "text") return node.value.length;
  if (node.kind === "comment") return commentSourceWidth(node.value);
  return null;
}

const LISTS = new Set(["ul", "ol", "dl"]);
const LIST_ITEMS = new Set(["li", "dt", "dd"]);
/** Cells, like list items, usually have a space after their marker (`| a`); the parser notes a trailing one. */
const CELLS = new Set(["td", "th", "caption"]);


/** The next item starts where this one ends: this item's range includes its newline. */
function rangeHoldsNewline(el: WElement, end: number): boolean {
  const siblings = el.parent?.children ?? [];
  for (let i = indexInParent(el) + 1; i < siblings.length; i++) {
    const c = siblings[i]!;
    if (c.kind !== "element") continue;
    // A definition on the term's line (";t:d") starts right after the term without a newline
    // (the DOM then has no line break between them either).
    return c.dp?.dsr?.[0] === end && !(el.name === "dt" && c.name === "dd" && !newlineBetween(siblings, el, c));
  }
  return false;
}

/** Whether the text between two siblings holds a line break. */
export function newlineBetween(siblings: readonly WNode[], a: WNode, b: WNode): boolean {
  // (Lists call this for every item: a search for `a` per call made long lists quadratic.)
  const at = a.parent?.children === siblings ? indexInParent(a) : siblings.indexOf(a);
  for (let i = at + 1; i < siblings.length && siblings[i] !== b; i++) {
    const c = siblings[i]!;
    if (c.kind === "text" && c.value.includes("\n")) return true;
  }
  return false;
}

export function trimmedEdgeSpaces(el: WElement): EdgeSpaces {
  const dsr = el.dp?.dsr;
  // Nested lists' own ranges overlap their item's bullets: nothing reliable to compare.
  const nested = el.children.find((c): c is WElement => c.kind === "element" && LISTS.has(c.name));
  if (nested) return NONE;
  if (!dsr || typeof dsr[2] !== "number" || typeof dsr[3] !== "number") return NONE;
  const contentStart = dsr[0] + dsr[2];
  // List items' ranges may also hold the newline that ends their line.
  const contentEnd = dsr[1] - dsr[3] - (LIST_ITEMS.has(el.name) && rangeHoldsNewline(el, dsr[1]) ? 1 : 0);
  if (contentEnd < contentStart) return NONE;
  const kids = el.children;

  // Leading: up to the first child with a source range of its own.
  let leading: number | null = null;
  let width = 0;
  for (const c of kids) {
    const range = childDsr(c);
    if (range) {
      leading = range[0] - contentStart - width;
      break;
    }
    const w = plainWidth(c);
    if (w === null) break;
    width += w;
  }
  let trailing: number | null = null;
  width = 0;
  for (let i = kids.length - 1; i >= 0; i--) {
    const c = kids[i]!;
    const range = childDsr(c);
    if (range) {
      trailing = contentEnd - range[1] - width;
      break;
    }
    const w = plainWidth(c);
    if (w === null) break;
    width += w;
  }
  if (leading === null && trailing === null) {
    // Only plain text: the difference is the trimmed whitespace. One space on each side is the
    // only unambiguous reading.
    let total = contentEnd - contentStart;
    for (const c of kids) total -= plainWidth(c) ?? 0;
    // The parser notes the trailing part when the total alone would be read wrongly.
    const noted = el.dp?.["trailWS"];
    if (typeof noted === "number" && noted <= total) {
      leading = total - noted;
      trailing = noted;
    } else if (total === 2) {
      leading = 1;
      trailing = 1;
    } else if (total === 1 && (LIST_ITEMS.has(el.name) || CELLS.has(el.name))) {
      leading = 1;
      trailing = 0;
    } else return NONE;
  } else if (leading === null) {
    let total = contentEnd - contentStart;
    for (const c of kids) total -= childDsr(c) ? childDsr(c)![1] - childDsr(c)![0] : plainWidth(c) ?? 0;
    leading = Math.max(0, total - (trailing ?? 0));
  } else if (trailing === null) {
    let total = contentEnd - contentStart;
    for (const c of kids) total -= childDsr(c) ? childDsr(c)![1] - childDsr(c)![0] : plainWidth(c) ?? 0;
    trailing = Math.max(0, total - leading);
  }
  const clamp = (n: number | null): string => (n !== null && n > 0 && n <= 8 ? " ".repeat(n) : "");
  return { leading: clamp(leading), trailing: clamp(trailing) };
}
