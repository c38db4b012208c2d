// Source ranges: every element gets dsr = [start, end, openWidth, closeWidth] from the token
// source ranges recorded during tree building (start tag) and when it was closed (end tag, or
// the position of the token that implicitly closed it). Elements without a tag of their own
// (inserted by tree construction) span their children. Iterative post-order walk, so deep
// nesting (10k list levels) cannot overflow the stack.
import type { WElement } from "../node.js";
import type { Dsr } from "../data-parser.js";

export function computeDsr(root: WElement): void {
  const ranges = new Map<WElement, [number, number] | null>();
  const stack: Array<[WElement, boolean]> = [[root, false]];
  while (stack.length > 0) {
    const [el, childrenDone] = stack.pop()!;
    if (!childrenDone) {
      stack.push([el, true]);
      for (const c of el.children) if (c.kind === "element") stack.push([c, false]);
      continue;
    }
    let first: number | null = null;
    let last: number | null = null;
    for (const child of el.children) {
      if (child.kind !== "element") continue;
      const range = ranges.get(child);
      ranges.delete(child);
      if (!range) continue;
      if (first === null) first = range[0];
      last = range[1];
    }
    ranges.set(el, finish(el, first, last));
  }
}

function finish(el: WElement, first: number | null, last: number | null): [number, number] | null {
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
  if (!dsr) return null;
  dp.dsr = dsr;
  return [dsr[0], dsr[1]];
}
