// Wikitext tables: `{|` opens (attributes on the rest of the line), `|+` caption, `|-` row,
// `|`/`!` cells, `||`/`!!` further cells on the same line, `|}` closes. Only start tags are
// emitted for rows and cells: HTML5 tree construction closes them, as it does for Parsoid.
import {
  K_TABLE_START, K_TABLE_END, K_TABLE_ROW, K_TABLE_CAPTION, K_TABLE_CELL, K_TABLE_HEADING,
  K_DOUBLE_PIPE, K_DOUBLE_BANG, K_PIPE, K_LINK_OPEN, K_BRACKET_OPEN, K_NEWLINE, K_COMMENT, K_TEXT,
} from "@wikiloom/wasm";
import type { Grammar } from "./state.js";
import { inline, pushCommentsAndText } from "./inline.js";
import { startTag, endTag, type TagAux } from "../tokens.js";
import { parseAttributes } from "../attributes.js";
import { attributeTextAux } from "./attr-sources.js";
import type { DataParser } from "../../dom/data-parser.js";
import type { Attr } from "../../dom/node.js";

/**
 * A table line's attribute text (at `offset`) as written (`rowspan=2`, `style='x'`, no space
 * after the marker), when html2wt would write the attributes otherwise (` name="value"` each),
 * for it to write them back while they are unchanged (as `tagSrc` keeps an HTML start tag). Not
 * recorded in lint mode, nor where a template wrote part of it (the text here is its output).
 */
function writtenAttributes(g: Grammar, text: string, offset: number, attrs: readonly Attr[], aux: TagAux | null): string | null {
  if (g.lint || text === "") return null;
  if (aux !== null && g.templated !== null && g.templated(offset, offset + text.length)) return null;
  let plain = "";
  for (const a of attrs) plain += " " + a.name + '="' + a.value + '"';
  return text === plain ? null : text;
}

/** `{|` found inside a text token at source position `pos` (after comments): opens a table. */
export function tableStartAt(g: Grammar, pos: number, lineEnd: number): number {
  openTable(g, pos + 2, pos, lineEndPos(g, lineEnd));
  return lineEnd;
}

/** `{|` at `start` with its attributes written at [attrStart, end). */
function openTable(g: Grammar, attrStart: number, start: number, end: number): void {
  const dp: DataParser = { tsr: [start, end], stx: "wikitext" };
  const written = pipeSpelling(g, start, start + 2);
  if (written !== null) dp.startTagSrc = written;
  const attrText = attrStart < end ? g.src.slice(attrStart, end) : "";
  const attrs = parseAttributes(attrText);
  const aux = attributeTextAux(g, attrText, attrStart, start);
  const writtenAttrs = writtenAttributes(g, attrText, attrStart, attrs, aux);
  if (writtenAttrs !== null) dp.attrsSrc = writtenAttrs;
  const tk = startTag("table", attrs, dp);
  if (aux) tk.aux = aux;
  g.out.push(tk);
  g.openTables.push(dp);
  g.tableDepth++;
}

/**
 * Table markup at [start, end) of the expanded text as the page wrote it, when {{!}} stood for
 * some of its pipes ("{{{!}}", "{{!}}-", "{{!}}{{!}}"): html2wt writes it back that way. Null
 * for markup written plainly (or that a real template produced).
 */
function pipeSpelling(g: Grammar, start: number, end: number): string | null {
  if (g.pageSource === null || g.templated === null || !g.templated(start, end)) return null;
  const written = g.pageSource(start, end);
  return written.includes("{{!}}") && /^(?:\{\{!\}\}|[|!{}+-])+$/.test(written) ? written : null;
}

/** A line starting with table syntax at token i. Returns the line end. */
export function tableLine(g: Grammar, i: number, lineEnd: number): number {
  const k = g.kind(i);
  const s = g.start(i);
  if (k === K_TABLE_START) {
    const comments = trailingComments(g, i + 1, lineEnd);
    openTable(g, i + 1 < comments ? g.start(i + 1) : lineEndPos(g, comments), s, lineEndPos(g, comments));
    pushCommentsAndText(g, comments, lineEnd);
    return lineEnd;
  }
  if (g.tableDepth === 0) return inline(g, i, lineEnd, null);
  switch (k) {
    case K_TABLE_END:
      closeTable(g, s, g.end(i));
      return inline(g, i + 1, lineEnd, null);
    case K_TABLE_ROW:
      return tableRow(g, s, g.end(i), i + 1, lineEnd);
    case K_TABLE_CAPTION:
      return cells(g, i + 1, lineEnd, "caption", s, g.end(i));
    case K_TABLE_CELL:
      return cells(g, i + 1, lineEnd, "td", s, g.end(i));
    case K_TABLE_HEADING:
      return cells(g, i + 1, lineEnd, "th", s, g.end(i));
  }
  return inline(g, i, lineEnd, null);
}

/** `|}` at [start, end): ends the innermost table. */
function closeTable(g: Grammar, start: number, end: number): void {
  g.out.push(endTag("table", { tsr: [start, end] }));
  g.tableDepth--;
  // The end's spelling lives with the table's start tag (the element's parse data).
  const table = g.openTables.pop();
  const written = table ? pipeSpelling(g, start, end) : null;
  if (table && written !== null) table.endTagSrc = written;
}

/** `|-` at [start, end) with its attributes in tokens [from, lineEnd). Returns the line end. */
function tableRow(g: Grammar, start: number, end: number, from: number, lineEnd: number): number {
  const comments = trailingComments(g, from, lineEnd);
  const attrText = restOfLine(g, from, comments);
  const attrs = parseAttributes(attrText);
  const dp: DataParser = { tsr: [start, lineEndPos(g, comments)], startTagSrc: pipeSpelling(g, start, end) ?? g.src.slice(start, end) };
  const aux = attrText === "" ? null : attributeTextAux(g, attrText, g.start(from), start);
  const written = writtenAttributes(g, attrText, g.start(from), attrs, aux);
  if (written !== null) dp.attrsSrc = written;
  const tk = startTag("tr", attrs, dp);
  if (aux) tk.aux = aux;
  g.out.push(tk);
  pushCommentsAndText(g, comments, lineEnd);
  return lineEnd;
}

/**
 * `|-` or `|}` written after comments at the start of a line (`<!-- c -->|-`): the tokenizer only
 * marks them at the very start, so here they are a pipe followed by text. MediaWiki removes the
 * comments first, so they are table syntax all the same. Returns the line end, or -1 when the
 * pipe at `pipe` starts neither.
 */
export function rowOrEndAfterComments(g: Grammar, pipe: number, lineEnd: number): number {
  const next = pipe + 1;
  if (next >= lineEnd || g.kind(next) !== K_TEXT || g.start(next) !== g.end(pipe)) return -1;
  const text = g.slice(next);
  const start = g.start(pipe);
  if (text.startsWith("-")) {
    let dashes = 1;
    while (text.charCodeAt(dashes) === 0x2d) dashes++;
    const end = g.start(next) + dashes;
    return tableRow(g, start, end, g.consumeTo(next, end), lineEnd);
  }
  if (text.startsWith("}")) {
    const end = g.start(next) + 1;
    closeTable(g, start, end);
    return inline(g, g.consumeTo(next, end), lineEnd, null);
  }
  return -1;
}

function lineEndPos(g: Grammar, lineEnd: number): number {
  return g.start(lineEnd);
}

/**
 * Where the comments ending a `{|` or `|-` line start (with only blanks between them), or
 * `lineEnd` when it does not end in one. They are no attributes (MediaWiki removes comments
 * before it reads the line): they follow the start tag as comments of their own.
 */
function trailingComments(g: Grammar, from: number, lineEnd: number): number {
  let first = lineEnd;
  for (let k = lineEnd - 1; k >= from; k--) {
    const kind = g.kind(k);
    if (kind === K_COMMENT) first = k;
    else if (!(kind === K_TEXT && BLANK.test(g.slice(k)))) break;
  }
  return first;
}

const BLANK = /^[ \t]*$/;

/** Source text of tokens [from, to). */
function restOfLine(g: Grammar, from: number, to: number): string {
  if (from >= to) return "";
  return g.src.slice(g.start(from), g.start(to));
}

/**
 * Cells on one line: split at `||` (and `!!` on heading lines) outside links; each cell may
 * start with `attributes |`.
 */
export function cells(g: Grammar, from: number, lineEnd: number, tag: string, tagStart: number, tagEnd: number): number {
  const heading = tag === "th";
  let segStart = from;
  let cellTag = tag;
  let cellTsrStart = tagStart;
  let cellTsrEnd = tagEnd;
  let k = from;
  while (true) {
    // Find the end of this cell.
    let sep = -1;
    for (k = segStart; k < lineEnd; k++) {
      const link = g.linkClose[k]!;
      if (link > 0) {
        k = link;
        continue;
      }
      const kind = g.kind(k);
      if (tag !== "caption" && (kind === K_DOUBLE_PIPE || (heading && kind === K_DOUBLE_BANG)) && !g.inLanguageVariant(g.start(k))) {
        sep = k;
        break;
      }
    }
    const segEnd = sep >= 0 ? sep : lineEnd;
    emitCell(g, segStart, segEnd, cellTag, cellTsrStart, cellTsrEnd);
    if (sep < 0) return lineEnd;
    segStart = sep + 1;
    cellTsrStart = g.start(sep);
    cellTsrEnd = g.end(sep);
    cellTag = tag;
  }
}

function emitCell(g: Grammar, from: number, to: number, tag: string, tsrStart: number, tsrEnd: number): void {
  // `attrs | content`: the first single pipe separates attributes, unless a link comes first
  // (MediaWiki's rule: no attributes when the part before the pipe holds `[[`).
  let attrPipe = -1;
  let linkAt = -1;
  for (let k = from; k < to; k++) {
    const kind = g.kind(k);
    if (kind === K_PIPE && !g.inLanguageVariant(g.start(k))) {
      attrPipe = k;
      break;
    }
    if (kind === K_LINK_OPEN || kind === K_BRACKET_OPEN) linkAt = k;
    if (linkAt >= 0 || kind === K_NEWLINE) break;
  }
  // `|+class="x"{{1x|{{!}}text}}`: a caption's pipe that a template's output starts with is no
  // attribute separator. Parsoid tokenizes the template apart, where the pipe starts a cell
  // (which ends the caption), and its table fixups combine no cell with a caption.
  if (tag === "caption" && attrPipe >= 0 && startsTemplateOutput(g, g.start(attrPipe))) {
    emitCell(g, from, attrPipe, tag, tsrStart, tsrEnd);
    emitCell(g, attrPipe + 1, to, "td", g.start(attrPipe), g.end(attrPipe));
    return;
  }
  let attrs: ReturnType<typeof parseAttributes> = [];
  let contentFrom = from;
  let aux: TagAux | null = null;
  const dp: Record<string, unknown> = {};
  if (attrPipe >= 0) {
    const attrText = g.src.slice(g.start(from), g.start(attrPipe));
    attrs = parseAttributes(attrText);
    aux = attributeTextAux(g, attrText, g.start(from), tsrStart);
    contentFrom = attrPipe + 1;
    tsrEnd = g.end(attrPipe);
    // The separator with the whitespace before it ("style=x |" or "style=x|").
    const blanks = /[ \t]*$/.exec(attrText)?.[0] ?? "";
    dp["attrSepSrc"] = blanks + (pipeSpelling(g, g.start(attrPipe), g.end(attrPipe)) ?? "|");
    const written = writtenAttributes(g, attrText.slice(0, attrText.length - blanks.length), g.start(from), attrs, aux);
    if (written !== null) dp["attrsSrc"] = written;
  }
  dp["tsr"] = [tsrStart, tsrEnd];
  const markerEnd = g.end(from - 1);
  // The cell's own marker: "||" opening a line is a "|" whose cell has empty attributes
  // ("||b" = "|" + "" + "|"), not a second cell of the line.
  const marker = g.src.slice(tsrStart, Math.min(markerEnd, tsrStart + 2));
  if (marker === "||" || marker === "!!") dp["stx"] = "row";
  // A header cell that "||" started (not "!!"): html2wt writes the marker as it was.
  if (marker === "||" && tag === "th") dp["startTagSrc"] = "||";
  else {
    const written = pipeSpelling(g, tsrStart, markerEnd);
    if (written !== null) dp["startTagSrc"] = written;
  }
  const start = startTag(tag, attrs, dp);
  if (aux) start.aux = aux;
  if (linkAt >= 0) {
    const pipe = pipeAfterLinks(g, linkAt, to);
    if (pipe >= 0) start.aux = { attrsAsContent: [g.start(from), g.start(pipe)] };
  }
  g.out.push(start);
  inline(g, contentFrom, to, null);
}

/** Whether a template's output starts at `at` of the tokenized text. */
function startsTemplateOutput(g: Grammar, at: number): boolean {
  if (g.templateEnd === null) return false;
  const end = g.templateEnd(at);
  return end >= 0 && (at === 0 || g.templateEnd(at - 1) !== end);
}

/**
 * The first `|` in [from, to) outside links: when a link kept a cell's attribute text as content,
 * the text up to it was written in attribute position.
 */
function pipeAfterLinks(g: Grammar, from: number, to: number): number {
  for (let k = from; k < to; k++) {
    const kind = g.kind(k);
    const close = kind === K_BRACKET_OPEN ? g.bracketClose[k]! : g.linkClose[k]!;
    if (close > 0) {
      k = close;
      continue;
    }
    if (kind === K_PIPE) return k;
    if (kind === K_NEWLINE) return -1;
  }
  return -1;
}

