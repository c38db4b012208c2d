// The span French spacing makes of a space (transforms/french-spacing.ts): its one no-break space
// stands for a space of the source.
import type { WNode } from "./node.js";

export function isDisplaySpace(node: WNode): boolean {
  return node.kind === "element" && node.name === "span" && node.getAttribute("typeof") === "mw:DisplaySpace";
}
