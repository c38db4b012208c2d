// Lists: <ul>/<ol>/<dl> and their items. Every item line starts with the bullets of all the list
// items around it ("*#:"); an item whose first child is a nested list writes no bullets of its
// own, the nested item writes the whole prefix. `;term:def` on one line is a dd with stx "row".
import { commentSourceWidth } from "../../util/comment-data.js";
import { indexInParent, type WElement, type WNode } from "../../dom/node.js";
import { ANY, BLANK_LINE, OWN_LINE, ONE_LINE_BREAK, SAME_LINE, isSeparatorText, nextContentSibling } from "../constraints.js";
import { isBlockElement, isHtmlSyntax, isListItemTag, isListTag, isRenderingTransparent } from "./block-kinds.js";
import { htmlTagHandler } from "./html-tag.js";
import { isNewContent } from "../node-data.js";
import { newlineBetween, trimmedEdgeSpaces } from "./edge-whitespace.js";
import type { NodeHandler } from "./types.js";
import { isEditorLaidOut } from "./list-layout.js";

function bulletOf(item: WElement): string {
  if (item.name === "dt") return ";";
  if (item.name === "dd") return ":";
  return item.parent?.name === "ol" ? "#" : "*";
}

/**
 * The bullets of an item: its own and those of the list items enclosing it, as Parsoid collects
 * them: an item counts when it is written as wikitext, or is an HTML <li> in a wikitext list
 * (the "li-hack" `*<li>x` continues that list, so a `**` line after it nests in it); HTML
 * lists and terms add nothing but do not end the walk. Anything else around the list does.
 */
export function bulletsFor(item: WElement): string {
  let bullets = bulletOf(item);
  let list = item.parent;
  while (list && isListTag(list.name)) {
    const outer = list.parent;
    if (!outer || !isListItemTag(outer.name)) break;
    const written = outer.name === "li" ? outer.parent !== null && !isHtmlSyntax(outer.parent) : !isHtmlSyntax(outer);
    if (written) bullets = bulletOf(outer) + bullets;
    list = outer.parent;
  }
  return bullets;
}

function firstContent(el: WElement): WNode | null {
  for (const c of el.children) if (!isSeparatorText(c)) return c;
  return null;
}

/** The item's very first child is a nested list (an item on a line of its own has text first). */
function startsWithNestedList(item: WElement): boolean {
  const first = item.children[0] ?? null;
  return first !== null && first.kind === "element" && isListTag(first.name) && !isHtmlSyntax(first);
}

/** `;term:definition` on one line: stx "row", or a dd whose source starts where its dt ended. */
function isRowDefinition(el: WElement): boolean {
  if (el.name !== "dd") return false;
  if (el.dp?.stx === "row") return true;
  const siblings = el.parent?.children ?? [];
  let prev: WNode | undefined;
  for (let i = indexInParent(el) - 1; i >= 0 && !prev; i--) if (siblings[i]!.kind === "element") prev = siblings[i];
  if (prev === undefined || prev.kind !== "element" || prev.name !== "dt") return false;
  // A ":" inside a tag the term left open would be the tag's text, not the definition's start.
  if (leavesHtmlTagOpen(prev)) return false;
  // New content: a definition follows its term on the same line, as editors write it.
  const start = el.dp?.dsr?.[0];
  if (start === undefined) return isNewContent(el);
  return prev.dp?.dsr?.[1] === start && !newlineBetween(siblings, prev, el);
}

/** Whether the element ends inside an HTML tag written without its end tag ("<div>a" in a term). */
function leavesHtmlTagOpen(el: WElement): boolean {
  let node: WNode | undefined = el;
  for (let depth = 0; node !== undefined && node.kind === "element" && depth < 32; depth++) {
    if (node !== el && isHtmlSyntax(node) && node.dp?.autoInsertedEnd === true) return true;
    node = lastContentChild(node);
  }
  return false;
}

/** The last child that is neither a comment nor whitespace. */
function lastContentChild(el: WElement): WNode | undefined {
  for (let i = el.children.length - 1; i >= 0; i--) {
    const child = el.children[i]!;
    if (child.kind === "element" || (child.kind === "text" && /\S/.test(child.value))) return child;
  }
  return undefined;
}

/** Whether a parsed item had whitespace after its bullets (kept in its text, or only in its dsr). */
function startsWithSpaceInSource(item: WElement): boolean | null {
  const first = firstContent(item);
  if (first?.kind === "text" && /^[ \t]/.test(first.value)) return true;
  const dsr = item.dp?.dsr;
  if (!dsr) return first?.kind === "text" ? false : null;
  // Parsers that trim item text still count the spaces in the item's source range; content
  // added by an edit (no range) is not in it.
  let width = 0;
  for (const c of item.children) {
    if (c.kind === "text") width += c.value.length;
    else if (c.kind === "comment") width += commentSourceWidth(c.value);
    else if (c.dp?.dsr) return first?.kind === "text" ? false : null;
  }
  return dsr[1] - dsr[0] - dsr[2] - dsr[3] > width;
}

/** Whether the parsed items next to a new item write a space after their bullets (to match them). */
function siblingsUseSpace(item: WElement): boolean {
  const siblings = item.parent?.children ?? [];
  const index = siblings.indexOf(item);
  const candidates = [...siblings.slice(0, index).reverse(), ...siblings.slice(index + 1)];
  for (const c of candidates) {
    if (c.kind !== "element" || c.name !== item.name || isNewContent(c)) continue;
    const first = firstContent(c);
    if (first?.kind === "element" && isListTag(first.name)) {
      // A parent-only item ("*" then "** b"): look at its nested items instead.
      const nested = first.children.find((n): n is WElement => n.kind === "element" && isListItemTag(n.name));
      return nested ? startsWithSpaceInSource(nested) === true : false;
    }
    return startsWithSpaceInSource(c) === true;
  }
  // No parsed neighbour at this level: look at the enclosing item's own spacing.
  const outer = item.parent?.parent;
  if (outer && isListItemTag(outer.name) && !isNewContent(outer)) return startsWithSpaceInSource(outer) === true;
  return false;
}

/** Inline formatting elements: a list next to (or inside) one sits on exactly one line of its own. */
const FORMATTING = new Set(["b", "big", "code", "em", "font", "i", "s", "small", "strike", "strong", "sub", "sup", "tt", "u"]);

/** The formatting element a list touches: its parent when it is first/last, else its neighbour. */
function touchesFormatting(el: WElement, other: WNode | null): boolean {
  const node = other ?? el.parent;
  return node !== null && node.kind === "element" && FORMATTING.has(node.name);
}

/** No line break needed, at most one blank line. */
const UP_TO_BLANK_LINE = { min: 0, max: 2 };

/** Exactly one blank line: Parsoid sets a new list apart from the content around it. */
const SET_APART = { min: 2, max: 2 };

/**
 * A new list an editor laid out (see list-layout.ts), not nested in an item: Parsoid's tidy
 * layout applies. (A nested list goes on the line after its item's text.)
 */
function isSetApart(list: WElement): boolean {
  return isNewContent(list) && !(list.parent !== null && isListItemTag(list.parent.name)) && isEditorLaidOut(list);
}

/** The last content of a block element (a <div>, a cell...): its end needs no blank line. */
function isLastInBlock(el: WElement): boolean {
  return el.parent !== null && isBlockElement(el.parent) && nextContentSibling(el) === null;
}

/** Content written from source it keeps (a transclusion, an extension tag): its own layout. */
function keepsOwnSource(node: WNode): boolean {
  return node.kind === "element" && (/\bmw:(Transclusion|Extension\/)/.test(node.getAttribute("typeof") ?? "") || isHtmlSyntax(node) || typeof node.dp?.src === "string");
}

export const listHandler: NodeHandler = {
  before(el, prev, s) {
    if (isHtmlSyntax(el)) return htmlTagHandler.before!(el, prev, s);
    if (prev === null && el.parent && isListItemTag(el.parent.name)) return ANY;
    // (Parsoid's rule: one line break exactly between a list and formatting around or next to it.)
    if (touchesFormatting(el, prev)) return ONE_LINE_BREAK;
    return prev !== null && isSetApart(el) && !isRenderingTransparent(prev) ? SET_APART : OWN_LINE;
  },
  after(el, next, s) {
    if (isHtmlSyntax(el)) return htmlTagHandler.after!(el, next, s);
    // Two lists of one kind in a row would read as one list without a blank line between them.
    if (next !== null && next.kind === "element" && next.name === el.name && !isHtmlSyntax(next)) return BLANK_LINE;
    // Last in an element written as an HTML tag: its end tag may close the item's line (as in
    // the source "*a</div>"), whitespace in the DOM decides.
    if (next === null && el.parent !== null && isHtmlSyntax(el.parent) && !isListItemTag(el.parent.name)) return ANY;
    if (touchesFormatting(el, next)) return ONE_LINE_BREAK;
    // An HTML tag or source-kept content right after the list may close its last line ("*a</p>"):
    // the separator the DOM has decides (Parsoid's wtListEOL).
    if (next !== null && next.kind === "element" && (isHtmlSyntax(next) || typeof next.dp?.src === "string")) return UP_TO_BLANK_LINE;
    // (A transclusion or other content kept as source decides its own layout.)
    return next !== null && isSetApart(el) && !isRenderingTransparent(next) && !isLastInBlock(el) && !keepsOwnSource(next) ? SET_APART : OWN_LINE;
  },
  serialize(el, s) {
    if (isHtmlSyntax(el)) return htmlTagHandler.serialize(el, s);
    s.serializeChildren(el);
  },
};

/**
 * The list an item belongs to, past elements that wrote no tags of their own (both implied: a
 * formatting element tree building reopened around the next items, "<b>" left open in a term).
 */
function itemContainer(item: WElement): WElement | null {
  let parent = item.parent;
  while (parent !== null && !isListTag(parent.name) && parent.dp?.autoInsertedStart === true && parent.dp.autoInsertedEnd === true) parent = parent.parent;
  return parent;
}

/** An item written as an HTML tag, or inside a list written so. */
function isHtmlItem(el: WElement): boolean {
  const container = itemContainer(el);
  return isHtmlSyntax(el) || (container !== null && isHtmlSyntax(container));
}

export const listItemHandler: NodeHandler = {
  before(el, prev, s) {
    if (isHtmlItem(el)) return htmlTagHandler.before!(el, prev, s);
    if (isRowDefinition(el)) return SAME_LINE;
    return prev === null ? OWN_LINE : ONE_LINE_BREAK;
  },
  after: () => ANY,
  serialize(el, s) {
    if (isHtmlItem(el)) return htmlTagHandler.serialize(el, s);
    const trimmed = trimmedEdgeSpaces(el);
    if (isRowDefinition(el)) s.emit(":" + trimmed.leading);
    else if (!startsWithNestedList(el)) {
      if (trimmed.leading !== "") {
        s.emit(bulletsFor(el) + trimmed.leading);
        s.withContext({ listItem: true, htmlBlock: false }, () => s.serializeChildren(el));
        s.emit(trimmed.trailing);
        return;
      }
      s.emit(bulletsFor(el));
      if (isNewContent(el) && writesSpaceAfterBullets(el)) s.emit(" ");
    }
    s.withContext({ listItem: true, htmlBlock: false }, () => s.serializeChildren(el));
    if (!startsWithNestedList(el) && !lastIsNestedList(el)) s.emit(trimmed.trailing);
  },
};

/**
 * Whether a new item gets a space after its bullets. In a list an editor laid out, Parsoid's rule:
 * always, unless the content starts with whitespace. In HTML with the parser's layout, only when
 * the parsed items next to it have one (or the content starts with a bullet character, which
 * the space keeps apart from the bullets).
 */
function writesSpaceAfterBullets(item: WElement): boolean {
  if (!startsWithNonSpace(item)) return false;
  if (item.parent && isEditorLaidOut(item.parent)) return true;
  const first = firstContent(item);
  return (first?.kind === "text" && /^[*#:;]/.test(first.value)) || siblingsUseSpace(item);
}

/** Whether the item's first child is an element, a comment or text starting with a non-space. */
function startsWithNonSpace(item: WElement): boolean {
  const first = item.children[0];
  return first !== undefined && (first.kind !== "text" || !/^\s/.test(first.value));
}

function lastIsNestedList(item: WElement): boolean {
  for (let i = item.children.length - 1; i >= 0; i--) {
    const c = item.children[i]!;
    if (isSeparatorText(c)) continue;
    return c.kind === "element" && isListTag(c.name);
  }
  return false;
}

/**
 * A list item that is a transclusion's output: the bullets of enclosing items its source does
 * not cover, written ahead of it ("::{{list}}" whose recorded source starts at the second ":",
 * the first being the enclosing item's).
 */
export function bulletsBeforeTransclusion(item: WElement, source: string): string {
  if (!isListItemTag(item.name) || isHtmlSyntax(item) || !item.parent || isHtmlSyntax(item.parent)) return "";
  const written = /^[*#:;]+/.exec(source)?.[0];
  if (written === undefined) return "";
  const bullets = bulletsFor(item);
  return bullets.length > written.length && bullets.endsWith(written) ? bullets.slice(0, bullets.length - written.length) : "";
}
