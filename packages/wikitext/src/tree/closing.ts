// Where elements end in the source, for both tree builders (builder.ts, inline-builder.ts).
import type { WElement } from "../dom/node.js";
import type { DataParser } from "../dom/data-parser.js";
import type { Token } from "../tokenizer/tokens.js";
import { VOID_TAGS } from "../util/html-tags.js";

/**
 * `el` is closed while `current` is the token being processed, `currentPos` the source position
 * of the last token that had one: its own end tag gives its end and end-tag width; any other token
 * closed it implicitly, where that token stands (an HTML tag without its end tag is marked).
 */
export function closeElement(el: WElement, current: Token | null, currentPos: number): void {
  const dp = el.dp;
  if (!dp) return;
  if (current && current.type === "end" && current.name === el.name && current.dp.tsr) {
    el.closeEnd = current.dp.tsr[1];
    el.closeWidth = current.dp.tsr[1] - current.dp.tsr[0];
    // Its end tag's own spelling, when the grammar kept one (`</DIV>`).
    if (current.dp.tagSrc !== undefined) dp.endTagSrc = current.dp.tagSrc;
    // An HTML tag closed by an end of the same name that takes no source (the li-hack "*<li>x":
    // the wikitext list item's end closes the HTML <li>) never had its own end tag: marked as
    // Parsoid marks it. (An extension tag's element spans its whole source with its start.)
    if (el.closeWidth === 0 && dp.stx === "html" && current.dp.stx !== "html" && !dp.selfClose && !(el.getAttribute("typeof") ?? "").includes("mw:Extension/")) dp.autoInsertedEnd = true;
    // An element the tree builder opened for a stray HTML end tag ("</p>" makes an empty <p>)
    // is that tag in the source: written as HTML again.
    if (dp.autoInsertedStart === true && dp.stx === undefined && current.dp.stx === "html") dp.stx = "html";
  } else {
    el.closeEnd = currentPos;
    if (endWasImplied(dp)) dp.autoInsertedEnd = true;
  }
}

/**
 * A formatting element the adoption agency algorithm closed at the block that its end tag found
 * inside it (`<b>x<p>y</b>`: the block moved out, a copy of the element holds the rest): the end
 * tag is the copy's, so the element ends where that block starts, its end implied (Parsoid's
 * tree builder marks it so, and trailing newlines may then move out of it).
 */
export function endBeforeBlock(el: WElement): void {
  const dp = el.dp;
  if (!dp) return;
  const next = el.parent?.children[el.parent.children.indexOf(el) + 1];
  const at = next !== undefined && next.kind === "element" ? (next.dp?.tsr?.[0] ?? -1) : -1;
  el.closeEnd = at;
  el.closeWidth = 0;
  dp.autoInsertedEnd = true;
}

/**
 * Elements still open at the end of the input are never popped (HTML5 stops parsing with them on
 * the stack), so they are closed here: they end with the source. They are exactly the unclosed
 * elements along the last-child chain (everything is inserted into the deepest open element).
 */
export function closeOpenAtEof(root: WElement, sourceLength: number): void {
  let node = root.children[root.children.length - 1];
  while (node && node.kind === "element") {
    const dp = node.dp;
    // A void element (a meta ending a heading's content) was never open: it ends with its tag.
    if (dp && node.closeEnd < 0 && !VOID_TAGS.has(node.name)) {
      node.closeEnd = sourceLength;
      if (endWasImplied(dp)) dp.autoInsertedEnd = true;
    }
    node = node.children[node.children.length - 1];
  }
}

/**
 * Whether an element closed without its end tag is marked as such: an HTML tag written without
 * one, or an element the tree builder opened by itself (a <tr> in "<table><td>", a formatting
 * element reopened after a block), whose end tag was never in the source either.
 */
function endWasImplied(dp: DataParser): boolean {
  return (dp.stx === "html" || dp.autoInsertedStart === true) && !dp.selfClose;
}
