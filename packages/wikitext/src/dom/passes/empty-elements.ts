// Elements that wikitext opened but left empty (a table row with no cells, a tbody inserted
// around nothing) get class mw-empty-elt, as in Parsoid, so skins can hide them.
import { walkElements, type WElement } from "../node.js";

const MARKED = new Set(["tr", "tbody", "li", "dd", "dt", "p", "ul", "ol", "dl", "td", "th", "caption"]);

/**
 * `alsoVisit` is called for every element in document order, so that a pass which runs next and
 * only needs to find elements can share this walk.
 */
export function markEmptyElements(root: WElement, alsoVisit?: (el: WElement) => void): void {
  const tbodies = markCells(root, alsoVisit);
  // A tbody holding only empty rows is empty too (its rows are marked by now).
  for (const el of tbodies) {
    if (el.attrs.length > 0) continue;
    const onlyEmpty = el.children.every((c) =>
      (c.kind === "text" && /^[ \t\n]*$/.test(c.value)) || (c.kind === "element" && c.getAttribute("class") === "mw-empty-elt"));
    if (onlyEmpty) el.setAttribute("class", "mw-empty-elt");
  }
}

/** Marks the empty elements and returns the tbodies without a class, for the check above. */
function markCells(root: WElement, alsoVisit: ((el: WElement) => void) | undefined): WElement[] {
  const tbodies: WElement[] = [];
  walkElements(root, (el) => {
    if (alsoVisit) alsoVisit(el);
    if (el === root || !MARKED.has(el.name)) return;
    if (el.name === "tbody" && el.attrs.length === 0) tbodies.push(el);
    // Rows keep their attributes and get the class added; other elements with attributes stay.
    if (el.attrs.length > 0 && el.name !== "tr") return;
    if (el.dp?.stx === "html") return;
    const invisible = el.name === "p" && holdsOnlyInvisibleExtensions(el);
    const empty = el.children.every((c) => c.kind === "text" && /^[ \t\n]*$/.test(c.value) && el.name !== "p") || el.children.length === 0 || invisible;
    if (empty && (el.name === "tbody" || el.name === "tr" || el.children.length === 0 || invisible)) {
      if (el.name === "td" || el.name === "th" || el.name === "li" || el.name === "dd" || el.name === "dt" || el.name === "caption") return;
      const cls = el.getAttribute("class");
      el.setAttribute("class", cls ? `${cls} mw-empty-elt` : "mw-empty-elt");
    }
  });
  return tbodies;
}

/**
 * A paragraph holding only extension output that renders nothing (indicator metas, section
 * links), empty nowiki markers and whitespace is empty, as Parsoid marks it.
 */
function holdsOnlyInvisibleExtensions(p: WElement): boolean {
  let extensions = 0;
  for (const c of p.children) {
    if (c.kind === "comment") continue;
    if (c.kind === "text") {
      if (/^[ \t\n]*$/.test(c.value)) continue;
      return false;
    }
    const type = c.getAttribute("typeof") ?? "";
    if ((c.name === "meta" || c.name === "link") && type.startsWith("mw:Extension/")) extensions++;
    else if (!(c.name === "span" && type === "mw:Nowiki" && c.children.length === 0)) return false;
  }
  return extensions > 0;
}
