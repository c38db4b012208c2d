// Node ids for page bundles: every element gets an id (mwAA, mwAQ, ...) unless it has one, and
// its parse data moves into a map keyed by that id.
import { walkElements, type WElement } from "../node.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** "mw" + unpadded base64 of the counter's big-endian bytes, as Parsoid writes ids (mwAA, mwAQ...). */
export function nodeId(counter: number): string {
  const bytes: number[] = [];
  let n = counter;
  do {
    bytes.unshift(n & 255);
    n = Math.floor(n / 256);
  } while (n > 0);
  let out = "mw";
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    out += ALPHABET[b0 >> 2]! + ALPHABET[((b0 & 3) << 4) | ((b1 ?? 0) >> 4)]!;
    if (b1 !== undefined) out += ALPHABET[((b1 & 15) << 2) | ((b2 ?? 0) >> 6)]!;
    if (b2 !== undefined) out += ALPHABET[b2 & 63]!;
  }
  return out;
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
    if (el.dp && Object.values(el.dp).some((v) => v !== undefined)) ids[id] = el.dp;
    el.dp = null;
  });
  return { counter, ids };
}
