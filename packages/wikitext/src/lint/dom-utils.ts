// Small DOM questions the lint checks ask (Parsoid's DOMUtils equivalents over the engine's DOM).
import type { WElement, WNode } from "../dom/node.js";
import { reopenedFormatting } from "../tree/adapter.js";

/** Whitespace-only text and comments: they separate nodes without being content. */
export function isSeparator(node: WNode): boolean {
  if (node.kind === "comment") return true;
  if (node.kind !== "text") return false;
  const v = node.value;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    // space, \t, \n, \f, \r
    if (c !== 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) return false;
  }
  return true;
}

/**
 * Position of a node among its parent's children. The DOM does not change while it is linted, so
 * positions are computed once per parent: sibling steps cost O(1) even in very flat trees. A plain
 * Map (cheaper than a WeakMap to fill), emptied after each document by `forgetPositions`; a stale
 * entry is never trusted (the child at that index is compared).
 */
const positions = new Map<WNode, number>();

export function indexInParent(node: WNode): number {
  const parent = node.parent;
  if (!parent) return -1;
  const children = parent.children;
  let i = positions.get(node);
  if (i === undefined || children[i] !== node) {
    for (let k = 0; k < children.length; k++) positions.set(children[k]!, k);
    i = positions.get(node)!;
  }
  return i;
}

/** Drops the positions remembered for the document just linted (lets its nodes be collected). */
export function forgetPositions(): void {
  positions.clear();
}

export function nextSibling(node: WNode): WNode | null {
  const parent = node.parent;
  if (!parent) return null;
  return parent.children[indexInParent(node) + 1] ?? null;
}

export function previousSibling(node: WNode): WNode | null {
  const parent = node.parent;
  if (!parent) return null;
  const i = indexInParent(node);
  return i > 0 ? parent.children[i - 1]! : null;
}

export function nextNonSepSibling(node: WNode): WNode | null {
  const parent = node.parent;
  if (!parent) return null;
  // One position lookup, then a scan of the siblings (not a lookup per separator stepped over).
  const children = parent.children;
  for (let i = indexInParent(node) + 1; i < children.length; i++) {
    const c = children[i]!;
    if (!isSeparator(c)) return c;
  }
  return null;
}

/** previousNonSepSibling for a node whose index among its parent's children is known. */
export function previousNonSepSiblingAt(node: WNode, index: number): WNode | null {
  const children = node.parent?.children;
  if (!children) return null;
  for (let i = index - 1; i >= 0; i--) {
    const c = children[i]!;
    if (!isSeparator(c)) return c;
  }
  return null;
}

export function firstNonSepChild(el: WElement): WNode | null {
  for (const c of el.children) if (!isSeparator(c)) return c;
  return null;
}

/** The body (or a detached root): where upward searches stop. */
export function atTheTop(node: WNode): boolean {
  return node.parent === null || (node.kind === "element" && node.name === "body");
}

export function hasAncestorNamed(node: WNode, name: string): boolean {
  for (let p = node.kind === "element" ? node : node.parent; p; p = p.parent) if (p.name === name) return true;
  return false;
}

/** Written as an HTML tag in the source (as opposed to wikitext syntax). */
export function isLiteralHtml(el: WElement): boolean {
  return el.dp?.stx === "html";
}

/** b/i made by wikitext quotes. */
export function isQuoteElement(el: WElement): boolean {
  return (el.name === "b" || el.name === "i") && !isLiteralHtml(el);
}

/** A formatting element that tree building reopened (a copy without a tag of its own). */
export function isReopenedCopy(el: WElement): boolean {
  return reopenedFormatting.has(el) || (el.dp?.autoInsertedStart === true && !el.dp.dsr?.[2]);
}

/** Nodes that render nothing: comments, category links, page properties, include markers. */
export function isRenderingTransparent(node: WNode): boolean {
  if (node.kind === "comment") return true;
  if (node.kind !== "element") return false;
  if (node.name === "link") return true;
  if (node.name === "meta") return true;
  return false;
}

export function textContent(node: WNode): string {
  if (node.kind === "text") return node.value;
  if (node.kind === "comment") return "";
  return node.textContent();
}
