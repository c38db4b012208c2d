// Plain text of parsed nodes (what a tooltip or alt text shows of a wikitext caption).
import type { WNode } from "../dom/node.js";

export function plainText(nodes: readonly WNode[]): string {
  let out = "";
  const stack: WNode[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i]!);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === "text") out += n.value;
    else if (n.kind === "element") for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}
