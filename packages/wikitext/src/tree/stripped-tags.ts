// The placeholders of tags tree building ignored (stray end tags outside list items, ignored
// start tags) that the output drops again (see insertStrippedTag in builder.ts): tree building
// marks them by sharing one aux object, so telling one apart costs an identity check and no
// field on every element.
import type { WNode } from "../dom/node.js";
import type { TagAux } from "../tokenizer/tokens.js";

/** The aux of every transient placeholder (frozen: it is shared, nothing may write to it). */
export const TRANSIENT_PLACEHOLDER: TagAux = Object.freeze({});

/** Whether the node is a stripped tag's placeholder that is dropped after encapsulation. */
export function isTransientPlaceholder(node: WNode): boolean {
  return node.kind === "element" && node.aux === TRANSIENT_PLACEHOLDER;
}
