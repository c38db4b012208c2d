// Whitespace at the edges of wikitext headings, list items, captions and cells is syntax, not
// content (`== Title ==`, `* item`, `| cell`): Parsoid trims it, also around leading and trailing
// comments. HTML-syntax elements keep their whitespace.
import type { WElement, WNode } from "../node.js";
import { isDisplaySpace } from "../display-space.js";
import { mayMigrateTrailingLinks, migrateTrailingLinks } from "./list-trailing-links.js";
import { isTransientPlaceholder } from "../../tree/stripped-tags.js";

const TRIMMED = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "caption", "td", "th"]);

const CELLS = new Set(["td", "th", "caption"]);

/** Captions also lose the newline before the next table line. */
const TRAILING_NEWLINE = new Set(["caption"]);

/** Category and language links (and other page properties) are transparent at the edges too. */
function isPageProperty(node: WNode): boolean {
  if (node.kind !== "element" || (node.name !== "link" && node.name !== "meta")) return false;
  return (node.getAttribute("rel") ?? node.getAttribute("property") ?? "").startsWith("mw:PageProp/");
}

/** Whether `code` is a space or a tab (or, with `newline`, a newline). */
function isEdgeSpace(code: number, newline: boolean): boolean {
  return code === 32 || code === 9 || (newline && code === 10);
}

/**
 * `value` without its leading spaces and tabs, or (`fromStart` false) its trailing spaces and
 * tabs, and newlines too with `newline`. Scanned by character code rather than a regex replace
 * per edge: every wikitext cell, item and heading has two edges, most with nothing to trim.
 */
function trimmedEdge(value: string, fromStart: boolean, newline: boolean): string {
  if (fromStart) {
    let start = 0;
    while (start < value.length && isEdgeSpace(value.charCodeAt(start), false)) start++;
    return start === 0 ? value : value.slice(start);
  }
  let end = value.length;
  while (end > 0 && isEdgeSpace(value.charCodeAt(end - 1), newline)) end--;
  return end === value.length ? value : value.slice(0, end);
}

/** Whether `value` ends with a line break (or other whitespace that is no space or tab). */
function endsWithLineBreak(value: string): boolean {
  const c = value.charCodeAt(value.length - 1);
  return c === 10 || c === 13 || c === 11 || c === 12;
}

/** Returns how many characters were trimmed. */
function trimEdge(el: WElement, fromStart: boolean): number {
  const newline = TRAILING_NEWLINE.has(el.name);
  const kids = el.children;
  let i = fromStart ? 0 : kids.length - 1;
  const step = fromStart ? 1 : -1;
  let removed = 0;
  while (i >= 0 && i < kids.length) {
    const node: WNode = kids[i]!;
    // (A stripped tag's placeholder leaves the output: the whitespace before it is the edge's.)
    if (node.kind === "comment" || isPageProperty(node) || isTransientPlaceholder(node)) {
      i += step;
      continue;
    }
    if (node.kind !== "text") {
      // A French space at the edge (`* %`) is edge whitespace too: Parsoid drops its span.
      if (!isDisplaySpace(node)) return removed;
      kids.splice(i, 1);
      node.parent = null;
      removed += 1;
      if (!fromStart) i += step;
      continue;
    }
    const trimmed = trimmedEdge(node.value, fromStart, newline);
    // Parsoid trims trailing blanks only right after content ("a  "): blanks after a line break
    // (the next line's indentation, "a\n  " before `  |}`) stay.
    if (!fromStart && trimmed !== "" && trimmed !== node.value && endsWithLineBreak(trimmed)) return removed;
    removed += node.value.length - trimmed.length;
    if (trimmed === "") {
      kids.splice(i, 1);
      node.parent = null;
      if (!fromStart) i += step;
      continue;
    }
    node.value = trimmed;
    return removed;
  }
  return removed;
}

/**
 * A cell holding only text and comments gives html2wt no child ranges to tell trimmed leading
 * from trailing whitespace (its dsr only has their sum): the trailing count is noted when that
 * sum alone is ambiguous.
 */
function noteAmbiguousTrailing(el: WElement, leading: number, trailing: number): void {
  if (trailing === 0 || leading === trailing || !CELLS.has(el.name) || !el.dp) return;
  for (const c of el.children) if (c.kind === "element" && !isTransientPlaceholder(c)) return;
  el.dp["trailWS"] = trailing;
}

/**
 * List items whose trailing edge is trimmed later (trimDeferredTrailingEdge): their trailing
 * category links may still move out of the list (list-trailing-links.ts), whitespace and all,
 * as Parsoid moves them before it trims.
 */
const deferredTrailingTrim = new WeakSet<WElement>();

/** Trims the syntax whitespace at the edges of `el` when it is a wikitext heading, item or cell. */
export function trimWikitextWhitespace(el: WElement): void {
  if (!TRIMMED.has(el.name) || el.dp?.stx === "html" || el.dp?.autoInsertedStart) return;
  const leading = trimEdge(el, true);
  if ((el.name === "li" || el.name === "dd" || el.name === "dt") && mayMigrateTrailingLinks(el)) {
    deferredTrailingTrim.add(el);
    return;
  }
  noteAmbiguousTrailing(el, leading, trimEdge(el, false));
}

/** For a list item whose trailing trim was deferred: its links move out first, then it is trimmed. */
export function migrateLinksAndTrimTrailingEdge(el: WElement): void {
  if (!deferredTrailingTrim.has(el)) return;
  deferredTrailingTrim.delete(el);
  migrateTrailingLinks(el);
  trimEdge(el, false);
}
