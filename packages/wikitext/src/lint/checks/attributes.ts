// Attribute lints: night-mode-unaware-background-color (a background set inline without a text
// colour is unreadable in dark mode) and duplicate-ids.
import type { WElement } from "../../dom/node.js";
import type { LintContext } from "../context.js";

/** Property names declared in an inline style (lower-case). */
function declaredProperties(style: string): Set<string> {
  const names = new Set<string>();
  for (const decl of style.replace(/\/\*[\s\S]*?\*\//g, "").split(";")) {
    const colon = decl.indexOf(":");
    if (colon > 0) names.add(decl.slice(0, colon).trim().toLowerCase());
  }
  return names;
}

/** `style`: the element's style attribute. */
export function checkNightModeBackground(ctx: LintContext, el: WElement, style: string): void {
  if (!style || !/background/i.test(style)) return;
  const props = declaredProperties(style);
  if (!props.has("background") && !props.has("background-color")) return;
  if (props.has("color")) return;
  ctx.add("night-mode-unaware-background-color", el.dp?.dsr);
}

export class DuplicateIdCheck {
  private readonly seen = new Set<string>();

  constructor(private readonly ctx: LintContext) {}

  /** `id`: the element's id attribute. */
  check(el: WElement, id: string): void {
    if (id === "") return;
    // Heading ids are made by the parser (and de-duplicated), not written by the editor.
    if (/^h[1-6]$/.test(el.name) && el.dp?.stx !== "html") return;
    if (this.seen.has(id)) this.ctx.add("duplicate-ids", el.dp?.dsr, { id });
    else this.seen.add(id);
  }
}
