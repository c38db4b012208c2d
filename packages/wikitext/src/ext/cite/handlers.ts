// Cite's tags. `<ref>` leaves a superscript marker holding its parsed body; `<references>`
// leaves the list wrapper holding its body (list-defined refs). Numbering, anchors and moving
// the bodies into their lists need the whole page in document order, so they happen in one
// pass after the tree is built (citations.ts).
import { attr } from "../../tokenizer/tokens.js";
import { startTag, endTag } from "../../tokenizer/tokens.js";
import type { ExtensionHandler } from "../types.js";
import { wrapperTokens } from "../output.js";
import { markCitations } from "./citations.js";

export const ref: ExtensionHandler = {
  names: ["ref"],
  render(call, ctx) {
    markCitations(ctx.env);
    const fragment = call.body ? ctx.fragment(call.body, "inline", call.bodyStart) : undefined;
    return wrapperTokens(call, "sup", [], {
      attrs: [attr("class", "mw-ref reference"), attr("rel", "dc:references")],
      ...(fragment ? { fragment } : {}),
    });
  },
};

export const references: ExtensionHandler = {
  names: ["references"],
  render(call, ctx) {
    markCitations(ctx.env);
    const fragment = call.body?.trim() ? ctx.fragment(call.body, "inline", call.bodyStart) : undefined;
    // The list is filled by the citations pass; the body's refs only define entries.
    const holder = startTag("span", [attr("class", "mw-references-defs")]);
    if (fragment) holder.aux = { fragment };
    return wrapperTokens(call, "div", [holder, endTag("span"), startTag("ol", [attr("class", "mw-references references")]), endTag("ol")], {
      attrs: [attr("class", "mw-references-wrap")],
    });
  },
};
