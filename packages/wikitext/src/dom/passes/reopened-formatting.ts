// HTML5 tree construction reopens unclosed formatting elements (<b>, <s>, <small>...) before any
// later text, even a newline between list items or paragraphs. Wikitext readers (and Parsoid)
// do not expect those copies where they wrap only whitespace: they are removed, their
// whitespace kept.
import { unwrap, type WElement } from "../node.js";
import { reopenedFormatting } from "../../tree/adapter.js";
import { isTransientPlaceholder } from "../../tree/stripped-tags.js";

/** Whitespace only (a stripped tag's placeholder, which leaves the output, counts as none). */
function onlyWhitespace(el: WElement): boolean {
  return el.children.every((c) => (c.kind === "text" && /^[ \t\n\r\f]*$/.test(c.value)) || isTransientPlaceholder(c));
}

/**
 * Unwraps `el` when it is such a copy holding only whitespace; returns whether it did. Run after
 * the element's descendants (tree-cleanup.ts), so nested empty copies disappear together.
 */
export function unwrapEmptyReopenedFormatting(el: WElement): boolean {
  if (!reopenedFormatting.has(el) || !onlyWhitespace(el)) return false;
  unwrap(el);
  return true;
}
