// Section wrapping: each heading starts a <section data-mw-section-id="N"> that runs to the next
// heading of the same or a higher level (deeper headings nest inside); content before the first
// heading is section 0.
import { WElement, type WNode } from "../node.js";

const HEADING = /^h([1-6])$/;
/** Level given to the lead section: any heading ends it. */
const LEAD_LEVEL = 7;

export function wrapSections(body: WElement): void {
  const children = [...body.children];
  body.children = [];
  let counter = 0;
  const lead = new WElement("section", [{ name: "data-mw-section-id", value: "0" }]);
  body.appendChild(lead);
  const stack: Array<[number, WElement]> = [[LEAD_LEVEL, lead]];
  for (const child of children) {
    const level = headingLevel(child);
    if (level > 0) {
      while (stack.length > 0 && stack[stack.length - 1]![0] >= level) stack.pop();
      const editable = !(child as WElement).aux?.noSection;
      if (editable) counter++;
      const section = new WElement("section", [{ name: "data-mw-section-id", value: editable ? String(counter) : "-1" }]);
      const parent = stack.length > 0 ? stack[stack.length - 1]![1] : body;
      parent.appendChild(section);
      stack.push([level, section]);
    }
    stack[stack.length - 1]![1].appendChild(child);
  }
}

/** Level of a wikitext heading (HTML <hN> tags do not start sections). */
export function headingLevel(node: WNode): number {
  if (node.kind !== "element" || node.dp?.stx === "html") return 0;
  const m = HEADING.exec(node.name);
  return m ? Number(m[1]) : 0;
}
