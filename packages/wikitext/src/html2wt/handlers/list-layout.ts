// Whether a new list (no parse data) was laid out by an editor rather than by the wikitext parser.
//
// Parsoid writes every new list item with a space after its bullets ("* a") and sets new lists
// apart with blank lines. HTML that merely lost its parse data (another parser's output, test
// expectations) keeps the parser's layout, where the source's spacing is unknown and the compact
// form ("*a") is the likelier one. The parser's layout is recognisable: one item per line (a
// newline between items, none inside an item's text except before its nested list), nothing
// but items inside the list, only lists nested in items (no paragraphs), and a line break after
// the list. HTML laid out otherwise was written by an editor: Parsoid's tidy rules apply to it.
import { indexInParent, type WElement, type WNode } from "../../dom/node.js";
import { isBlockElement, isHtmlSyntax, isListItemTag, isListTag, isRenderingTransparent } from "./block-kinds.js";

const layoutOfList = new WeakMap<WElement, boolean>();

/**
 * Whether `list` (ul/ol/dl) is laid out otherwise than the wikitext parser lays lists out. A
 * wikitext list and the lists nested in its items are one piece of source: one decision for all.
 */
export function isEditorLaidOut(list: WElement): boolean {
  const outermost = outermostList(list);
  let known = layoutOfList.get(outermost);
  if (known === undefined) {
    known = !hasParserLayout(outermost, 0);
    layoutOfList.set(outermost, known);
  }
  return known;
}

/** The list whose items hold `list` (through wikitext items only), or `list` itself. */
function outermostList(list: WElement): WElement {
  let current = list;
  for (;;) {
    const item = current.parent;
    const outer = item?.parent;
    if (!item || !outer || !isListItemTag(item.name) || !isListTag(outer.name) || isHtmlSyntax(item) || isHtmlSyntax(outer)) return current;
    current = outer;
  }
}

/** Nesting beyond which lists are not inspected further (their layout was judged above). */
const MAX_DEPTH = 32;

function hasParserLayout(list: WElement, depth: number): boolean {
  if (!startsLine(list) || !followedByLineBreak(list)) return false;
  const kids = list.children;
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i]!;
    if (k.kind === "comment") continue;
    if (k.kind === "text") {
      // Between items: exactly the line break that ends the item before.
      if (i === 0 || i === kids.length - 1 || k.value !== "\n") return false;
      continue;
    }
    if (!isListItemTag(k.name) || !itemHasParserLayout(k, depth)) return false;
    // Items follow each other on separate lines (a definition may follow its term on its line).
    const prev = kids[i - 1];
    if (prev !== undefined && prev.kind === "element" && !(prev.name === "dt" && k.name === "dd")) return false;
  }
  return true;
}

/** An item's own text stays on its line (a newline only before a nested list), and it holds no paragraph. */
function itemHasParserLayout(item: WElement, depth: number): boolean {
  const kids = item.children;
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i]!;
    if (k.kind === "text") {
      const lineBreak = k.value.indexOf("\n");
      if (lineBreak >= 0 && !(lineBreak === k.value.length - 1 && isNestedList(kids[i + 1]))) return false;
    } else if (k.kind === "element") {
      if (k.name === "p") return false;
      if (isListTag(k.name) && !isHtmlSyntax(k) && depth < MAX_DEPTH && !hasParserLayout(k, depth + 1)) return false;
    }
  }
  return true;
}

function isNestedList(node: WNode | undefined): boolean {
  return node !== undefined && node.kind === "element" && isListTag(node.name);
}

/**
 * The parser starts a list on a line of its own: after a line break, first in a block, or after
 * comments and metadata on its line (they are transparent to line starts).
 */
function startsLine(list: WElement): boolean {
  const parent = list.parent;
  if (!parent) return true;
  const siblings = parent.children;
  for (let i = indexInParent(list) - 1; i >= 0; i--) {
    const prev = siblings[i]!;
    if (isRenderingTransparent(prev)) continue;
    return prev.kind === "text" && prev.value.endsWith("\n");
  }
  return isBlockElement(parent);
}

/** The parser ends a list with the line break of its last line (or with its container's end). */
function followedByLineBreak(list: WElement): boolean {
  const siblings = list.parent?.children;
  if (!siblings) return true;
  const next = siblings[indexInParent(list) + 1];
  return next === undefined || (next.kind === "text" && next.value.startsWith("\n"));
}
