// Source ranges: every element gets dsr = [start, end, openWidth, closeWidth] from the token
// source ranges recorded during tree building (start tag) and when it was closed (end tag, or
// the position of the token that implicitly closed it). Elements without a tag of their own
// (inserted by tree construction or paragraph wrapping) span their children, text at their edges
// included. Iterative post-order walk (deep nesting such as 10k list levels cannot overflow the
// stack); ranges travel up in two scratch fields.
import type { WElement, WNode } from "../node.js";
import type { Dsr } from "../data-parser.js";
import { decodeCommentData, plainSourceWidth } from "../../util/comment-data.js";

/** `source`: the text the tree was built from (after template expansion), whose offsets the ranges are. */
export function computeDsr(root: WElement, source: string): void {
  const stack: WElement[] = [root];
  const done: boolean[] = [false];
  while (stack.length > 0) {
    const top = stack.length - 1;
    const el = stack[top]!;
    if (!done[top]) {
      done[top] = true;
      const kids = el.children;
      for (let i = kids.length - 1; i >= 0; i--) {
        const c = kids[i]!;
        if (c.kind === "element") {
          stack.push(c);
          done.push(false);
        }
      }
      continue;
    }
    stack.pop();
    done.pop();
    let first = -1;
    let last = -1;
    let firstIndex = -1;
    let lastIndex = -1;
    const kids = el.children;
    placeUnrangedChildren(kids, source);
    for (let i = 0; i < kids.length; i++) {
      const child = kids[i]!;
      if (child.kind !== "element" || child.rangeStart < 0) continue;
      if (first < 0) {
        first = child.rangeStart;
        firstIndex = i;
      }
      last = child.rangeEnd;
      lastIndex = i;
    }
    const tsr = el.dp?.tsr;
    if (first >= 0 && !tsr) {
      first = startOfTextBefore(kids, firstIndex, first, source);
      last = endOfTextAfter(kids, lastIndex, last, source);
    } else if (tsr && el.closeWidth === 0 && kids.length > 0 && kids[kids.length - 1]!.kind === "text" && endsWithoutTag(el)) {
      // An element with no end tag of its own (a paragraph the token pass closed before text that
      // tree building still put in it, an HTML tag left open before a newline): its range spans
      // the text at its end too, as Parsoid counts text widths. (Compared with the source only
      // when that text reaches past the end it has: most paragraphs end with their text.)
      const from = lastIndex >= 0 ? last : tsr[1];
      if (from + textWidthAfter(kids, lastIndex) > Math.max(el.closeEnd, tsr[1], last)) last = endOfTextAfter(kids, lastIndex, from, source);
    }
    finish(el, first, last);
  }
}

/**
 * Where the text nodes before `kids[index]` (which starts at `start`) start, as Parsoid's DSR
 * computation counts text widths: an element with no tag of its own (a paragraph made by DOM
 * wrapping: `x&nbsp;a</p>`) then spans the text at its edges, and an edit next to that text does
 * not lose or repeat it. Each text is checked against the source first: one the tree builder
 * merged over a tag it dropped (`a</pre>b` is the text "ab") stops the count.
 */
function startOfTextBefore(kids: readonly WNode[], index: number, start: number, source: string): number {
  for (let i = index - 1; i >= 0; i--) {
    const node = kids[i]!;
    if (node.kind === "element") break;
    const written = node.kind === "text" ? node.value : commentSource(node.value);
    const from = start - written.length;
    if (from < 0 || !source.startsWith(written, from)) break;
    start = from;
  }
  return start;
}

/** A comment as the source writes it (its DOM data decoded). */
function commentSource(data: string): string {
  return `<!--${decodeCommentData(data)}-->`;
}

/**
 * Children with no tag of their own and no range yet, whose source can still be told from a
 * sibling's range (Parsoid computes such ranges from the siblings' too): an element holding only
 * text (the paragraph DOM wrapping makes of `[[Main` before a `<pre>`) and the empty element
 * HTML5 makes of a stray end tag (`</p>`) take the source right after the sibling before them
 * or right before the sibling after them, when the source has their text there. Two passes, one
 * each way, so that a run of such children is placed from either end.
 */
function placeUnrangedChildren(kids: readonly WNode[], source: string): void {
  let unplaced = false;
  for (let i = 0; i < kids.length; i++) {
    const el = kids[i]!;
    if (el.kind !== "element" || el.rangeStart >= 0) continue;
    const prev = kids[i - 1];
    const text = placeableText(el);
    if (text === null) continue;
    if (prev?.kind === "element" && prev.rangeEnd >= 0 && sourceHas(source, prev.rangeEnd, text)) place(el, prev.rangeEnd, text);
    else unplaced = true;
  }
  if (!unplaced) return;
  for (let i = kids.length - 1; i >= 0; i--) {
    const el = kids[i]!;
    if (el.kind !== "element" || el.rangeStart >= 0) continue;
    const next = kids[i + 1];
    const text = placeableText(el);
    if (text === null || next?.kind !== "element" || next.rangeStart < text.length) continue;
    if (sourceHas(source, next.rangeStart - text.length, text)) place(el, next.rangeStart - text.length, text);
  }
}

/** The source text an unranged element stands for, or null when it cannot be told. */
function placeableText(el: WElement): string | null {
  const dp = el.dp;
  if (!dp || dp.tsr) return null;
  // A stray end tag's empty element: the tag.
  if (el.children.length === 0) return dp.autoInsertedStart ? `</${el.name}>` : null;
  let text = "";
  for (const c of el.children) {
    if (c.kind !== "text") return null;
    text += c.value;
  }
  return text;
}

/** Whether `text` stands in `source` at `at` (tag names in any case). */
function sourceHas(source: string, at: number, text: string): boolean {
  if (at < 0) return false;
  if (source.startsWith(text, at)) return true;
  return text.startsWith("</") && source.slice(at, at + text.length).toLowerCase() === text;
}

function place(el: WElement, start: number, text: string): void {
  const end = start + text.length;
  // An empty element stands for its end tag.
  el.dp!.dsr = [start, end, 0, el.children.length === 0 ? text.length : 0];
  el.rangeStart = start;
  el.rangeEnd = end;
}

/** Where the text nodes (and comments) after `kids[index]` (which ends at `end`) end (see startOfTextBefore). */
function endOfTextAfter(kids: readonly WNode[], index: number, end: number, source: string): number {
  for (let i = index + 1; i < kids.length; i++) {
    const node = kids[i]!;
    if (node.kind === "element") break;
    const written = node.kind === "text" ? node.value : commentSource(node.value);
    if (!source.startsWith(written, end)) break;
    end += written.length;
  }
  return end;
}

/** The source width of the text nodes and comments after `kids[index]`, up to the next element. */
function textWidthAfter(kids: readonly WNode[], index: number): number {
  let width = 0;
  for (let i = index + 1; i < kids.length; i++) {
    const node = kids[i]!;
    if (node.kind === "element") break;
    width += plainSourceWidth(node);
  }
  return width;
}

/**
 * Whether the element's end was implied (an HTML tag left open, a paragraph the token pass
 * closed): not one whose start tag's range is its whole source (a nowiki, an entity, an
 * extension), whose text is no source after it.
 */
function endsWithoutTag(el: WElement): boolean {
  const dp = el.dp!;
  return dp.autoInsertedEnd === true || (el.name === "p" && dp.stx !== "html");
}

function finish(el: WElement, first: number, last: number): void {
  const dp = el.dp;
  if (!dp) {
    el.rangeStart = first;
    el.rangeEnd = last;
    return;
  }
  const tsr = dp.tsr;
  const closeEnd = el.closeEnd;
  let dsr: Dsr | null = null;
  if (tsr) {
    const end = Math.max(closeEnd >= 0 ? closeEnd : tsr[1], tsr[1], last);
    dsr = [tsr[0], end, tsr[1] - tsr[0], el.closeWidth];
    // Cleared rather than deleted: deleting would turn the object into a slow dictionary.
    dp.tsr = undefined;
  } else if (first >= 0) {
    dsr = [first, Math.max(last, closeEnd >= 0 ? closeEnd : last), 0, 0];
  }
  if (dsr) {
    dp.dsr = dsr;
    el.rangeStart = dsr[0];
    el.rangeEnd = dsr[1];
  } else {
    el.rangeStart = -1;
    el.rangeEnd = -1;
  }
}
