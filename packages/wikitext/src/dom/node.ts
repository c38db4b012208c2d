// A tiny isomorphic DOM: just what tree construction, the DOM passes and the serializer need.
// No browser or Node API, so the engine runs the same in a server, a test and a web worker.
import type { DataParser } from "./data-parser.js";
import { REMEX_BLOCK_TAGS } from "../util/html-tags.js";

export interface Attr {
  name: string;
  value: string;
}

export type WNode = WElement | WText | WComment;

export class WText {
  readonly kind = "text" as const;
  parent: WElement | null = null;
  /** Where indexInParent last found the node among its siblings (a hint, checked before use). */
  siblingIndex = -1;
  constructor(public value: string) {}
}

export class WComment {
  readonly kind = "comment" as const;
  parent: WElement | null = null;
  /** Where indexInParent last found the node among its siblings (a hint, checked before use). */
  siblingIndex = -1;
  constructor(public value: string) {}
}

export class WElement {
  readonly kind = "element" as const;
  parent: WElement | null = null;
  /** Where indexInParent last found the node among its siblings (a hint, checked before use). */
  siblingIndex = -1;
  children: WNode[] = [];
  /** Per-node parse data (source ranges and the details html2wt needs). */
  dp: DataParser | null = null;
  /** data-mw object, serialized as JSON at output. */
  mw: Record<string, unknown> | null = null;
  /** Facts for DOM passes that are not output (e.g. a link's target title). */
  aux: import("../tokenizer/tokens.js").TagAux | null = null;
  /** Scratch: source range of the subtree while dsr is computed (-1 when unknown). */
  rangeStart = -1;
  rangeEnd = -1;
  /** Set by tree building when the element is closed: source end and end-tag width (-1: unknown). */
  closeEnd = -1;
  closeWidth = 0;
  constructor(
    public name: string,
    public attrs: Attr[] = [],
    public namespace = "http://www.w3.org/1999/xhtml",
  ) {}

  // Indexed loops over the attributes: these run for most elements in several passes, and a
  // for-of allocated an iterator wherever V8 did not inline it.
  getAttribute(name: string): string | null {
    const attrs = this.attrs;
    for (let i = 0; i < attrs.length; i++) {
      const a = attrs[i]!;
      if (a.name === name) return a.value;
    }
    return null;
  }

  hasAttribute(name: string): boolean {
    return this.getAttribute(name) !== null;
  }

  setAttribute(name: string, value: string): void {
    const attrs = this.attrs;
    for (let i = 0; i < attrs.length; i++) {
      const a = attrs[i]!;
      if (a.name === name) {
        a.value = value;
        return;
      }
    }
    attrs.push({ name, value });
  }

  removeAttribute(name: string): void {
    const attrs = this.attrs;
    for (let i = 0; i < attrs.length; i++) {
      if (attrs[i]!.name === name) {
        attrs.splice(i, 1);
        return;
      }
    }
  }

  appendChild(node: WNode): void {
    detach(node);
    node.parent = this;
    this.children.push(node);
  }

  insertBefore(node: WNode, ref: WNode | null): void {
    if (ref === null) return this.appendChild(node);
    detach(node);
    const i = this.children.indexOf(ref);
    node.parent = this;
    if (i < 0) this.children.push(node);
    else this.children.splice(i, 0, node);
  }

  /** Text content of the subtree (iterative: a subtree may be nested deeper than the stack allows). */
  textContent(): string {
    let out = "";
    const stack: WNode[] = [this];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.kind === "text") out += node.value;
      else if (node.kind === "element") for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
    return out;
  }
}

export function detach(node: WNode): void {
  const parent = node.parent;
  if (!parent) return;
  const kids = parent.children;
  // Tree construction detaches children from the end (moving a whole child list): no scan then.
  const last = kids.length - 1;
  if (last >= 0 && kids[last] === node) kids.pop();
  else {
    const i = kids.indexOf(node);
    if (i >= 0) kids.splice(i, 1);
  }
  node.parent = null;
}

/**
 * The node's position among its parent's children (-1 without a parent). Each node keeps where
 * it was last found; when that no longer holds, the whole list is numbered again (one pass), so
 * that code asking each of thousands of siblings for its neighbours (the cells of a wide row,
 * the blocks of a page) stays linear where a search per node was quadratic.
 */
export function indexInParent(node: WNode): number {
  const siblings = node.parent?.children;
  if (!siblings) return -1;
  const hint = node.siblingIndex;
  if (hint >= 0 && hint < siblings.length && siblings[hint] === node) return hint;
  for (let i = 0; i < siblings.length; i++) siblings[i]!.siblingIndex = i;
  const index = node.siblingIndex;
  return index < siblings.length && siblings[index] === node ? index : -1;
}

/** Replaces `node` by its children. */
export function unwrap(node: WElement): void {
  const parent = node.parent;
  if (!parent) return;
  const i = parent.children.indexOf(node);
  for (const c of node.children) c.parent = parent;
  parent.children.splice(i, 1, ...node.children);
  node.children = [];
  node.parent = null;
}

/** Depth-first walk over elements (pre-order); the callback may not detach the current node. */
export function walkElements(root: WElement, visit: (el: WElement) => void): void {
  const stack: WElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    visit(el);
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i]!;
      if (c.kind === "element") stack.push(c);
    }
  }
}

/**
 * Whether the node is or holds an element the HTML5 tree builder (Remex) treats as a block. With
 * its own stack: inline content may nest deeply.
 */
export function holdsRemexBlock(node: WNode): boolean {
  const stack: WNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind !== "element") continue;
    if (REMEX_BLOCK_TAGS.has(n.name)) return true;
    for (const c of n.children) stack.push(c);
  }
  return false;
}
