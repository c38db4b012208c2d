// Nested quotes in edited content are turned inside out where that lets them merge with a
// neighbour, as Parsoid's normaliser does: <i>A</i><b><i>B</i></b> becomes
// <i>A</i><i><b>B</b></i>, which the merge of adjacent quotes then writes with one italic around
// both rather than two runs of apostrophes back to back.
import type { WElement, WNode } from "../dom/node.js";
import { isHtmlSyntax } from "./handlers/block-kinds.js";
import { isNewContent } from "./node-data.js";

function isPlainQuote(node: WNode | undefined): node is WElement {
  return node !== undefined && node.kind === "element" && (node.name === "i" || node.name === "b") && node.attrs.length === 0 && !isHtmlSyntax(node) && !node.mw;
}

/** Swaps each quote of `el` whose only child is the other quote and matches a neighbour's name. */
export function swapNestedQuotes(el: WElement): void {
  const kids = el.children;
  for (let i = 0; i < kids.length; i++) {
    const outer = kids[i]!;
    if (!isPlainQuote(outer) || outer.children.length !== 1) continue;
    const inner = outer.children[0];
    if (!isPlainQuote(inner) || inner.name === outer.name) continue;
    if (!isNewContent(outer) && !isNewContent(inner)) continue;
    const prev = kids[i - 1];
    const next = kids[i + 1];
    if (!((isPlainQuote(prev) && prev.name === inner.name) || (isPlainQuote(next) && next.name === inner.name))) continue;
    const name = outer.name;
    outer.name = inner.name;
    inner.name = name;
  }
}
