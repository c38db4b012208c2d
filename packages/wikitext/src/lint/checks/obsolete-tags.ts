// obsolete-tag (HTML4 presentational tags; <big> is exempt since every editor offers it) and
// tidy-font-bug: Tidy moved <font color> into a lone link it wrapped, so the link took the colour;
// HTML5 does not.
//
// The tokenizer flags obsolete names in its tag records. The lint covers the element, so its
// extent is needed: when the tag's own end tag closes it over plain text (nothing in between that
// tree building could close it at, split or move), the records give that extent and the lint is
// decided here; otherwise the tree check below reports the element as built.
import type { WElement } from "../../dom/node.js";
import type { LintContext } from "../context.js";
import { isRenderingTransparent } from "../dom-utils.js";
import { TagMarkup } from "../tag-markup.js";
import type { LintItem } from "../types.js";

const OBSOLETE_TAGS = new Set(["strike", "center", "font", "tt"]);

/**
 * Text that can sit inside an element without ending it early: no tags, quotes (their elements
 * misnest with it), links, brackets, braces, table or heading syntax, or line breaks.
 */
const PLAIN_CONTENT = /^[^<>'[\]{}|!=\n_]*$/;

export interface ObsoleteTagResult {
  items: LintItem[];
  /** Start offsets of the tags decided here. */
  decided: Set<number>;
}

/** `keep` says which source positions the records may decide (not those inside transclusions). */
export function obsoleteTagLints(ctx: LintContext, keep: (pos: number) => boolean = () => true): ObsoleteTagResult {
  const items: LintItem[] = [];
  const decided = new Set<number>();
  const opens = ctx.lexical.obsoleteStartTags;
  if (opens.length === 0) return { items, decided };
  const { endTags } = ctx.lexical;
  const src = ctx.source;
  const markup = new TagMarkup(ctx);
  let e = 0;
  for (const open of opens) {
    if (!OBSOLETE_TAGS.has(open.name) || src[open.end - 2] === "/") continue;
    // The first end tag after it: plain content has no other tag in between.
    while (e < endTags.length && endTags[e]!.start < open.end) e++;
    const close = endTags[e];
    if (!close || close.name !== open.name || !PLAIN_CONTENT.test(src.slice(open.end, close.start))) continue;
    if (!keep(open.start) || !markup.isMarkup(open)) continue;
    decided.add(open.start);
    items.push({ type: "obsolete-tag", dsr: [open.start, close.end, open.end - open.start, close.end - close.start], params: { name: open.name } });
  }
  return { items, decided };
}

/** The tree check: obsolete elements the records could not decide, and tidy-font-bug. */
export function checkObsoleteTags(ctx: LintContext, el: WElement, decided: ReadonlySet<number>): void {
  const dp = el.dp;
  // Elements that exist only because tree building made them (both tags implied) are not in the
  // source.
  const inSource = !(dp?.autoInsertedStart && dp.autoInsertedEnd);
  if (inSource && OBSOLETE_TAGS.has(el.name) && dp?.stx === "html" && !(dp.dsr && decided.has(dp.dsr[0]) && !dp.autoInsertedStart)) {
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
