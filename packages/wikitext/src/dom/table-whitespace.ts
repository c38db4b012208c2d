// Whitespace between table rows and cells: the only text HTML allows directly in table, tbody,
// thead, tfoot and tr (anything else, a <span> included, is fostered out of the table). It is
// layout, so a transclusion group covering several cells or rows leaves it unwrapped, and
// html2wt counts it as part of the group it sits in (Parsoid's "about siblings" do the same).
import type { WNode } from "./node.js";

/** The elements whose children HTML fosters out of the table, whitespace text aside. */
export const TABLE_STRUCTURE: ReadonlySet<string> = new Set(["table", "tbody", "thead", "tfoot", "tr"]);

export function isTableWhitespace(node: WNode): boolean {
  return node.kind === "text" && node.parent !== null && TABLE_STRUCTURE.has(node.parent.name) && /^[ \t\n\r\f]*$/.test(node.value);
}
