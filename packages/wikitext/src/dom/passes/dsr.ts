// Source ranges: every element gets dsr = [start, end, openWidth, closeWidth] from the token
// source ranges recorded during tree building (start tag) and when it was closed (end tag, or
// the position of the token that implicitly closed it). Elements without a tag of their own
// (inserted by tree construction) span their children. Iterative post-order walk (deep nesting
// such as 10k list levels cannot overflow the stack); ranges travel up in two scratch fields.
import type { WElement } from "../node.js";
import type { Dsr } from "../data-parser.js";

export function computeDsr(root: WElement): void {
  const stack: WElement[] = [root];
  const done: boolean[] = [false];
  while (stack.length > 0) {
    const top = stack.length - 1;
    const el = stack[top]!;
    if (!done[top]) {
      done[top] = true;
      const kids = el.children;
      for (let i = kids.length - 1; i >= 0; i--) {
        const c = kids[i]!;
        if (c.kind === "element") {
          stack.push(c);
          done.push(false);
        }
      }
      continue;
    }
    stack.pop();
    done.pop();
    let first = -1;
    let last = -1;
    for (const child of el.children) {
      if (child.kind !== "element" || child.rangeStart < 0) continue;
      if (first < 0) first = child.rangeStart;
      last = child.rangeEnd;
    }
    finish(el, first, last);
  }
}

function finish(el: WElement, first: number, last: number): void {
  const dp = el.dp;
  if (!dp) {
    el.rangeStart = first;
    el.rangeEnd = last;
    return;
  }
  const tsr = dp.tsr;
  const closeEnd = el.closeEnd;
  let dsr: Dsr | null = null;
  if (tsr) {
    const end = Math.max(closeEnd >= 0 ? closeEnd : tsr[1], tsr[1], last);
    dsr = [tsr[0], end, tsr[1] - tsr[0], el.closeWidth];
    // Cleared rather than deleted: deleting would turn the object into a slow dictionary.
    dp.tsr = undefined;
  } else if (first >= 0) {
    dsr = [first, Math.max(last, closeEnd >= 0 ? closeEnd : last), 0, 0];
  }
  if (dsr) {
    dp.dsr = dsr;
    el.rangeStart = dsr[0];
    el.rangeEnd = dsr[1];
  } else {
    el.rangeStart = -1;
    el.rangeEnd = -1;
  }
}
