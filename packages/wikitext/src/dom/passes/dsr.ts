// Source ranges: every element gets dsr = [start, end, openWidth, closeWidth] from the token
// source ranges recorded during tree building (start tag) and when it was closed (end tag, or
// the position of the token that implicitly closed it). Elements without a tag of their own
// (inserted by tree construction) span their children.
import type { WElement } from "../node.js";
import type { Dsr } from "../data-parser.js";

export function computeDsr(root: WElement): void {
  visit(root);
}

/** Returns the [start, end] of the subtree, or null when unknown. */
function visit(el: WElement): [number, number] | null {
  let first: number | null = null;
  let last: number | null = null;
  for (const child of el.children) {
    if (child.kind !== "element") continue;
    const range = visit(child);
    if (!range) continue;
    if (first === null) first = range[0];
    last = range[1];
  }
  const dp = el.dp;
  if (!dp) return first !== null && last !== null ? [first, last] : null;
  const tsr = dp.tsr;
  const tmpEnd = typeof dp["tmpEnd"] === "number" ? (dp["tmpEnd"] as number) : null;
  const closeWidth = typeof dp["tmpCloseWidth"] === "number" ? (dp["tmpCloseWidth"] as number) : 0;
  delete dp["tmpEnd"];
  delete dp["tmpCloseWidth"];
  let dsr: Dsr | null = null;
  if (tsr) {
    const end = Math.max(tmpEnd ?? tsr[1], tsr[1], last ?? 0);
    dsr = [tsr[0], end, tsr[1] - tsr[0], closeWidth];
  } else if (first !== null && last !== null) {
    dsr = [first, Math.max(last, tmpEnd ?? last), 0, 0];
  }
  delete dp.tsr;
  if (dsr) {
    dp.dsr = dsr;
    return [dsr[0], dsr[1]];
  }
  return null;
}
