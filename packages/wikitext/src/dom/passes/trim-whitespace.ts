// Whitespace at the edges of wikitext headings, list items, captions and cells is syntax, not
// content (`== Title ==`, `* item`, `| cell`): Parsoid trims it, also around leading and trailing
// comments. HTML-syntax elements keep their whitespace.
import { walkElements, type WElement, type WNode } from "../node.js";

const TRIMMED = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "caption", "td", "th"]);

/** Captions also lose the newline before the next table line. */
const TRAILING_NEWLINE = new Set(["caption"]);

/** Category and language links (and other page properties) are transparent at the edges too. */
function isPageProperty(node: WNode): boolean {
  if (node.kind !== "element" || (node.name !== "link" && node.name !== "meta")) return false;
  return (node.getAttribute("rel") ?? node.getAttribute("property") ?? "").startsWith("mw:PageProp/");
}

function trimEdge(el: WElement, fromStart: boolean): void {
  const trailing = TRAILING_NEWLINE.has(el.name) ? /[ \t\n]+$/ : /[ \t]+$/;
  const kids = el.children;
  let i = fromStart ? 0 : kids.length - 1;
  const step = fromStart ? 1 : -1;
  while (i >= 0 && i < kids.length) {
    const node: WNode = kids[i]!;
    if (node.kind === "comment" || isPageProperty(node)) {
      i += step;
      continue;
    }
    if (node.kind !== "text") return;
    const trimmed = fromStart ? node.value.replace(/^[ \t]+/, "") : node.value.replace(trailing, "");
    if (trimmed === "") {
      kids.splice(i, 1);
      node.parent = null;
      if (!fromStart) i += step;
      continue;
    }
    node.value = trimmed;
    return;
  }
}

export function trimWikitextWhitespace(root: WElement): void {
  walkElements(root, (el) => {
    if (!TRIMMED.has(el.name) || el.dp?.stx === "html" || el.dp?.autoInsertedStart) return;
    trimEdge(el, true);
    trimEdge(el, false);
  });
}
