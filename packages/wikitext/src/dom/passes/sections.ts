// Section wrapping: each heading starts a <section data-mw-section-id="N"> that runs to the next
// heading of the same or a higher level; content before the first heading is section 0.
import { WElement, type WNode } from "../node.js";

const HEADING = /^h([1-6])$/;

export function wrapSections(body: WElement, _sourceLength: number): void {
  const children = [...body.children];
  body.children = [];
  let counter = 0;
  const root = new WElement("section", [{ name: "data-mw-section-id", value: "0" }]);
  body.appendChild(root);
  // Stack of [level, section]; level 0 is the lead section.
  const stack: Array<[number, WElement]> = [[0, root]];
  for (const child of children) {
    const level = headingLevel(child);
    if (level > 0) {
      while (stack.length > 1 && stack[stack.length - 1]![0] >= level) stack.pop();
      counter++;
      const section = new WElement("section", [{ name: "data-mw-section-id", value: String(counter) }]);
      const parent = stack[stack.length - 1]![1];
      parent.appendChild(section);
      stack.push([level, section]);
    }
    stack[stack.length - 1]![1].appendChild(child);
  }
}

function headingLevel(node: WNode): number {
  if (node.kind !== "element") return 0;
  const m = HEADING.exec(node.name);
  return m ? Number(m[1]) : 0;
}
