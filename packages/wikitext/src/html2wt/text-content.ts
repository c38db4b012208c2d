// Text content of a subtree, walked with an explicit stack: the DOM's own textContent() recurses,
// and HTML input can nest deeper than the call stack allows.
import type { WElement, WNode } from "../dom/node.js";

export function textOf(el: WElement): string {
  let out = "";
  const stack: WNode[] = [];
  for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === "text") out += n.value;
    else if (n.kind === "element") for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}
