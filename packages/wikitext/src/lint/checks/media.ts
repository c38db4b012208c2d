// bogus-image-options: media options that the parser ignores (unrecognised ones before the
// caption, sizes given twice, and in galleries the options a gallery image cannot take).
import type { WElement } from "../../dom/node.js";
import type { LintContext } from "../context.js";
import { bogusMediaOptions, splitTopLevelPipes } from "../media-options.js";

/** Options a gallery line accepts besides its caption. */
const GALLERY_OPTIONS = new Set(["img_alt", "img_link", "img_page", "img_lang", "img_class"]);

export function checkMediaOptions(ctx: LintContext, el: WElement): void {
  if (el.dp?.stx !== "media") return;
  const dsr = el.dp.dsr;
  if (!dsr) return;
  const src = ctx.source.slice(dsr[0], dsr[1]);
  if (!src.startsWith("[[") || !src.endsWith("]]")) return;
  const options = splitTopLevelPipes(src.slice(2, -2)).slice(1);
  const items = bogusMediaOptions(ctx.site, options);
  if (items.length === 0) return;
  // A missing file renders as an error span: its range has no tag widths (as Parsoid reports it).
  const broken = /(?:^|\s)mw:Error(?:\s|$)/.test(el.getAttribute("typeof") ?? "");
  ctx.add("bogus-image-options", [dsr[0], dsr[1], broken ? null : 2, broken ? null : 2], { items });
}

/** Galleries from the lexical scan: one lint per gallery with all its bogus options. */
export function checkGalleryOptions(ctx: LintContext): void {
  if (!ctx.site.isExtensionTag("gallery")) return;
  const { startTags, endTags } = ctx.lexical;
  for (const open of startTags) {
    if (open.name !== "gallery" || ctx.source[open.end - 2] === "/") continue;
    const close = endTags.find((t) => t.name === "gallery" && t.start >= open.end);
    if (!close) continue;
    const items: string[] = [];
    for (const line of ctx.source.slice(open.end, close.start).split("\n")) {
      const parts = splitTopLevelPipes(line);
      if (parts.length < 2 || parts[0]!.trim() === "") continue;
      items.push(...bogusMediaOptions(ctx.site, parts.slice(1), GALLERY_OPTIONS));
    }
    if (items.length > 0) {
      ctx.add("bogus-image-options", [open.start, close.end, open.end - open.start, close.end - close.start], { items });
    }
  }
}
