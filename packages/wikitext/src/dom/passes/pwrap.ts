// DOM-level paragraph wrapping (Parsoid's PWrap pass): inline content left directly in <body>
// or <blockquote> after token-level wrapping (e.g. text before a block tag on the same line) is
// wrapped in <p>. Runs made only of whitespace, comments and page properties stay unwrapped, and
// such nodes at the edges of a run stay outside the paragraph. An inline element holding blocks
// (`<small><div>x</div>` left open) is split first into inline and block parts, each a copy of
// the element, so no paragraph ends up holding a block (HTML5 parsers would repair that).
import { WElement, type WNode } from "../node.js";
import { FORMATTING_ELEMS, REMEX_BLOCK_TAGS } from "../../util/html-tags.js";
import { appendTrailingNewlinesOf } from "./trailing-newlines.js";

/** HTML elements that are blocks for this purpose: Remex's, and raw-text ones. */
const BLOCK = new Set([...REMEX_BLOCK_TAGS, "style", "script", "xmp"]);

function isBlock(node: WNode): boolean {
  return node.kind === "element" && BLOCK.has(node.name);
}

/** HTML whitespace only (a module constant: a regex literal in the function is a new object per call). */
const HTML_WHITESPACE_ONLY = /^[ \t\n\r\f]*$/;

function isTransparent(node: WNode): boolean {
  if (node.kind === "comment") return true;
  if (node.kind === "text") return HTML_WHITESPACE_ONLY.test(node.value);
  // Metadata elements (Parsoid's pWrapOptional): categories, behaviour switches, an extension's
  // <link> (a section marker) need no paragraph of their own.
  if (node.name === "link" || node.name === "meta") return true;
  // The span a <nowiki> made, when what it holds needs no paragraph either (`<nowiki/>`): Parsoid's
  // wrapper spans are p-wrap optional by their content.
  if (node.name === "span" && node.getAttribute("typeof") === "mw:Nowiki") return node.children.every(isTransparent);
  // An element holding only block content is handled by its own children.
  return false;
}

/**
 * Appends `run` to `out`, its inline part (without transparent nodes at its edges) wrapped in a
 * new <p>. The caller rebuilds the parent's child list from `out` in one go: inserting the
 * paragraph and moving each node into it one by one searched the whole list every time, which
 * made a long run of inline nodes (thousands of references in one paragraph) quadratic.
 */
function wrapRun(parent: WElement, run: readonly WNode[], out: WNode[]): void {
  let first = 0;
  let last = run.length - 1;
  while (first <= last && isTransparent(run[first]!)) first++;
  while (last >= first && isTransparent(run[last]!)) last--;
  for (let k = 0; k < first; k++) out.push(run[k]!);
  if (first > last) return;
  const p = new WElement("p");
  p.dp = { autoInsertedStart: true, autoInsertedEnd: true };
  const inside = run.slice(first, last + 1);
  for (const node of inside) node.parent = p;
  p.children = inside;
  p.parent = parent;
  out.push(p);
  // The newline ending the paragraph's line follows it (MigrateTrailingNLs).
  appendTrailingNewlinesOf(p, out);
  for (let k = last + 1; k < run.length; k++) out.push(run[k]!);
}

/**
 * Inline elements that are split around blocks: formatting elements, as in Parsoid (links too,
 * unless they hold a table or an extension's output); other inline elements holding a block
 * stay whole and get no paragraph.
 */
function splittable(node: WNode): node is WElement {
  return node.kind === "element" && FORMATTING_ELEMS.has(node.name) && !(node.name === "a" && linkHoldsFragment(node));
}

/**
 * Whether `node` is an inline element that is not split (not a formatting element) with a block
 * anywhere below it: Parsoid's PWrap gives no paragraph to such an element, and a formatting
 * element around it splits there as around a block.
 */
function inlineHoldingBlock(node: WNode): boolean {
  // (A link is never one: split, or holding a fragment, which Parsoid's paragraph sees as inline.)
  if (node.kind !== "element" || isBlock(node) || FORMATTING_ELEMS.has(node.name)) return false;
  const stack: WElement[] = [node];
  while (stack.length > 0) {
    for (const c of stack.pop()!.children) {
      if (c.kind !== "element") continue;
      if (isBlock(c)) return true;
      stack.push(c);
    }
  }
  return false;
}

/** A copy of `el` without children, for the parts after its first. */
function shallowCopy(el: WElement): WElement {
  const copy = new WElement(el.name, el.attrs.map((a) => ({ ...a })), el.namespace);
  if (el.dp) {
    const { tsr: _tsr, dsr: _dsr, ...rest } = el.dp;
    copy.dp = { ...rest };
  }
  copy.aux = el.aux;
  return copy;
}

/** Where the first tag among `nodes` starts in the source, or -1 when none says. */
function sourceStart(nodes: readonly WNode[]): number {
  for (const node of nodes) if (node.kind === "element") return node.dp?.tsr?.[0] ?? -1;
  return -1;
}

/**
 * How deep in a chain of inline elements splitting goes. Every level copies the parts below it
 * once more: n inline elements nested around a block each (`<b>a<div>x</div>` n times, left
 * open) made n² copies, 120 MB of HTML from 29 kB of wikitext. Below this depth, an inline
 * element holding a block stays whole and counts as a block (no paragraph holds it), which
 * bounds the copies by this depth times the number of parts. Real pages nest a few levels.
 */
const MAX_SPLIT_DEPTH = 40;

/** Whether a block stands somewhere below `root` under a chain of splittable elements. */
export function holdsBlock(root: WElement): boolean {
  const stack: WElement[] = [root];
  while (stack.length > 0) {
    for (const c of stack.pop()!.children) {
      if (isBlock(c) || inlineHoldingBlock(c)) return true;
      if (splittable(c)) stack.push(c);
    }
  }
  return false;
}

/**
 * The splittable elements under `root` (itself included) that hold a block somewhere below a
 * chain of splittable elements, deepest first, and those of them below MAX_SPLIT_DEPTH that
 * stay whole. Iterative: formatting left open can nest thousands of levels deep.
 */
function elementsToSplit(root: WElement): { split: WElement[]; whole: WElement[] } {
  const order: WElement[] = [];
  const whole: WElement[] = [];
  const holds = new Set<WElement>();
  const stack: WElement[] = [root];
  const depths: number[] = [0];
  while (stack.length > 0) {
    const el = stack.pop()!;
    const depth = depths.pop()!;
    if (depth >= MAX_SPLIT_DEPTH) {
      if (holdsBlock(el)) {
        whole.push(el);
        holds.add(el);
      }
      continue;
    }
    order.push(el);
    for (const c of el.children) {
      if (!splittable(c)) continue;
      stack.push(c);
      depths.push(depth + 1);
    }
  }
  // Reverse pre-order visits every element after all of its descendants.
  const split: WElement[] = [];
  for (let i = order.length - 1; i >= 0; i--) {
    const el = order[i]!;
    if (el.children.some((c) => isBlock(c) || (c.kind === "element" && holds.has(c)) || inlineHoldingBlock(c))) {
      holds.add(el);
      split.push(el);
    }
  }
  return { split, whole };
}

/**
 * Splits each inline element that holds blocks into consecutive parts that are all inline or
 * all block (whitespace and comments join the part before them, or the first part). The element
 * itself stays the first part and loses its end tag; the copies after it have no start tag of
 * their own, and the last one carries the original end tag. Returns the parts that hold blocks,
 * and in `partsOf` the parts of each split element that the root's parent must take in its
 * place (the root's own; those of deeper elements are put in place here).
 */
function splitAroundBlocks(root: WElement, partsOf: Map<WElement, WElement[]>): Set<WNode> {
  const blockParts = new Set<WNode>();
  const blockish = (n: WNode): boolean => isBlock(n) || blockParts.has(n) || inlineHoldingBlock(n);
  const { split, whole } = elementsToSplit(root);
  for (const el of whole) blockParts.add(el);
  // Deepest first, so a split element's parts are known before its parent is looked at: the
  // parent takes them in the one rebuild of its child list (inserting each copy where its
  // element stands searched and shifted the list every time, quadratic for many siblings).
  for (const el of split) {
    if (partsOf.size > 0) takeParts(el, partsOf);
    const groups: Array<{ block: boolean; nodes: WNode[] }> = [];
    const leading: WNode[] = [];
    for (const child of el.children) {
      const last = groups[groups.length - 1];
      if (!last && isTransparent(child)) leading.push(child);
      else if (last && (last.block === blockish(child) || isTransparent(child))) last.nodes.push(child);
      else groups.push({ block: blockish(child), nodes: groups.length === 0 ? [...leading, child] : [child] });
    }
    if (groups.length <= 1) {
      // Children have not moved: the element is one part, a block part if it holds one.
      if (groups[0]?.block) blockParts.add(el);
      continue;
    }
    const { closeEnd, closeWidth } = el;
    const parts: WElement[] = [];
    groups.forEach((group, i) => {
      const holder = i === 0 ? el : shallowCopy(el);
      if (i === 0) el.children = group.nodes;
      else {
        for (const node of group.nodes) node.parent = holder;
        holder.children = group.nodes;
      }
      parts.push(holder);
      if (holder.dp) {
        if (i > 0) holder.dp.autoInsertedStart = true;
        if (i < groups.length - 1) holder.dp.autoInsertedEnd = true;
      }
      // A part ends where the next one's first tag starts (text carries no source position).
      holder.closeEnd = i === groups.length - 1 ? closeEnd : sourceStart(groups[i + 1]!.nodes);
      holder.closeWidth = i === groups.length - 1 ? closeWidth : 0;
      if (group.block) blockParts.add(holder);
    });
    partsOf.set(el, parts);
  }
  return blockParts;
}

/** Puts the parts of split children in their places in `parent`'s child list (one rebuild). */
function takeParts(parent: WElement, partsOf: Map<WElement, WElement[]>): void {
  const kids = parent.children;
  let split = false;
  for (let i = 0; i < kids.length && !split; i++) split = partsOf.has(kids[i] as WElement);
  if (!split) return;
  const out: WNode[] = [];
  for (const child of kids) {
    const parts = child.kind === "element" ? partsOf.get(child) : undefined;
    if (parts === undefined) {
      out.push(child);
      continue;
    }
    partsOf.delete(child as WElement);
    for (const part of parts) {
      part.parent = parent;
      out.push(part);
    }
  }
  parent.children = out;
}

/**
 * A link (not split, see `splittable`) holding a table (`[http://x a<table>b</table> c]`, whose
 * text is fostered before the table inside the link): no paragraph holds it, as in Parsoid,
 * where a line with a table tag is not wrapped (an extension's block, a <pre> in a link's text,
 * is: that link stays in its paragraph).
 */
function linkHoldingTable(node: WNode): boolean {
  if (node.kind !== "element" || node.name !== "a") return false;
  const stack: WElement[] = [node];
  while (stack.length > 0) {
    for (const c of stack.pop()!.children) {
      if (c.kind !== "element") continue;
      if (c.name === "table") return true;
      stack.push(c);
    }
  }
  return false;
}

/**
 * Whether a link holds a table or an extension's output: Parsoid builds those apart (DOM
 * fragments) and unpacks them after paragraph wrapping, so the link is not split around them.
 */
function linkHoldsFragment(link: WElement): boolean {
  const stack: WElement[] = [link];
  while (stack.length > 0) {
    for (const c of stack.pop()!.children) {
      if (c.kind !== "element") continue;
      if (c.name === "table" || (c.getAttribute("typeof") ?? "").startsWith("mw:Extension/")) return true;
      stack.push(c);
    }
  }
  return false;
}

function pwrapChildren(parent: WElement): void {
  const blockParts = new Set<WNode>();
  const partsOf = new Map<WElement, WElement[]>();
  for (const child of parent.children) {
    if (!splittable(child)) continue;
    for (const part of splitAroundBlocks(child, partsOf)) blockParts.add(part);
  }
  if (partsOf.size > 0) takeParts(parent, partsOf);
  const out: WNode[] = [];
  let run: WNode[] = [];
  for (const child of parent.children) {
    if (isBlock(child) || blockParts.has(child) || linkHoldingTable(child) || inlineHoldingBlock(child)) {
      if (run.length > 0) wrapRun(parent, run, out);
      run = [];
      out.push(child);
    } else run.push(child);
  }
  if (run.length > 0) wrapRun(parent, run, out);
  parent.children = out;
}

/**
 * Wraps the inline runs of `body` and of its blockquotes. `blockquotes` (every blockquote of the
 * tree, in any order: wrapping one never adds or removes another) spares a walk when the caller
 * already found them.
 */
export function pwrap(body: WElement, blockquotes?: readonly WElement[]): void {
  pwrapChildren(body);
  if (blockquotes) {
    for (const bq of blockquotes) pwrapChildren(bq);
    return;
  }
  const stack: WElement[] = [body];
  while (stack.length > 0) {
    const el = stack.pop()!;
    for (const c of el.children) {
      if (c.kind !== "element") continue;
      if (c.name === "blockquote") pwrapChildren(c);
      stack.push(c);
    }
  }
}
