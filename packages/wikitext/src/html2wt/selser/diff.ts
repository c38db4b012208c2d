// DOM diff between the original and the edited DOM (Parsoid's DOMDiff, simplified): subtrees
// are compared for content (tag, attributes, data-mw, text; not the parse data), then children
// are aligned in order with a small lookahead for insertions and deletions.
import type { WElement, WNode } from "../../dom/node.js";
import { isGeneratedNodeId } from "../node-data.js";

/** unchanged: same subtree; children-changed: same element, content differs; modified: attributes differ too. */
export type Change = "unchanged" | "children-changed" | "modified";

export interface DiffResult {
  /** Edited node → its original, for nodes that are unchanged or only changed inside. */
  original: Map<WNode, WNode>;
  change: Map<WNode, Change>;
}

const LOOKAHEAD = 8;

/** Attributes that take part in equality: the ones content is made of (not generated ids). */
function contentAttrs(el: WElement, dropId: boolean): Array<{ name: string; value: string }> {
  return el.attrs.filter((a) => !(a.name === "id" && (dropId || isGeneratedNodeId(a.value))));
}

/**
 * A wikitext heading (`== x ==`) of the original: its id (and the legacy-anchor span in it) is
 * generated from its text by every parse, so an editor that drops them or writes its own changed
 * nothing the wikitext says.
 */
function isWikitextHeading(original: WElement): boolean {
  const name = original.name;
  return name.length === 2 && name.charCodeAt(0) === 0x68 && name.charCodeAt(1) >= 0x31 && name.charCodeAt(1) <= 0x36 && original.dp?.stx !== "html";
}

function isFallbackIdSpan(node: WNode | undefined): boolean {
  return node !== undefined && node.kind === "element" && node.name === "span" && (node.getAttribute("typeof") ?? "").includes("mw:FallbackId");
}

/** The children that take part in equality: a wikitext heading's legacy-anchor span does not. */
export function comparableChildren(el: WElement, original: WElement): readonly WNode[] {
  return isWikitextHeading(original) && isFallbackIdSpan(el.children[0]) ? el.children.slice(1) : el.children;
}

/** `a` is the original element, `b` the edited one. */
function sameElementShell(a: WElement, b: WElement): boolean {
  if (a.name !== b.name) return false;
  const heading = isWikitextHeading(a);
  const aa = a.attrs.length === b.attrs.length && !heading ? a.attrs : contentAttrs(a, heading);
  const ba = a.attrs.length === b.attrs.length && !heading ? b.attrs : contentAttrs(b, heading);
  if (aa.length !== ba.length) return false;
  for (let i = 0; i < aa.length; i++) {
    const x = aa[i]!;
    const y = ba[i]!;
    if (x.name !== y.name || x.value !== y.value) {
      if (!(x.name === "id" && y.name === "id" && isGeneratedNodeId(x.value) && isGeneratedNodeId(y.value))) return false;
    }
  }
  if (a.mw === null || b.mw === null) return a.mw === b.mw;
  return sameJson(a.mw, b.mw);
}

/** Equality of two parsed JSON values, member order included (as their serializations would compare). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  for (let i = 0; i < ak.length; i++) {
    const key = ak[i]!;
    if (key !== bk[i] || !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/**
 * Pairs (original → edited) known to differ. The diff descends into a pair that differs and
 * compares its children, whose subtrees the comparison of the pair already walked: without
 * this, a change deep down a deep subtree was found again at every level above it (quadratic in
 * the depth). A comparison that finds a difference records every pair on the path to it.
 */
type KnownDifferent = WeakMap<WNode, WNode>;

/**
 * Whether two subtrees are the same content: tags, attributes, data-mw, text and comments (not
 * parse data). Iterative, with native string comparison: an unchanged document costs one pass.
 */
export function sameSubtree(a: WNode, b: WNode, knownDifferent: KnownDifferent = new WeakMap()): boolean {
  if (knownDifferent.get(a) === b) return false;
  // Two parallel stacks: no pair allocated per node.
  const xs: WNode[] = [a];
  const ys: WNode[] = [b];
  while (xs.length > 0) {
    const x = xs.pop()!;
    const y = ys.pop()!;
    if (!sameNode(x, y)) {
      noteDifferentPath(x, y, a, knownDifferent);
      return false;
    }
    if (x.kind !== "element") continue;
    const xc = comparableChildren(x, x);
    const yc = comparableChildren(y as WElement, x);
    if (xc.length !== yc.length) {
      noteDifferentPath(x, y, a, knownDifferent);
      return false;
    }
    for (let i = xc.length - 1; i >= 0; i--) {
      xs.push(xc[i]!);
      ys.push(yc[i]!);
    }
  }
  return true;
}

/** The two nodes themselves (not their children) are the same. */
function sameNode(x: WNode, y: WNode): boolean {
  if (x.kind !== y.kind) return false;
  if (x.kind !== "element") return x.value === (y as { value: string }).value;
  return sameElementShell(x, y as WElement);
}

/** Records `x`/`y` and each pair of their ancestors up to the compared root `top` as different. */
function noteDifferentPath(x: WNode, y: WNode, top: WNode, knownDifferent: KnownDifferent): void {
  let px: WNode | null = x;
  let py: WNode | null = y;
  while (px !== null && py !== null) {
    knownDifferent.set(px, py);
    if (px === top) return;
    px = px.parent;
    py = py.parent;
  }
}

function isBlankText(node: WNode): boolean {
  return node.kind === "text" && node.value.trim() === "";
}

function sameShallow(a: WNode, b: WNode): boolean {
  return a.kind === "element" && b.kind === "element" && sameElementShell(a, b);
}

export function diffDom(originalBody: WElement, editedBody: WElement): DiffResult {
  const result: DiffResult = { original: new Map(), change: new Map() };
  const knownDifferent: KnownDifferent = new WeakMap();
  const equal = (o: WNode, e: WNode): boolean => sameSubtree(o, e, knownDifferent);

  const stack: Array<[WElement, WElement]> = [[originalBody, editedBody]];
  result.original.set(editedBody, originalBody);
  // Settled below from the body's children (one comparison of each, not a whole-tree pass first).
  result.change.set(editedBody, "children-changed");
  while (stack.length > 0) {
    const [orig, edit] = stack.pop()!;
    const os = comparableChildren(orig, orig);
    const es = comparableChildren(edit, orig);
    let i = 0;
    let j = 0;
    while (i < os.length && j < es.length) {
      const o = os[i]!;
      const e = es[j]!;
      if (equal(o, e)) {
        result.original.set(e, o);
        result.change.set(e, "unchanged");
        i++;
        j++;
        continue;
      }
      // Whitespace between nodes is a poor anchor for alignment: step over it on either side.
      const oBlank = isBlankText(o);
      const eBlank = isBlankText(e);
      // Except after one inserted node, when the rest lines up: the whitespace keeps its original
      // (whose source may hold more than whitespace: stray tags the parser dropped).
      if (oBlank && !eBlank && j + 1 < es.length && equal(o, es[j + 1]!) && (i + 1 >= os.length ? j + 2 >= es.length : j + 2 < es.length && equal(os[i + 1]!, es[j + 2]!))) {
        j++;
        continue;
      }
      // Whitespace after deleted nodes (a separator that followed a deleted list item) is that
      // original whitespace when the rest lines up after it: it keeps its source.
      if (eBlank && !oBlank) {
        const k = deletedBefore(os, i, e, es[j + 1], equal);
        if (k >= 0) {
          i = k;
          continue;
        }
      }
      if (oBlank || eBlank) {
        if (oBlank) i++;
        if (eBlank) j++;
        continue;
      }
      // Inserted edited nodes before a match of the current original?
      let inserted = -1;
      for (let k = j + 1; k < Math.min(es.length, j + LOOKAHEAD); k++) {
        if (equal(o, es[k]!)) {
          inserted = k;
          break;
        }
      }
      // Deleted original nodes before a match of the current edited node?
      let deleted = -1;
      for (let k = i + 1; k < Math.min(os.length, i + LOOKAHEAD); k++) {
        if (equal(os[k]!, e)) {
          deleted = k;
          break;
        }
      }
      if (deleted >= 0 && (inserted < 0 || deleted - i <= inserted - j)) {
        i = deleted;
        continue;
      }
      if (inserted >= 0) {
        j = inserted;
        continue;
      }
      // Same element with the same attributes: only its content changed.
      if (sameShallow(o, e)) {
        result.original.set(e, o);
        result.change.set(e, "children-changed");
        stack.push([o as WElement, e as WElement]);
      } else if (o.kind === "element" && e.kind === "element" && o.name === e.name) {
        // Attributes changed: the element is written anew, its children may still be reused.
        result.original.set(e, o);
        result.change.set(e, "modified");
        stack.push([o, e]);
      }
      i++;
      j++;
    }
  }
  if (sameElementShell(originalBody, editedBody) && allChildrenUnchanged(originalBody, editedBody, result)) result.change.set(editedBody, "unchanged");
  return result;
}

/**
 * The index of the original whitespace equal to `blank` that comes after nodes deleted from
 * `os[i]` on, when the edited node after `blank` (`after`) matches the original after it (or both
 * end there); -1 when there is none.
 */
function deletedBefore(os: readonly WNode[], i: number, blank: WNode, after: WNode | undefined, equal: (a: WNode, b: WNode) => boolean): number {
  for (let k = i + 1; k < Math.min(os.length, i + LOOKAHEAD); k++) {
    if (!equal(os[k]!, blank)) continue;
    const next = os[k + 1];
    if (next === undefined ? after === undefined : after !== undefined && equal(next, after)) return k;
  }
  return -1;
}

/** Whether the children were aligned one to one, each unchanged. */
function allChildrenUnchanged(orig: WElement, edit: WElement, result: DiffResult): boolean {
  const os = comparableChildren(orig, orig);
  const es = comparableChildren(edit, orig);
  if (os.length !== es.length) return false;
  for (let k = 0; k < es.length; k++) {
    const e = es[k]!;
    if (result.change.get(e) !== "unchanged" || result.original.get(e) !== os[k]) return false;
  }
  return true;
}
