// Table lints: deletable-table-tag (a table started where a row was expected: Tidy dropped the
// inner table's tag, HTML5 closes the outer table), large-tables, multiline-html-table-in-list
// (the legacy parser breaks the list around such a table) and fostered content.
import type { WElement, WNode } from "../../dom/node.js";
import type { LintContext } from "../context.js";
import { isLiteralHtml, previousNonSepSiblingAt } from "../dom-utils.js";

/** `index`: the table's position among its parent's children. */
export function checkDeletableTable(ctx: LintContext, el: WElement, index: number): void {
  if (el.name !== "table") return;
  const prev = previousNonSepSiblingAt(el, index);
  if (!prev || prev.kind !== "element" || prev.name !== "table") return;
  const prevDsr = prev.dp?.dsr;
  // The earlier table was cut short by this one (no end tag of its own).
  const cutShort = prev.dp?.autoInsertedEnd === true || (prevDsr !== undefined && prevDsr[3] === 0);
  if (!cutShort) return;
  const dsr = el.dp?.dsr;
  if (!dsr) return;
  // Only the opening tag of the inner table is to be deleted.
  const openEnd = dsr[0] + dsr[2];
  ctx.add("deletable-table-tag", [dsr[0], dsr[2] > 0 ? openEnd : dsr[1], 0, 0], { name: "table" });
}

/** Cells in a row, counting colspans. */
function rowWidth(tr: WElement): number {
  let width = 0;
  for (const c of tr.children) {
    if (c.kind !== "element" || (c.name !== "td" && c.name !== "th")) continue;
    const span = Number.parseInt(c.getAttribute("colspan") ?? "1", 10);
    width += Number.isFinite(span) && span > 0 ? span : 1;
  }
  return width;
}

/** The rows of a table (not of tables nested in it). */
function rowsOf(table: WElement): WElement[] {
  const rows: WElement[] = [];
  for (const c of table.children) {
    if (c.kind !== "element") continue;
    if (c.name === "tr") rows.push(c);
    else if (c.name === "tbody" || c.name === "thead" || c.name === "tfoot") {
      for (const r of c.children) if (r.kind === "element" && r.name === "tr") rows.push(r);
    }
  }
  return rows;
}

export function checkLargeTable(ctx: LintContext, el: WElement): void {
  if (el.name !== "table") return;
  const max = ctx.settings.maxTableColumnHeuristic;
  let columns = 0;
  for (const row of rowsOf(el).slice(0, ctx.settings.maxTableRowsToCheck)) columns = Math.max(columns, rowWidth(row));
  if (columns > max) ctx.add("large-tables", el.dp?.dsr, { name: "table", columns, columnsMax: max });
}

export function checkMultilineHtmlTableInList(ctx: LintContext, el: WElement): void {
  if (el.name !== "table" || !isLiteralHtml(el)) return;
  const li = enclosingListItem(el);
  if (!li || isLiteralHtml(li)) return;
  // Extension output (a reference list's items holding the references' content) is not the
  // page's list syntax.
  if (insideExtensionOutput(li)) return;
  if (!containsNewline(el)) return;
  ctx.add("multiline-html-table-in-list", el.dp?.dsr, { name: "table", ancestorName: li.name });
}

const LIST_ITEMS = new Set(["li", "dd", "dt"]);

/**
 * Each element's nearest li, dd or dt ancestor (null: none), as found so far. Tables nested in
 * tables each asked for it, and each walked up the whole depth: quadratic in the nesting. Now
 * every element on a walk is noted, and a later walk stops at the first noted one. (Lint never
 * changes the DOM it reads; the notes die with it.)
 */
const listItemAbove = new WeakMap<WElement, WElement | null>();

function enclosingListItem(el: WElement): WElement | null {
  const walked: WElement[] = [];
  let found: WElement | null = null;
  for (let node: WElement | null = el; node !== null; node = node.parent) {
    const known = listItemAbove.get(node);
    if (known !== undefined) {
      found = known;
      break;
    }
    walked.push(node);
    const parent: WElement | null = node.parent;
    if (parent !== null && LIST_ITEMS.has(parent.name)) {
      found = parent;
      break;
    }
  }
  for (const node of walked) listItemAbove.set(node, found);
  return found;
}

function insideExtensionOutput(el: WElement): boolean {
  for (let node: WElement | null = el; node; node = node.parent) {
    if ((node.getAttribute("typeof") ?? "").startsWith("mw:Extension/")) return true;
  }
  return false;
}

function containsNewline(node: WNode): boolean {
  if (node.kind !== "element") return node.value.includes("\n");
  return node.children.some(containsNewline);
}

/**
 * Text in a table outside its cells and captions is not table content: tree building moves it
 * before the table ("fostering"). The DOM no longer shows where it came from, so the check reads
 * the source of the gaps that the table's own structure (sections and rows) leaves uncovered by
 * positioned children. One lint per table, as Parsoid reports it at the table;
 * fostered-transparent when everything fostered renders nothing (comments, categories,
 * behaviour switches, include directives, section markers).
 */
export function checkFostered(ctx: LintContext, el: WElement): void {
  if (el.name !== "table") return;
  const dsr = el.dp?.dsr;
  if (!dsr || !(dsr[2] > 0)) return;
  // Gaps as flat start/end pairs.
  const gaps: number[] = [];
  if (!collectGaps(el, gaps)) return;
  // Most gaps are the line breaks between rows: whitespace fosters nothing, whatever made it.
  const src = ctx.source;
  let content = false;
  for (let g = 0; g < gaps.length && !content; g += 2) content = !isWhitespace(src, gaps[g]!, gaps[g + 1]!);
  if (!content) return;
  let fostered = "";
  for (let g = 0; g < gaps.length; g += 2) {
    const start = gaps[g]!;
    const end = gaps[g + 1]!;
    // Content a template fostered belongs to the template's output block: not linted.
    if (ctx.fromTransclusion(start, end)) continue;
    fostered += src.slice(start, end) + "\n";
  }
  if (/^\s*$/.test(fostered.replace(/<!--[\s\S]*?(?:-->|$)/g, ""))) return;
  const visible = removeTransparent(fostered, ctx);
  ctx.add(/^\s*$/.test(visible) ? "fostered-transparent" : "fostered", dsr);
}

/** Whether src[start, end) is all whitespace (as `\s` reads it: the test the lint makes). */
function isWhitespace(src: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = src.charCodeAt(i);
    // Tab, line feed, vertical tab, form feed, carriage return, space: the common ones; any
    // other character goes to the regular expression.
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (c < 128 || !/\s/.test(src[i]!)) return false;
  }
  return true;
}

const TABLE_STRUCTURE = new Set(["table", "tbody", "thead", "tfoot", "tr"]);

/**
 * Source ranges inside `el` (after its opening tag, before its closing tag) that no positioned
 * child covers, descending into sections and rows, as start/end pairs. False when a child has no
 * source range (the gaps would then be guesses).
 */
function collectGaps(el: WElement, gaps: number[]): boolean {
  const dsr = el.dp?.dsr;
  if (!dsr) return false;
  let pos = dsr[0] + dsr[2];
  const end = dsr[1] - dsr[3];
  for (const c of el.children) {
    if (c.kind !== "element") continue;
    const cd = c.dp?.dsr;
    if (!cd) return false;
    if (cd[0] > pos) gaps.push(pos, Math.min(cd[0], end));
    if (TABLE_STRUCTURE.has(c.name) && c.name !== "table") {
      if (!collectGaps(c, gaps)) return false;
    }
    pos = Math.max(pos, cd[1]);
  }
  if (end > pos) gaps.push(pos, end);
  return true;
}

function removeTransparent(text: string, ctx: LintContext): string {
  return text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, "")
    .replace(/<includeonly\s*>[\s\S]*?(?:<\/includeonly\s*>|$)/gi, "")
    .replace(/<\/?(?:noinclude|onlyinclude)\s*>/gi, "")
    .replace(/<section\b[^>]*\/>/gi, "")
    .replace(/__([A-Za-z0-9_]+?)__/g, (all, name: string) => (ctx.site.isBehaviorSwitch(name) ? "" : all))
    .replace(/\[\[\s*([^|\]:]+):[^\]]*\]\]/g, (all, prefix: string) => (ctx.site.namespaceId(prefix.trim()) === 14 ? "" : all));
}
