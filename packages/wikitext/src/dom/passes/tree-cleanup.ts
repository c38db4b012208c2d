// The cleanup right after tree building, in one walk: each of these passes used to walk the whole
// tree on its own, and on a large page a walk (a cache miss per element) cost more than the work.
// In document order, before an element's children: the newlines of wikitext cells move out of
// them (cell-newlines.ts), and blockquotes are noted for paragraph wrapping. After an element's
// children: an empty reopened formatting copy is unwrapped (reopened-formatting.ts), then a
// wikitext heading, item or cell loses its syntax whitespace (trim-whitespace.ts). The order is
// the one the separate passes had: cells first; copies inside an element gone before its edges
// are trimmed (the two never touch the same children otherwise); paragraphs wrapped last.
import type { WElement } from "../node.js";
import { hasWikitextTables, moveNewlinesOutOfCells, moveNewlinesOutOfRows } from "./cell-newlines.js";
import { unwrapEmptyReopenedFormatting } from "./reopened-formatting.js";
import { trimWikitextWhitespace } from "./trim-whitespace.js";
import { pwrap } from "./pwrap.js";
import { moveNewlinesOutOfHtmlItem, moveNewlinesOutOfIndentPre } from "./trailing-newlines.js";

/** List items written as HTML tags: one whose end tag was implied gives its last newline up. */
const HTML_ITEMS = new Set(["li", "dt", "dd"]);

/** `text` is the (preprocessed) wikitext the tree was built from. */
export function cleanUpTree(root: WElement, text: string, wrapParagraphs: boolean): void {
  const tables = hasWikitextTables(text);
  const blockquotes: WElement[] = [];
  // Iterative post-order (formatting left open can nest thousands of levels deep): the open
  // elements and the index of the next child to visit in each.
  const parents: WElement[] = [];
  const nexts: number[] = [];
  if (tables) moveNewlinesOutOfCells(root, text);
  let el = root;
  let next = 0;
  for (;;) {
    const kids = el.children;
    if (next < kids.length) {
      const child = kids[next++]!;
      if (child.kind !== "element") continue;
      if (tables) moveNewlinesOutOfCells(child, text);
      if (child.name === "blockquote") blockquotes.push(child);
      parents.push(el);
      nexts.push(next);
      el = child;
      next = 0;
      continue;
    }
    if (parents.length === 0) break;
    const done = el;
    const childCount = done.children.length;
    el = parents.pop()!;
    next = nexts.pop()!;
    // Its children take its place; they were all visited already.
    if (unwrapEmptyReopenedFormatting(done)) next += childCount - 1;
    else {
      trimWikitextWhitespace(done);
      // (What moves out is text and comments, which the walk passes over.)
      if (done.name === "pre") moveNewlinesOutOfIndentPre(done, next);
      else if (tables && done.name === "tbody") moveNewlinesOutOfRows(done, text);
      else if (done.dp !== null && done.dp.autoInsertedEnd === true && done.dp.stx === "html" && HTML_ITEMS.has(done.name)) moveNewlinesOutOfHtmlItem(done, next);
    }
  }
  trimWikitextWhitespace(root);
  if (wrapParagraphs) pwrap(root, blockquotes);
}
