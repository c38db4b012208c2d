// obsolete-tag (HTML4 presentational tags; <big> is exempt since every editor offers it) and
// tidy-font-bug: Tidy moved <font color> into a lone link it wrapped, so the link took the colour;
// HTML5 does not.
import type { WElement } from "../../dom/node.js";
import type { LintContext } from "../context.js";
import { isRenderingTransparent } from "../dom-utils.js";

const OBSOLETE_TAGS = new Set(["strike", "center", "font", "tt"]);

export function checkObsoleteTags(ctx: LintContext, el: WElement): void {
  const dp = el.dp;
  // Elements that exist only because tree building made them (both tags implied) are not in the
  // source.
  const inSource = !(dp?.autoInsertedStart && dp.autoInsertedEnd);
  if (inSource && OBSOLETE_TAGS.has(el.name) && dp?.stx === "html") {
    ctx.add("obsolete-tag", dp.dsr, { name: el.name });
  }
  if (el.name === "font" && dp?.stx === "html" && el.hasAttribute("color") && fontWrapsOneLink(el)) {
    ctx.add("tidy-font-bug", dp?.dsr, { name: "font" });
  }
}

function fontWrapsOneLink(font: WElement): boolean {
  if (font.children.length === 0) return false;
  let links = 0;
  for (const n of font.children) {
    const isLink = n.kind === "element" && (n.name === "a" || n.name === "figure");
    if (!isLink && !isRenderingTransparent(n)) return false;
    if (isLink && ++links > 1) return false;
  }
  return true;
}
