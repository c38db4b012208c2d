// DOM normalisation before serialization. Always: section wrappers and empty-element markers
// the engine adds are taken away, adjacent text nodes merged. With scrubWikitext (for HTML from
// editors): empty formatting elements are dropped and adjacent identical ones merged, so the
// wikitext comes out clean instead of full of ''''''.
import { unwrap, type WElement, type WNode } from "../dom/node.js";

export interface NormalizeOptions {
  scrub: boolean;
}

const FORMATTING = new Set(["i", "b", "u", "s", "small", "big", "sub", "sup", "code", "tt", "em", "strong", "span", "font"]);

function sameAttributes(a: WElement, b: WElement): boolean {
  if (a.attrs.length !== b.attrs.length) return false;
  return a.attrs.every((x) => b.getAttribute(x.name) === x.value);
}

function isEmptyFormatting(node: WNode): boolean {
  return node.kind === "element" && FORMATTING.has(node.name) && node.attrs.length === 0 && node.children.length === 0 && !node.mw;
}

function mergeTextNodes(el: WElement): void {
  for (let i = el.children.length - 1; i > 0; i--) {
    const a = el.children[i - 1]!;
    const b = el.children[i]!;
    if (a.kind === "text" && b.kind === "text") {
      a.value += b.value;
      el.children.splice(i, 1);
    }
  }
}

function scrub(el: WElement): void {
  for (let i = el.children.length - 1; i >= 0; i--) {
    const c = el.children[i]!;
    if (isEmptyFormatting(c)) el.children.splice(i, 1);
  }
  for (let i = el.children.length - 1; i > 0; i--) {
    const a = el.children[i - 1]!;
    const b = el.children[i]!;
    if (a.kind === "element" && b.kind === "element" && a.name === b.name && FORMATTING.has(a.name) && sameAttributes(a, b) && !a.mw && !b.mw) {
      for (const c of [...b.children]) a.appendChild(c);
      el.children.splice(i, 1);
      b.parent = null;
      a.dp = {};
    }
  }
}

export function normalizeDom(root: WElement, options: NormalizeOptions): void {
  // Post-order with an explicit stack: children are normalised before their parent.
  const stack: Array<[WElement, boolean]> = [[root, false]];
  while (stack.length > 0) {
    const [el, visited] = stack.pop()!;
    if (!visited) {
      stack.push([el, true]);
      for (const c of el.children) if (c.kind === "element") stack.push([c, false]);
      continue;
    }
    if (options.scrub) scrub(el);
    mergeTextNodes(el);
    if (el !== root && el.name === "section" && el.hasAttribute("data-mw-section-id")) unwrap(el);
  }
}
