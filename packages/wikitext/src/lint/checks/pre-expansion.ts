// pre-expansion: a template emits <pre> whose content is a transclusion. The legacy parser
// expanded it when the template was used; <pre> content is not expanded in Parsoid (and on pages
// that use <pre> directly it never was), so the output changes.
import type { WElement } from "../../dom/node.js";
import type { LintContext } from "../context.js";

/** `{{name...}}` whose name could be a title (no markup in it). */
const TRANSCLUSION = /\{\{\s*[^{}<>\[\]|\n]+?\s*(?:\||\}\})/;

export function checkPreExpansion(ctx: LintContext, el: WElement): void {
  if (el.name !== "pre" || el.getAttribute("typeof") !== "mw:Extension/pre") return;
  const dsr = el.dp?.dsr;
  if (!dsr || ctx.expansions === null || ctx.expansions.expansionAt(dsr[0]) === null) return;
  if (TRANSCLUSION.test(el.textContent())) ctx.add("pre-expansion", dsr);
}
