// The tree half of the linter: one pre-order walk over the DOM that runs every element check, then
// the checks that work on the lexical facts alone, then Parsoid's post-processing step.
import type { WElement } from "../dom/node.js";
import type { LintContext } from "./context.js";
import { ClosedElements, StrippedEndTags } from "./end-tags.js";
import { groupAt, transclusionGroups } from "./transclusions.js";
import { forgetPositions } from "./dom-utils.js";
import { TagMarkup } from "./tag-markup.js";
import type { LintItem } from "./types.js";
import { TreeBuilderChecks } from "./checks/tree-builder.js";
import { checkDeletableTable, checkFostered, checkLargeTable, checkMultilineHtmlTableInList } from "./checks/tables.js";
import { TidyWhitespaceCheck, checkDivSpanFlip, checkPWrapBug, isNoWrap } from "./checks/tidy.js";
import { checkExtlinkContainsTemplate, checkMultiColonEscapes, checkWikilinkInExtlink, isExtLink } from "./checks/links.js";
import { checkPreExpansion } from "./checks/pre-expansion.js";
import { checkGalleryOptions, checkMediaOptions } from "./checks/media.js";
import { DuplicateIdCheck, checkNightModeBackground } from "./checks/attributes.js";
import { checkEmptyHeading } from "./checks/headings.js";
import { checkTemplateArgsInExtensionTags } from "./checks/extension-args.js";
import { selfClosedTagLints } from "./checks/self-closed.js";
import { headingQuoteLints } from "./checks/heading-quotes.js";
import { checkObsoleteTags, obsoleteTagLints } from "./checks/obsolete-tags.js";
import { isHeadingTagName } from "../util/html-tags.js";

export function lintDom(body: WElement, ctx: LintContext): void {
  try {
    walkAndCheck(body, ctx);
  } finally {
    forgetPositions();
  }
}

function walkAndCheck(body: WElement, ctx: LintContext): void {
  // In a DOM with encapsulated transclusions, source ranges inside a transclusion cover its whole
  // call: end tags written in template arguments cannot be matched to elements there.
  // lint() builds the DOM without encapsulating the page's transclusions; the ones extension bodies
  // encapsulated are handed over in ctx.transclusionGroups.
  const groups = ctx.domTransclusions ? transclusionGroups(body) : ctx.transclusionGroups;
  ctx.transclusionGroups = groups;
  const inTransclusion = (pos: number) => groupAt(groups, pos) !== null;
  // End tags in raw extension bodies (code in <syntaxhighlight>) are text, never dropped tags.
  const markup = new TagMarkup(ctx);
  const endTags = ctx.lexical.endTags.filter((t) => !(groups.length > 0 && inTransclusion(t.start)) && !markup.inOpaqueBody(t));
  const tableEnds = groups.length === 0 ? ctx.lexical.tableEnds : ctx.lexical.tableEnds.filter((t) => !inTransclusion(t.start));
  // Records inside a transclusion's source range (its arguments) are not what the DOM shows there.
  const outsideGroups = (pos: number) => groups.length === 0 || !inTransclusion(pos);
  const headingQuotes = headingQuoteLints(ctx, outsideGroups);
  const whitespace = new TidyWhitespaceCheck(ctx);
  const ids = new DuplicateIdCheck(ctx);
  // Obsolete tags are named in the tokenizer's records; most are decided from them, the tree
  // check takes the rest (and tidy-font-bug).
  const obsolete = ctx.lexical.hasObsoleteTags;
  const obsoleteTags = obsoleteTagLints(ctx, outsideGroups);

  // One iterative pre-order walk (deep nesting cannot overflow the stack) runs the element checks
  // while each element is at hand, each check only on the elements it is about, and notes where
  // elements were closed by end tags of their own. The tree builder's check needs those notes
  // for the whole document, so it runs after the walk on the elements it is about; its lints then
  // take their place before the other checks' lints of the same element, as if run first.
  const closed = new ClosedElements(endTags, tableEnds);
  const forTreeBuilder: WElement[] = [];
  /** Pre-order number of each element in `forTreeBuilder`, and of the element each item was found at. */
  const treeBuilderOrder: number[] = [];
  const itemOrder: number[] = [];
  const firstItem = ctx.items.length;
  // The walk's cursor: the element whose children are being visited, the index of the next one,
  // and the same for each open ancestor (each child is read once, where it stands, with its index).
  const parents: WElement[] = [];
  const nexts: number[] = [];
  let parent = body;
  let next = 0;
  for (let order = 0; ; ) {
    const kids = parent.children;
    if (next >= kids.length) {
      if (parents.length === 0) break;
      parent = parents.pop()!;
      next = nexts.pop()!;
      continue;
    }
    const index = next++;
    const el = kids[index]!;
    if (el.kind !== "element") continue;
    closed.visit(el);
    // The syntax is read once per element: parse data come in dozens of shapes, so each read
    // of one of their fields is a slow (megamorphic) load.
    const dp = el.dp;
    const stx = dp === null ? undefined : dp.stx;
    if (concernsTreeBuilder(el.name, stx)) {
      forTreeBuilder.push(el);
      treeBuilderOrder.push(order);
    }
    checkElement(ctx, el, stx, index, whitespace, ids, obsolete ? obsoleteTags.decided : null);
    while (firstItem + itemOrder.length < ctx.items.length) itemOrder.push(order);
    order++;
    if (el.children.length > 0) {
      parents.push(parent);
      nexts.push(next);
      parent = el;
      next = 0;
    }
  }
  const stripped = new StrippedEndTags(closed, endTags, tableEnds, ctx.site);
  const treeBuilder = new TreeBuilderChecks(ctx, stripped, headingQuotes.decided);
  const elementItems = ctx.items.splice(firstItem);
  const treeItemOrder: number[] = [];
  for (let k = 0; k < forTreeBuilder.length; k++) {
    treeBuilder.check(forTreeBuilder[k]!);
    while (firstItem + treeItemOrder.length < ctx.items.length) treeItemOrder.push(treeBuilderOrder[k]!);
  }
  const treeItems = ctx.items.splice(firstItem);
  // Both lists are in element order: merged, an element's tree-builder lints come first.
  let t = 0;
  let e = 0;
  while (t < treeItems.length || e < elementItems.length) {
    if (e >= elementItems.length || (t < treeItems.length && treeItemOrder[t]! <= itemOrder[e]!)) ctx.items.push(treeItems[t++]!);
    else ctx.items.push(elementItems[e++]!);
  }

  mergeBySourcePosition(ctx, stripped.remaining().map(strippedItem), false);
  mergeBySourcePosition(ctx, selfClosedTagLints(ctx, outsideGroups), true);
  mergeBySourcePosition(ctx, headingQuotes.items, true);
  mergeBySourcePosition(ctx, obsoleteTags.items, true);
  placeFragmentLintsInline(ctx);
  checkGalleryOptions(ctx);
  checkMultiColonEscapes(ctx);
  checkTemplateArgsInExtensionTags(ctx);
  detectMultipleUnclosedFormattingTags(ctx);
}

/**
 * The elements the tree builder's check looks at (checks/tree-builder.ts): those written as HTML
 * tags, quotes, and wikitext tables.
 */
function concernsTreeBuilder(name: string, stx: string | undefined): boolean {
  return name === "b" || name === "i" || name === "table" || stx === "html";
}

/**
 * Every element check but the tree builder's, each only on the elements it is about: most
 * elements are links and text formatting that no other check reads. `index`: the element's
 * position among its parent's children; `stx`: its parse data's syntax; `obsoleteDecided`: null
 * when the page has no obsolete tag.
 */
function checkElement(
  ctx: LintContext,
  el: WElement,
  stx: string | undefined,
  index: number,
  whitespace: TidyWhitespaceCheck,
  ids: DuplicateIdCheck,
  obsoleteDecided: ReadonlySet<number> | null,
): void {
  const name = el.name;
  const table = name === "table";
  // The attributes some checks read (nowrap styles and classes, background styles, ids), in
  // one scan of the element's attributes.
  let style: string | null = null;
  let id: string | null = null;
  let nowrap = false;
  const attrs = el.attrs;
  if (attrs.length > 0) {
    let cls: string | null = null;
    for (let a = 0; a < attrs.length; a++) {
      const attr = attrs[a]!;
      const attrName = attr.name;
      // The first of a name counts, as getAttribute reads it.
      if (attrName === "style") style ??= attr.value;
      else if (attrName === "class") cls ??= attr.value;
      else if (attrName === "id") id ??= attr.value;
    }
    nowrap = isNoWrap(style, cls);
  }
  if (table) checkDeletableTable(ctx, el, index);
  if (nowrap) checkPWrapBug(ctx, el);
  if (obsoleteDecided) checkObsoleteTags(ctx, el, obsoleteDecided);
  if (stx === "media") checkMediaOptions(ctx, el);
  if (nowrap) whitespace.check(el);
  if (name === "span") checkDivSpanFlip(ctx, el);
  if (table) checkMultilineHtmlTableInList(ctx, el);
  // Both link checks are about external links; most links are wiki links, ruled out by their rel.
  if (name === "a" && isExtLink(el)) {
    checkWikilinkInExtlink(ctx, el, index);
    checkExtlinkContainsTemplate(ctx, el);
  }
  if (name === "pre") checkPreExpansion(ctx, el);
  if (table) {
    checkFostered(ctx, el);
    checkLargeTable(ctx, el);
  }
  if (style !== null) checkNightModeBackground(ctx, el, style);
  if (id !== null) ids.check(el, id);
  if (isHeadingTagName(name)) checkEmptyHeading(ctx, el);
}

/**
 * Lints found from the source alone (in source order) take their place among the tree's lints by
 * position; `first` puts one before a tree lint that starts at the same offset (it came first in
 * the walk: a tag's own lint before the lints of the element it opened).
 */
function mergeBySourcePosition(ctx: LintContext, found: readonly LintItem[], first: boolean): void {
  if (found.length === 0) return;
  const merged: LintItem[] = [];
  let t = 0;
  for (const item of ctx.items) {
    const at = item.dsr[0];
    while (t < found.length && (found[t]!.dsr[0] < at || (first && found[t]!.dsr[0] === at))) merged.push(found[t++]!);
    merged.push(item);
  }
  while (t < found.length) merged.push(found[t++]!);
  ctx.items.splice(0, ctx.items.length, ...merged);
}

/**
 * Cite moves a <ref>'s body into the reference list, so the walk meets the lints inside it there;
 * Parsoid reports them where the <ref> stands (Cite lints a ref's content in its place). Lints
 * inside bodies parsed in place are therefore put back by source position.
 */
function placeFragmentLintsInline(ctx: LintContext): void {
  const spans = ctx.verbatimFragments;
  if (spans.length === 0 || ctx.items.length === 0) return;
  const inside = (pos: number) => {
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid]!.end <= pos) lo = mid + 1;
      else hi = mid;
    }
    return lo < spans.length && spans[lo]!.start <= pos;
  };
  const moved: LintItem[] = [];
  const kept: LintItem[] = [];
  for (const item of ctx.items) (inside(item.dsr[0]) ? moved : kept).push(item);
  if (moved.length === 0) return;
  moved.sort((a, b) => a.dsr[0] - b.dsr[0]);
  ctx.items.splice(0, ctx.items.length, ...kept);
  mergeBySourcePosition(ctx, moved, false);
}

function strippedItem(tag: { name: string; start: number; end: number }): LintItem {
  return { type: "stripped-tag", dsr: [tag.start, tag.end, tag.end - tag.start, 0], params: { name: tag.name } };
}

/**
 * Unclosed <small> and <big> accumulate in HTML5 (Tidy suppressed repeats): a second unclosed one
 * outside tables is worth its own lint, reported at the first one.
 */
function detectMultipleUnclosedFormattingTags(ctx: LintContext): void {
  const first = new Map<string, LintItem>();
  for (const item of ctx.items) {
    if (item.type !== "missing-end-tag" || item.params?.["inTable"]) continue;
    const name = item.params?.["name"];
    if (name !== "small" && name !== "big") continue;
    const earlier = first.get(name);
    if (!earlier) {
      first.set(name, item);
      continue;
    }
    ctx.items.push({ type: "multiple-unclosed-formatting-tags", dsr: earlier.dsr, params: { ...earlier.params } });
    return;
  }
}
