// DOM diff between the original and the edited DOM (Parsoid's DOMDiff, simplified): subtrees
// are compared by a structural hash (tag, attributes, data-mw, text; not the parse data), then
// children are aligned in order with a small lookahead for insertions and deletions.
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

function hashString(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function combine(h: number, v: number): number {
  return Math.imul(h ^ v, 2246822519) >>> 0;
}

/** Attributes that take part in equality: the ones content is made of. */
function shallowKey(el: WElement): string {
  let key = el.name;
  for (const a of el.attrs) {
    if (a.name === "id" && isGeneratedNodeId(a.value)) continue;
    key += `\u0001${a.name}\u0002${a.value}`;
  }
  if (el.mw) key += `\u0003${JSON.stringify(el.mw)}`;
  return key;
}

export class SubtreeHashes {
  private readonly hashes = new Map<WNode, number>();

  constructor(root: WElement) {
    // Post-order with an explicit stack.
    const stack: Array<[WElement, boolean]> = [[root, false]];
    while (stack.length > 0) {
      const [el, done] = stack.pop()!;
      if (!done) {
        stack.push([el, true]);
        for (const c of el.children) if (c.kind === "element") stack.push([c, false]);
        continue;
      }
      let h = hashString(2166136261, shallowKey(el));
      for (const c of el.children) {
        if (c.kind === "element") h = combine(h, this.hashes.get(c)!);
        else {
          const leaf = hashString(c.kind === "text" ? 1 : 2, c.value);
          this.hashes.set(c, leaf);
          h = combine(h, leaf);
        }
      }
      this.hashes.set(el, h);
    }
  }

  get(node: WNode): number {
    return this.hashes.get(node) ?? 0;
  }
}

function isBlankText(node: WNode): boolean {
  return node.kind === "text" && node.value.trim() === "";
}

function sameShallow(a: WNode, b: WNode): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === "element" && b.kind === "element") return shallowKey(a) === shallowKey(b);
  return false;
}

export function diffDom(originalBody: WElement, editedBody: WElement): DiffResult {
  const oh = new SubtreeHashes(originalBody);
  const eh = new SubtreeHashes(editedBody);
  const result: DiffResult = { original: new Map(), change: new Map() };
  const equal = (o: WNode, e: WNode): boolean => o.kind === e.kind && oh.get(o) === eh.get(e);

  const stack: Array<[WElement, WElement]> = [[originalBody, editedBody]];
  result.original.set(editedBody, originalBody);
  result.change.set(editedBody, equal(originalBody, editedBody) ? "unchanged" : "children-changed");
  while (stack.length > 0) {
    const [orig, edit] = stack.pop()!;
    const os = orig.children;
    const es = edit.children;
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
  return result;
}
