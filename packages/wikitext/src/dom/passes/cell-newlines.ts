// The newline that ends a wikitext table cell's line belongs between the cells, not inside the
// cell: Parsoid's cell content stops before the next table line, so its HTML reads
// `<td>a</td>\n<td>b</td>` and the cell's dsr ends before the newline. HTML5 tree construction
// (which only closes the cell at the next cell's start tag) put the newline inside; this pass
// moves it after the cell and moves the cell's implicit end back over it. It runs before dsr is
// computed and before edge whitespace is trimmed (the spaces before the newline are then
// trailing and get trimmed like Parsoid's).
import { WText, type WElement, type WNode } from "../node.js";

const CELLS = new Set(["td", "th", "caption"]);

/** A cell written in wikitext syntax and closed by the next table line (no end tag). */
function isImplicitlyClosedWikitextCell(node: WNode): node is WElement {
  if (node.kind !== "element" || !CELLS.has(node.name)) return false;
  const dp = node.dp;
  return !!dp && dp.stx !== "html" && !dp.autoInsertedStart && node.closeWidth === 0 && node.closeEnd > 0;
}

/**
 * Detaches the line end the cell's last text child ends with when the source has it there: the
 * newline, with the spaces or tabs that indent the next table line (" !b" after "|+a": Parsoid's
 * table line starts after them, so they lie between the cells). Returns the text taken.
 */
function takeTrailingNewline(cell: WElement, text: string): string | null {
  const last = cell.children[cell.children.length - 1];
  if (!last || last.kind !== "text") return null;
  const value = last.value;
  let nl = value.length - 1;
  while (nl > 0 && (value.charCodeAt(nl) === 32 || value.charCodeAt(nl) === 9)) nl--;
  if (value.charCodeAt(nl) !== 10) return null;
  // A td or th keeps a newline the next line's indentation follows ("a\n  |}"): Parsoid moves
  // only newlines that end the cell's text out of cells (a caption's whitespace goes whole).
  if (nl !== value.length - 1 && cell.name !== "caption") return null;
  // The text must be the source's own line end right before the cell's end (not an entity).
  const width = value.length - nl;
  const start = cell.closeEnd - width;
  if (text.charCodeAt(start) !== 10) return null;
  for (let i = 1; i < width; i++) if (text.charCodeAt(start + i) !== value.charCodeAt(nl + i)) return null;
  const taken = width === 1 ? "\n" : value.slice(nl);
  if (nl === 0) {
    cell.children.pop();
    last.parent = null;
  } else {
    last.value = value.slice(0, nl);
  }
  cell.closeEnd = start;
  return taken;
}

function moveOutOfCells(parent: WElement, text: string): void {
  const kids = parent.children;
  let out: WNode[] | null = null;
  for (let i = 0; i < kids.length; i++) {
    const child = kids[i]!;
    const moved = isImplicitlyClosedWikitextCell(child) ? takeTrailingNewline(child, text) : null;
    if (moved !== null && !out) out = kids.slice(0, i);
    if (out) out.push(child);
    if (moved === null) continue;
    const next = kids[i + 1];
    if (next && next.kind === "text") {
      next.value = moved + next.value;
    } else {
      const nl = new WText(moved);
      nl.parent = parent;
      out!.push(nl);
    }
  }
  // One rebuilt child list per parent: rows with many cells stay linear.
  if (out) parent.children = out;
}

/** Wikitext cells only exist in wikitext tables: most pages have none, and need no work here. */
export function hasWikitextTables(text: string): boolean {
  return text.includes("{|");
}

/**
 * Moves the newlines out of the cells among `el`'s children when it is a row, table or tbody.
 * `text` is the (preprocessed) wikitext the tree was built from. Run at every element in
 * document order, before the children are visited (tree-cleanup.ts).
 */
export function moveNewlinesOutOfCells(el: WElement, text: string): void {
  if (el.name === "tr" || el.name === "table" || el.name === "tbody") moveOutOfCells(el, text);
}

/** Detaches the newline a wikitext row closed by the next table line ends with (left by its last cell). */
function takeRowNewline(row: WElement, text: string): WText | null {
  const dp = row.dp;
  if (dp === null || dp.stx === "html" || row.closeWidth !== 0 || row.closeEnd <= 0) return null;
  const last = row.children[row.children.length - 1];
  // (The newline with the blanks indenting the next table line, as its last cell left them.)
  if (!last || last.kind !== "text" || !isLineEnd(last.value)) return null;
  const start = row.closeEnd - last.value.length;
  if (start < 0 || text.slice(start, row.closeEnd) !== last.value) return null;
  row.children.pop();
  row.closeEnd = start;
  return last;
}

/** "\n", or "\n" and the spaces or tabs after it. */
function isLineEnd(value: string): boolean {
  if (value.charCodeAt(0) !== 10) return false;
  for (let i = 1; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/**
 * A wikitext row closed by the next table line ends before the newline of its last line, as the
 * cell before it does (Parsoid's MigrateTrailingNLs moves newlines out of rows too): the HTML
 * reads `</td></tr>\n<tr>`. Moves each such row's trailing newline out to follow it in
 * `section` (a tbody, thead or tfoot), one rebuilt child list per section (tables with many rows
 * stay linear). Run after the section's rows are visited (their cells' newlines are out).
 */
export function moveNewlinesOutOfRows(section: WElement, text: string): void {
  const kids = section.children;
  let out: WNode[] | null = null;
  for (let i = 0; i < kids.length; i++) {
    const child = kids[i]!;
    const nl = child.kind === "element" && child.name === "tr" ? takeRowNewline(child, text) : null;
    if (nl && !out) out = kids.slice(0, i);
    if (out) out.push(child);
    if (!nl) continue;
    const next = kids[i + 1];
    if (next && next.kind === "text") {
      nl.parent = null;
      next.value = nl.value + next.value;
    } else {
      nl.parent = section;
      out!.push(nl);
    }
  }
  if (out) section.children = out;
}
