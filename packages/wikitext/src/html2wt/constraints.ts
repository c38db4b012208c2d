// Newline constraints between neighbouring nodes (Parsoid's separator model): each handler says
// how many newlines it needs before and after itself, the serializer merges the two sides and
// fits the whitespace found in the DOM between them into that range.
import { indexInParent, type WNode } from "../dom/node.js";

export interface NewlineConstraint {
  min: number;
  max: number;
}

export const ANY: NewlineConstraint = { min: 0, max: Infinity };
export const SAME_LINE: NewlineConstraint = { min: 0, max: 0 };
export const OWN_LINE: NewlineConstraint = { min: 1, max: Infinity };
export const ONE_LINE_BREAK: NewlineConstraint = { min: 1, max: 1 };
export const BLANK_LINE: NewlineConstraint = { min: 2, max: Infinity };

export function merge(a: NewlineConstraint, b: NewlineConstraint): NewlineConstraint {
  const min = Math.max(a.min, b.min);
  // When the two sides disagree, the larger minimum wins: a block must start on its own line.
  return { min, max: Math.max(min, Math.min(a.max, b.max)) };
}

/** Whitespace-only text holding a newline: layout between nodes rather than content. */
export function isSeparatorText(node: WNode): boolean {
  return node.kind === "text" && node.value.includes("\n") && /^[ \t\n\r]*$/.test(node.value);
}

/** The nearest sibling before `node` that is content (skips separator text). */
export function previousContentSibling(node: WNode): WNode | null {
  const siblings = node.parent?.children;
  if (!siblings) return null;
  for (let i = indexInParent(node) - 1; i >= 0; i--) {
    const s = siblings[i]!;
    if (!isSeparatorText(s)) return s;
  }
  return null;
}

export function nextContentSibling(node: WNode): WNode | null {
  const siblings = node.parent?.children;
  if (!siblings) return null;
  for (let i = indexInParent(node) + 1; i < siblings.length; i++) {
    const s = siblings[i]!;
    if (!isSeparatorText(s)) return s;
  }
  return null;
}
