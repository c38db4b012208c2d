// Category and language links that a list's last item took in with the blank lines before them
// move out after the list (Parsoid's LiFixups.migrateTrailingSolTransparentLinks). The newlines
// before such links do not end the item (transforms/link-newlines.ts), so `*a\n\n[[Category:X]]`,
// the common end of a page, would keep the categories in the item, and html2wt, which writes an
// item on one line, could not give the blank line back. Only along the rightmost path of the
// outermost list, only from the first newline on, and never in a template's output.
import { WText, type WElement, type WNode } from "../node.js";
import { isSolTransparentLinkRel } from "../../util/page-links.js";
import { commentSourceWidth } from "../../util/comment-data.js";

const LISTS = new Set(["ul", "ol", "dl"]);
const ITEMS = new Set(["li", "dt", "dd"]);

function isSolTransparentLink(node: WNode | undefined): boolean {
  return node !== undefined && node.kind === "element" && node.name === "link" && isSolTransparentLinkRel(node.getAttribute("rel") ?? "");
}

function isWhitespace(value: string): boolean {
  return /^\s*$/.test(value);
}

/** The last child that is not whitespace text or a comment. */
function lastNonSeparator(el: WElement): WNode | undefined {
  const kids = el.children;
  for (let i = kids.length - 1; i >= 0; i--) {
    const c = kids[i]!;
    if (c.kind === "comment" || (c.kind === "text" && isWhitespace(c.value))) continue;
    return c;
  }
  return undefined;
}

/** Whether `el` or an ancestor is part of a transclusion's output (encapsulated: `about`). */
function inTemplateOutput(el: WElement): boolean {
  for (let n: WElement | null = el; n !== null; n = n.parent) if (n.hasAttribute("about")) return true;
  return false;
}

/**
 * For a node of a transclusion's output: the transclusion's first node, and whether everything
 * from it to `node` may move (category links and whitespace-only spans).
 */
function templateUnit(siblings: readonly WNode[], at: number): { root: number; movable: boolean } {
  const node = siblings[at]!;
  const about = node.kind === "element" ? node.getAttribute("about") : null;
  if (about === null) return { root: -1, movable: true };
  let root = at;
  while (root > 0) {
    const prev = siblings[root - 1]!;
    if (prev.kind !== "element" || prev.getAttribute("about") !== about) break;
    root--;
  }
  for (let k = at; k >= root; k--) {
    const c = siblings[k]!;
    if (!isSolTransparentLink(c) && !(c.kind === "element" && c.name === "span" && isWhitespace(c.textContent()))) return { root, movable: false };
  }
  return { root, movable: true };
}

/**
 * A transclusion's wrapper holding nothing but category links and whitespace (where Parsoid's
 * output has the links themselves as the transclusion's nodes): it moves as they would.
 */
function holdsOnlyLinks(el: WElement): boolean {
  if (el.name !== "span") return false;
  for (const c of el.children) {
    if (c.kind === "text" ? !isWhitespace(c.value) : c.kind === "element" && !isSolTransparentLink(c)) return false;
  }
  return true;
}

/** Index of the first child of `item` to move out (the sentinel), or -1. */
function firstMovable(item: WElement): number {
  const kids = item.children;
  let sentinel = -1;
  let k = kids.length - 1;
  while (k >= 0 && (kids[k]!.kind === "comment" || (kids[k]!.kind === "text" && isWhitespace((kids[k] as WText).value)))) k--;
  // (k is the last non-separator: a sol-transparent link, checked by the caller.)
  for (; k >= 0; k--) {
    const unit = templateUnit(kids, k);
    if (!unit.movable) break;
    if (unit.root >= 0) k = unit.root;
    const c = kids[k]!;
    if (c.kind === "text") {
      if (/\n\s*$/.test(c.value)) sentinel = k;
      if (!isWhitespace(c.value)) break;
    } else if (c.kind === "comment") {
      sentinel = k;
    } else if (!isSolTransparentLink(c) && !(unit.root >= 0 && holdsOnlyLinks(c))) break;
  }
  return sentinel;
}

/**
 * Whether a list item may have links to move out: the last item of its list, ending in a
 * category or language link (checked again when the move is tried, after encapsulation).
 */
export function mayMigrateTrailingLinks(item: WElement): boolean {
  const list = item.parent;
  if (list === null || !LISTS.has(list.name) || list.children[list.children.length - 1] !== item) return false;
  return isSolTransparentLink(lastNonSeparator(item));
}

/**
 * Runs on a list item (li, dt, dd) that mayMigrateTrailingLinks accepted, after encapsulation
 * (a transclusion's output is left alone) and before its children are visited.
 */
export function migrateTrailingLinks(item: WElement): void {
  if (!mayMigrateTrailingLinks(item) || inTemplateOutput(item)) return;
  const list = item.parent!;
  // The outermost list, along the rightmost path only.
  let outer: WElement = list;
  for (;;) {
    const p = outer.parent;
    if (p === null || !ITEMS.has(p.name)) break;
    const grand = p.parent;
    if (grand === null || grand.children[grand.children.length - 1] !== p) return;
    if (!LISTS.has(grand.name)) break;
    outer = grand;
  }
  const from = firstMovable(item);
  const container = outer.parent;
  if (from < 0 || container === null) return;
  const moved = item.children.splice(from);
  const itemDsr = item.dp?.dsr;
  let newEnd = -1;
  const out: WNode[] = [];
  for (let k = moved.length - 1; k >= 0; k--) {
    const c = moved[k]!;
    if (c.kind === "element") newEnd = c.dp?.dsr?.[0] ?? -1;
    else if (c.kind === "comment") newEnd -= commentSourceWidth(c.value);
    else if (isWhitespace(c.value)) newEnd -= c.value.length;
    else {
      // Only its trailing whitespace moves; the text stays in the item.
      const kept = c.value.replace(/\s+$/, "");
      const nl = new WText(c.value.slice(kept.length));
      c.value = kept;
      item.children.push(c);
      newEnd -= nl.value.length;
      out.push(nl);
      continue;
    }
    out.push(c);
  }
  out.reverse();
  const at = container.children.indexOf(outer) + 1;
  for (const c of out) c.parent = container;
  container.children.splice(at, 0, ...out);
  if (!itemDsr || newEnd < 0) return;
  const delta = itemDsr[1] - newEnd;
  if (delta === 0) return;
  // The items and lists along the path end where the moved content started.
  for (let li: WElement | null = item; li !== null; ) {
    const l: WElement | null = li.parent;
    if (li.dp?.dsr) li.dp.dsr[1] -= delta;
    if (l?.dp?.dsr) l.dp.dsr[1] -= delta;
    if (l === outer || l === null) break;
    li = l.parent;
  }
}
