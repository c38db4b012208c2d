// Trailing newlines move out of the elements that end a line (Parsoid's MigrateTrailingNLs): the
// newline that ends a line of wikitext separates blocks, it is not the content of the paragraph
// (or of the formatting element whose end tag was implied) that happens to hold it. Keeping it
// inside made the paragraph's source range run over the line break, so a transclusion ending
// on that line took the newline into its parts, and the newline showed inside the element.
import { WText, type WElement, type WNode } from "../node.js";
import { plainSourceWidth } from "../../util/comment-data.js";

/** Whitespace holding at least one newline (Parsoid moves such a text node whole). */
function isNewlineWhitespace(value: string): boolean {
  let newline = false;
  for (let k = 0; k < value.length; k++) {
    const c = value.charCodeAt(k);
    if (c === 10) newline = true;
    else if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return newline;
}

/** How many newlines end `value`. */
function trailingNewlineCount(value: string): number {
  let n = 0;
  while (n < value.length && value.charCodeAt(value.length - 1 - n) === 10) n++;
  return n;
}

/**
 * Removes the newlines ending `nodes` (a container's children) and returns what must follow the
 * container instead, in document order: whole whitespace text nodes holding a newline and the
 * comments among them, and the newlines ending the text before them. An inline element ending
 * the list whose end tag was implied gives its own trailing newlines up first (children before
 * their parents, as Parsoid's pass walks). Returns null when nothing moves (the common case:
 * no allocation).
 */
export function takeTrailingNewlines(nodes: WNode[]): WNode[] | null {
  const lastNode = nodes[nodes.length - 1];
  if (lastNode !== undefined && lastNode.kind === "element" && lastNode.dp?.autoInsertedEnd === true && lastNode.name !== "table") {
    const moved = takeTrailingNewlines(lastNode.children);
    if (moved !== null) {
      let width = 0;
      for (const node of moved) {
        node.parent = lastNode.parent;
        nodes.push(node);
        if (node.kind !== "element") width += plainSourceWidth(node);
      }
      // An implied end recorded where the next block starts now comes before what moved out.
      if (lastNode.closeWidth === 0 && lastNode.closeEnd >= width) lastNode.closeEnd -= width;
    }
  }
  let from = -1;
  let newline = false;
  let partial = false;
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    if (node.kind === "comment") {
      from = i;
      continue;
    }
    if (node.kind !== "text") break;
    if (isNewlineWhitespace(node.value)) {
      from = i;
      newline = true;
      continue;
    }
    if (trailingNewlineCount(node.value) > 0) {
      from = i;
      newline = true;
      partial = true;
    }
    break;
  }
  if (!newline) return null;
  const moved = nodes.splice(from);
  if (partial) {
    // Only the newlines of the text that has content move: the text stays, shorter.
    const text = moved[0] as WText;
    const n = trailingNewlineCount(text.value);
    const nl = new WText(text.value.slice(text.value.length - n));
    text.value = text.value.slice(0, text.value.length - n);
    nodes.push(text);
    moved[0] = nl;
  }
  return moved;
}

/** Moves the newlines ending `el` out to follow it in `out` (its parent's new child list). */
export function appendTrailingNewlinesOf(el: WElement, out: WNode[]): void {
  const moved = takeTrailingNewlines(el.children);
  if (moved === null) return;
  for (const node of moved) {
    node.parent = el.parent;
    out.push(node);
  }
}

/**
 * An HTML list item whose end tag was implied ("<li>a\n<li>b") ends before the newline of its
 * last line (Parsoid's MigrateTrailingNLs moves newlines out of elements with an implied end):
 * the newline, with the comments and blank text around it, moves out to follow it, at `at` in
 * its parent's children, and the item's source range ends before it.
 */
export function moveNewlinesOutOfHtmlItem(item: WElement, at: number): void {
  const parent = item.parent;
  if (parent === null || item.closeWidth !== 0) return;
  moveTrailingNewlinesOut(item, parent, at);
}

/**
 * An indent-pre ends after the newline of its last line in the token stream (Parsoid's pre
 * handler writes it so); that newline then moves out to follow it, at `at` in its parent's
 * children, and the pre's source range ends before it.
 */
export function moveNewlinesOutOfIndentPre(pre: WElement, at: number): void {
  const dp = pre.dp;
  const parent = pre.parent;
  // (Not a <pre> an extension's output is: it carries its typeof.)
  if (parent === null || dp === null || dp.stx === "html" || dp.autoInsertedStart === true || pre.closeWidth !== 0 || pre.attrs.length > 0) return;
  moveTrailingNewlinesOut(pre, parent, at);
}

/**
 * Moves `el`'s trailing newlines (with the comments and blank text around them) out to follow it,
 * at `at` in `parent`'s children; its source range then ends before them.
 */
function moveTrailingNewlinesOut(el: WElement, parent: WElement, at: number): void {
  const moved = takeTrailingNewlines(el.children);
  if (moved === null) return;
  let width = 0;
  for (const node of moved) {
    node.parent = parent;
    if (node.kind !== "element") width += plainSourceWidth(node);
  }
  parent.children.splice(at, 0, ...moved);
  if (el.closeEnd >= width) el.closeEnd -= width;
}
