import { type Element, type ParentNode, getAttribute, isElement, parseBody, removeChild, unwrap } from "./dom.js";
import { decodeHrefs, removeEmptySpans } from "./normalize-out.js";
import { normalizeInterElementWhitespace } from "./whitespace.js";
import { serializeChildren } from "./xml-serializer.js";

/**
 * Normaliser for expectations written for the legacy parser (TestUtils::normalizeHTML): the
 * engine's output goes through the loose normalizeOut, the legacy HTML through this, and the
 * two meet in the middle (no classes, no edit-section links, no red-link URLs, no TOC).
 */

/** Section-edit links and headline spans that the legacy parser wraps headings in. */
export function stripLegacyHeadingDecorations(html: string): string {
  return html.replace(
    /<span[^>]+class="mw-headline"[^>]*>([^\n]*?)<\/span> *(<span class="mw-editsection"><span class="mw-editsection-bracket">\[<\/span>[^\n]*?<span class="mw-editsection-bracket">\]<\/span><\/span>)?/gu,
    "$1",
  );
}

const RED_LINK_TITLE_SUFFIX = / \((?:page does not exist|encara no existeix|bet ele jaratılmaǵan|lonkásá {2}ezalí tɛ̂)\)/g;

function hasClass(element: Element, name: string): boolean {
  return (getAttribute(element, "class") ?? "").split(/\s+/).includes(name);
}

/**
 * Since MediaWiki 1.43 the legacy parser wraps each heading in `<div class="mw-heading">` next to
 * its section-edit links; Parsoid emits the bare heading. Edit links go, wrappers are unwrapped.
 */
export function unwrapLegacyHeadings(parent: ParentNode): void {
  for (const child of [...parent.childNodes]) {
    if (!isElement(child)) continue;
    if (child.tagName === "span" && hasClass(child, "mw-editsection")) {
      removeChild(parent, child);
      continue;
    }
    unwrapLegacyHeadings(child);
    if (child.tagName === "div" && hasClass(child, "mw-heading")) unwrap(child);
  }
}

export function normalizeLegacyExpected(html: string): string {
  const parsed = parseBody(html);
  unwrapLegacyHeadings(parsed);
  const body = normalizeInterElementWhitespace(parsed, { stripSpanTypeof: null, parsoidOnly: false, preserveIEW: false });
  let out = serializeChildren(body);
  out = out.replace(/<div[^>]+?id="toc"[^>]*>\s*<div id="toctitle"[^>]*>[\s\S]+?<\/div>[\s\S]+?<\/div>\s*/gu, "");
  out = stripLegacyHeadingDecorations(out);
  out = removeEmptySpans(out);
  out = out.replace(/ (?:class|rel|about|typeof)="[^"]*"/g, "");
  // Red links point at the edit form in legacy HTML; Parsoid links the page itself.
  out = out.replace(/\/index\.php\?title=([^']+?)&amp;action=edit&amp;redlink=1/g, "/wiki/$1");
  out = out.replace(RED_LINK_TITLE_SUFFIX, "");
  out = out.replace(/<a +href/g, "<a href");
  out = out.replace(/href="\/wiki\//g, 'href="');
  out = out.replace(/" +>/g, '">');
  // Parsoid always puts the page name before a lone fragment.
  out = out.replace(/href="#/g, 'href="Main Page#');
  out = decodeHrefs(out);
  return removeEmptySpans(out);
}
