// HTML5 tree construction reopens unclosed formatting elements (<b>, <s>, <small>...) before any
// later text, even a newline between list items or paragraphs. Wikitext readers (and Parsoid)
// do not expect those copies where they wrap only whitespace: they are removed, their
// whitespace kept.
import { unwrap, type WElement } from "../node.js";
import { reopenedFormatting } from "../../tree/adapter.js";

function onlyWhitespace(el: WElement): boolean {
  return el.children.every((c) => c.kind === "text" && /^[ \t\n\r\f]*$/.test(c.value));
}

export function removeEmptyReopenedFormatting(root: WElement): void {
  const found: WElement[] = [];
  const stack: WElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    for (const c of el.children) {
      if (c.kind !== "element") continue;
      if (reopenedFormatting.has(c)) found.push(c);
      stack.push(c);
    }
  }
  // Innermost first, so nested empty copies disappear together.
  for (let i = found.length - 1; i >= 0; i--) {
    const el = found[i]!;
    if (onlyWhitespace(el)) unwrap(el);
  }
}
