// empty-heading: a wikitext heading with no visible content (it still makes a section).
import type { WElement } from "../../dom/node.js";
import type { LintContext } from "../context.js";
import { isRenderingTransparent } from "../dom-utils.js";

export function checkEmptyHeading(ctx: LintContext, el: WElement): void {
  if (!/^h[1-6]$/.test(el.name) || el.dp?.stx === "html") return;
  const empty = el.children.every((c) => (c.kind === "text" ? c.value.trim() === "" : isRenderingTransparent(c)));
  if (empty) ctx.add("empty-heading", el.dp?.dsr);
}
