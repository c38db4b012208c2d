// <br>: an HTML <br> in the source comes back as written; a <br> the paragraph logic made from
// an empty line (zero width in the source) is just that empty line.
import { htmlTagHandler } from "./html-tag.js";
import type { NodeHandler } from "./types.js";

export const lineBreakHandler: NodeHandler = {
  serialize(el, s) {
    const dsr = el.dp?.dsr;
    if (dsr && dsr[0] === dsr[1] && el.dp?.stx !== "html") return;
    // A paragraph holding only a <br> is how an extra empty line renders.
    const parent = el.parent;
    if (parent?.name === "p" && el.dp?.stx !== "html" && el.attrs.length === 0 && parent.children.every((c) => c === el || (c.kind === "text" && c.value.trim() === ""))) return;
    const src = el.dp?.src;
    if (typeof src === "string" && /^<br\b/i.test(src)) return s.emit(src);
    htmlTagHandler.serialize(el, s);
  },
};
