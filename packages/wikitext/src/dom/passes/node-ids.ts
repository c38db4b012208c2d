// Node ids for page bundles: every element gets an id (mwAA, mwAQ, ...) unless it has one, and
// its parse data moves into a map keyed by that id.
import { walkElements, type WElement } from "../node.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Base64url digits of a counter, at least two of them. */
export function nodeId(counter: number): string {
  let digits = "";
  let n = counter;
  do {
    digits = ALPHABET[n & 63] + digits;
    n = Math.floor(n / 64);
  } while (n > 0);
  return "mw" + (digits.length < 2 ? "A" + digits : digits);
}

export function assignNodeIds(root: WElement): { counter: number; ids: Record<string, unknown> } {
  const ids: Record<string, unknown> = {};
  let counter = -1;
  walkElements(root, (el) => {
    if (el === root) return;
    let id = el.getAttribute("id");
    if (id === null) {
      counter++;
      id = nodeId(counter);
      el.setAttribute("id", id);
    }
    if (el.dp && Object.keys(el.dp).length > 0) ids[id] = el.dp;
    el.dp = null;
  });
  return { counter, ids };
}
