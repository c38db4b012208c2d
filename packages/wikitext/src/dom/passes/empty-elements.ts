// Elements that wikitext opened but left empty (a table row with no cells, a tbody inserted
// around nothing) get class mw-empty-elt, as in Parsoid, so skins can hide them.
import type { WElement, WNode } from "../node.js";
import { migrateLinksAndTrimTrailingEdge } from "./trim-whitespace.js";

/**
 * `alsoVisit` is called for every element in document order, before its children are read, so
 * that a pass which runs next and only needs to find elements can share this walk.
 */
export function markEmptyElements(root: WElement, alsoVisit?: (el: WElement) => void): void {
  const tbodies = markCells(root, alsoVisit);
  // A tbody holding only empty rows is empty too (its rows are marked by now).
  for (const el of tbodies) {
    if (el.attrs.length === 0 && holdsOnlyEmptyRows(el.children)) el.setAttribute("class", "mw-empty-elt");
  }
}

/**
 * Marks the empty elements and returns the tbodies without attributes, for the check above. Its
 * own pre-order walk rather than walkElements: a callback per element (and a closure and a regex
 * per child list checked) cost more than the checks, and most elements are none of these.
 */
function markCells(root: WElement, alsoVisit: ((el: WElement) => void) | undefined): WElement[] {
  const tbodies: WElement[] = [];
  const stack: WElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (alsoVisit) alsoVisit(el);
    // (Parsoid's fixups run before its empty-element marking; the links move after the list.)
    if (el.name === "li" || el.name === "dd" || el.name === "dt") migrateLinksAndTrimTrailingEdge(el);
    // Read after alsoVisit, which may have moved content into `el`.
    const kids = el.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      const c = kids[i]!;
      if (c.kind === "element") stack.push(c);
    }
    if (el !== root) markIfEmpty(el, tbodies);
  }
  return tbodies;
}

/**
 * The class for one element. Of the elements Parsoid considers (tr, tbody, li, dd, dt, p, ul, ol,
 * dl, td, th, caption), cells, definition items and captions always keep their content as it is:
 * only rows, tbodies, paragraphs, list items and lists can be marked.
 */
function markIfEmpty(el: WElement, tbodies: WElement[]): void {
  const name = el.name;
  let empty: boolean;
  switch (name) {
    case "tbody":
      // Tbodies with attributes stay as they are.
      if (el.attrs.length > 0) return;
      tbodies.push(el);
      if (el.dp?.stx === "html") return;
      empty = holdsOnlyLineWhitespace(el.children);
      break;
    case "tr":
      // Rows keep their attributes and get the class added.
      if (el.dp?.stx === "html") return;
      empty = holdsOnlyLineWhitespace(el.children);
      break;
    case "p":
      if (el.attrs.length > 0) return;
      // A paragraph written as HTML is empty when it holds nothing, or only the newlines before
      // the block that closed it (Parsoid moves those out of it first).
      if (el.dp?.stx === "html") empty = el.children.length === 0 || (el.dp.autoInsertedEnd === true && holdsOnlyLineWhitespace(el.children));
      else empty = el.children.length === 0 || holdsOnlyInvisibleExtensions(el);
      break;
    case "li":
      // An item left empty (`*<li>x`, `<li><li>`), whichever syntax opened it, as Parsoid's
      // CleanUp marks it: comments, blanks and category links render nothing in it.
      if (el.attrs.length > 0) return;
      empty = holdsNothingVisible(el.children);
      break;
    case "ul":
    case "ol":
    case "dl":
      if (el.attrs.length > 0 || el.dp?.stx === "html") return;
      empty = el.children.length === 0;
      break;
    default:
      return;
  }
  if (!empty) return;
  const cls = el.getAttribute("class");
  el.setAttribute("class", cls ? `${cls} mw-empty-elt` : "mw-empty-elt");
}

/** Whether every node is text of spaces, tabs and newlines only (true for none). */
function holdsOnlyLineWhitespace(nodes: readonly WNode[]): boolean {
  for (let i = 0; i < nodes.length; i++) {
    const c = nodes[i]!;
    if (c.kind !== "text" || !isLineWhitespace(c.value)) return false;
  }
  return true;
}

/** Whether every node is a comment, spaces and tabs, a page property link or an empty nowiki. */
function holdsNothingVisible(nodes: readonly WNode[]): boolean {
  for (let i = 0; i < nodes.length; i++) {
    const c = nodes[i]!;
    if (c.kind === "comment") continue;
    if (c.kind === "text") {
      if (isSpacesAndTabs(c.value)) continue;
      return false;
    }
    if (c.name === "link" && (c.getAttribute("rel") ?? "").startsWith("mw:PageProp/")) continue;
    if (c.name === "span" && c.children.length === 0 && c.getAttribute("typeof") === "mw:Nowiki") continue;
    return false;
  }
  return true;
}

function isSpacesAndTabs(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** Whether every node is line whitespace or an element already marked empty. */
function holdsOnlyEmptyRows(nodes: readonly WNode[]): boolean {
  for (let i = 0; i < nodes.length; i++) {
    const c = nodes[i]!;
    if (c.kind === "text" ? !isLineWhitespace(c.value) : c.kind !== "element" || c.getAttribute("class") !== "mw-empty-elt") return false;
  }
  return true;
}

/** Whether `value` has only spaces, tabs and newlines. */
function isLineWhitespace(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9) return false;
  }
  return true;
}

/**
 * A paragraph holding only output that renders nothing (indicator metas, section links,
 * language-variant rules), empty nowiki markers and whitespace is empty, as Parsoid marks it.
 */
function holdsOnlyInvisibleExtensions(p: WElement): boolean {
  let extensions = 0;
  const kids = p.children;
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i]!;
    if (c.kind === "comment") continue;
    if (c.kind === "text") {
      if (isLineWhitespace(c.value)) continue;
      return false;
    }
    const type = c.getAttribute("typeof") ?? "";
    // (A language-variant meta is a rule that shows nothing.)
    if ((c.name === "meta" || c.name === "link") && (type.startsWith("mw:Extension/") || type === "mw:LanguageVariant")) extensions++;
    else if (!(c.name === "span" && type === "mw:Nowiki" && c.children.length === 0)) return false;
  }
  return extensions > 0;
}
