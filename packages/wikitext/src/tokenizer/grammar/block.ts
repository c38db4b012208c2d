// Line-level syntax: each line starts with at most one block construct (heading, horizontal
// rule, list item, table line, indentation); the rest of the line is inline content.
import {
  K_NEWLINE, K_HR, K_LIST_PREFIX, K_EQUALS, K_COLON, K_INDENT, K_TEXT, K_COMMENT,
  K_TABLE_START, K_TABLE_END, K_TABLE_ROW, K_TABLE_CAPTION, K_TABLE_CELL, K_TABLE_HEADING,
  K_PIPE, K_DOUBLE_PIPE, K_BRACKET_OPEN, K_TAG_OPEN, K_TAG_CLOSE, K_QUOTE, K_BEHAVIOR_SWITCH, K_LINK_OPEN,
} from "@wikiloom/wasm";
import { afterSolTransparent } from "./sol-transparent.js";
import { parseTag } from "./html-tag.js";
import { VOID_TAGS } from "../../util/html-tags.js";
import type { Grammar } from "./state.js";
import { inline, commentBody, pushCommentsAndText } from "./inline.js";
import { heading } from "./heading.js";
import { isLinkAcrossLines } from "./wikilink.js";
import { tableLine, cells, tableStartAt, rowOrEndAfterComments } from "./table.js";
import { selfClosing } from "../tokens.js";

/** Converts the whole stream, line by line. */
/** Parses the document into `g.out`; the grammar's token stream and tables are released after. */
export function parseDocument(g: Grammar, from = 0): void {
  let i = from;
  while (i < g.n) {
    i = parseLine(g, i);
    if (i >= g.n) break;
    if (g.kind(i) === K_NEWLINE) {
      g.out.push({ type: "nl", start: g.start(i), end: g.end(i) });
      i++;
    }
  }
  g.release();
}

/**
 * The end of the line from token i, or of a later line when a link opened on it closes there:
 * its text holds those line breaks, so the lines in between are part of this one.
 */
function lineEndAfterLinks(g: Grammar, i: number): number {
  let lineEnd = g.nextNewline[i]!;
  for (let k = i; k < lineEnd; k++) {
    if (g.kind(k) !== K_LINK_OPEN) continue;
    const close = g.linkClose[k]!;
    if (close < 0) continue;
    if (close > lineEnd && isLinkAcrossLines(g, k)) lineEnd = g.nextNewline[close]!;
    k = close;
  }
  return lineEnd;
}

/** Whether token k is only spaces and tabs (stops at the first other character: no slicing). */
function isBlank(g: Grammar, k: number): boolean {
  const src = g.src;
  for (let p = g.start(k), e = g.end(k); p < e; p++) {
    const c = src.charCodeAt(p);
    if (c !== 0x20 && c !== 0x09) return false;
  }
  return true;
}

/**
 * A line of only comments and whitespace (with at least one comment) that ends in a newline is
 * an "empty line": it and its newline are transparent to paragraphs, lists and pre.
 */
function emptyLine(g: Grammar, i: number, lineEnd: number): boolean {
  if (lineEnd >= g.n) return false;
  let comments = 0;
  for (let k = i; k < lineEnd; k++) {
    const kind = g.kind(k);
    if (kind === K_COMMENT) comments++;
    else if (!((kind === K_TEXT || kind === K_INDENT) && isBlank(g, k))) return false;
  }
  if (comments === 0) return false;
  for (let k = i; k < lineEnd; k++) {
    if (g.kind(k) === K_COMMENT) g.out.push({ type: "comment", value: commentBody(g.slice(k)), start: g.start(k), end: g.end(k) });
    else g.out.push({ type: "text", value: g.slice(k), start: g.start(k), end: g.end(k), transparent: true });
  }
  g.out.push({ type: "text", value: "\n", start: g.start(lineEnd), end: g.end(lineEnd), transparent: true });
  return true;
}

/** One line from token i; returns the index of its newline (or n). */
function parseLine(g: Grammar, i: number): number {
  const lineEnd = g.hasLinksAcrossLines ? lineEndAfterLinks(g, i) : g.nextNewline[i]!;
  if ((i === 0 || g.kind(i - 1) === K_NEWLINE) && emptyLine(g, i, lineEnd)) return lineEnd + 1;
  const k = g.kind(i);
  switch (k) {
    case K_HR: {
      const dp: Record<string, unknown> = { tsr: [g.start(i), g.end(i)] };
      if (g.extra(i) > 4) dp["extra_dashes"] = g.extra(i) - 4;
      g.out.push(selfClosing("hr", [], dp));
      return inline(g, i + 1, lineEnd, null);
    }
    case K_LIST_PREFIX:
      if (!g.listItems) return inline(g, i, lineEnd, null);
      return listLine(g, i, lineEnd);
    case K_EQUALS: {
      const after = heading(g, i, lineEnd);
      if (after >= 0) return after;
      return inline(g, i, lineEnd, null);
    }
    case K_TABLE_START: case K_TABLE_END: case K_TABLE_ROW: case K_TABLE_CAPTION:
    case K_TABLE_CELL: case K_TABLE_HEADING:
      return tableLine(g, i, lineEnd);
    case K_TEXT: {
      // Whitespace before table syntax.
      const next = g.kind(i + 1);
      if (next >= K_TABLE_START && next <= K_TABLE_HEADING && isBlank(g, i)) {
        if (next === K_TABLE_START || g.tableDepth > 0) {
          // The blanks before the syntax are text, as Parsoid keeps them (html2wt writes them back).
          pushCommentsAndText(g, i, i + 1);
          return tableLine(g, i + 1, lineEnd);
        }
        // Table syntax outside a table is text: the leading space still makes an indent-pre.
        return indentedLine(g, i, lineEnd);
      }
      const commented = blanksBeforeCommentedTableSyntax(g, i, lineEnd);
      if (commented >= 0) return commented;
      break;
    }
    case K_INDENT: {
      const commented = blanksBeforeCommentedTableSyntax(g, i, lineEnd);
      return commented >= 0 ? commented : indentedLine(g, i, lineEnd);
    }
    case K_COMMENT: case K_TAG_OPEN: case K_TAG_CLOSE: case K_BEHAVIOR_SWITCH: {
      const after = afterSolTransparentStart(g, i, lineEnd);
      if (after >= 0) return after;
      if (k === K_COMMENT) return commentsAtLineStart(g, i, lineEnd);
      break;
    }
  }
  return inline(g, i, lineEnd, null);
}

/**
 * A heading after sol-transparent markup at the start of its line (`<!-- c -->==h==`,
 * `</noinclude>== h ==`, `__INDEX__== h ==`), or a list item after include directives
 * (`</noinclude>*item`; after comments alone, commentsAtLineStart reads it). Returns the line
 * end, or -1 when no such construct follows the markup.
 */
function afterSolTransparentStart(g: Grammar, i: number, lineEnd: number): number {
  const j = afterSolTransparent(g, i, lineEnd);
  if (j === i || j >= lineEnd) return -1;
  if (g.kind(j) === K_EQUALS) {
    inline(g, i, j, null);
    const after = heading(g, j, lineEnd, false);
    return after >= 0 ? after : inline(g, j, lineEnd, null);
  }
  // `<!-- c -->{|`, `<includeonly>…</includeonly>{|`: a table may start after them too.
  if (g.kind(j) === K_TEXT && g.src.startsWith("{|", g.start(j))) {
    inline(g, i, j, null);
    return tableStartAt(g, g.start(j), lineEnd);
  }
  if (g.tableDepth > 0 || g.kind(j) !== K_TEXT || onlyComments(g, i, j)) return -1;
  const bullets = /^[*#:;]+/.exec(g.slice(j));
  if (!bullets) return -1;
  inline(g, i, j, null);
  const s = g.start(j);
  g.out.push({ type: "listitem", bullets: bullets[0], start: s, end: s + bullets[0].length });
  g.emittedListItem = true;
  return inline(g, g.consumeTo(j, s + bullets[0].length), lineEnd, null);
}

function onlyComments(g: Grammar, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (g.kind(k) !== K_COMMENT) return false;
  return true;
}

/**
 * Blanks (token i), then comments, then table syntax: the comments are transparent and the
 * blanks stay as text. Returns the line end, or -1 when the line is not such a table line.
 */
function blanksBeforeCommentedTableSyntax(g: Grammar, i: number, lineEnd: number): number {
  if (g.tableDepth === 0 || g.kind(i + 1) !== K_COMMENT || !isBlank(g, i) || !tableSyntaxAfterComments(g, i + 1, lineEnd)) return -1;
  pushCommentsAndText(g, i, i + 1);
  return commentsAtLineStart(g, i + 1, lineEnd);
}

/** Whether the comments from token i are followed (after blanks) by a pipe or a "!". */
function tableSyntaxAfterComments(g: Grammar, i: number, lineEnd: number): boolean {
  let k = i;
  while (k < lineEnd && g.kind(k) === K_COMMENT) k++;
  if (k < lineEnd && g.kind(k) === K_TEXT && /^[ \t]*!/.test(g.slice(k))) return true;
  if (k < lineEnd && g.kind(k) === K_TEXT && isBlank(g, k)) k++;
  const kind = g.kind(k);
  return k < lineEnd && (kind === K_PIPE || kind === K_DOUBLE_PIPE);
}

/** Comments are transparent at the start of a line: a space after them still starts a pre. */
function commentsAtLineStart(g: Grammar, i: number, lineEnd: number): number {
  let j = i;
  while (j < lineEnd && g.kind(j) === K_COMMENT) j++;
  if (g.tableDepth > 0) {
    // `<!-- c -->|cell` and `<!-- c --> ||cell`: comments are transparent before table syntax.
    let k = j;
    if (k < lineEnd && g.kind(k) === K_TEXT && /^[ \t]*$/.test(g.slice(k))) k++;
    const kind = g.kind(k);
    if (k < lineEnd && (kind === K_PIPE || kind === K_DOUBLE_PIPE)) {
      pushCommentsAndText(g, i, j);
      // (The blanks between the comments and the pipe stay as text, as before table syntax.)
      pushCommentsAndText(g, j, k);
      if (kind === K_PIPE) {
        const end = rowOrEndAfterComments(g, k, lineEnd);
        if (end >= 0) return end;
      }
      return cells(g, k + 1, lineEnd, "td", g.start(k), g.end(k));
    }
    // `<!-- c -->!heading`: the tokenizer only marks `!` at the very start of a line, so here it
    // is the first character of a text token.
    const bang = j < lineEnd && g.kind(j) === K_TEXT ? /^[ \t]*!/.exec(g.slice(j)) : null;
    if (bang) {
      pushCommentsAndText(g, i, j);
      const end = g.start(j) + bang[0].length;
      return cells(g, g.consumeTo(j, end), lineEnd, "th", end - 1, end);
    }
  }
  // `<!-- c -->*item`: list bullets may follow comments at the start of a line.
  const bullets = j < lineEnd && g.kind(j) === K_TEXT && g.listItems ? /^[*#:;]+/.exec(g.slice(j)) : null;
  if (bullets) {
    pushCommentsAndText(g, i, j);
    const s = g.start(j);
    g.out.push({ type: "listitem", bullets: bullets[0], start: s, end: s + bullets[0].length });
    g.emittedListItem = true;
    return inline(g, g.consumeTo(j, s + bullets[0].length), lineEnd, null);
  }
  if (j < lineEnd && g.kind(j) === K_TEXT && g.src.charCodeAt(g.start(j)) === 0x20) {
    j = inline(g, i, j, null);
    const s = g.start(j);
    g.out.push({ type: "indent", value: " ", start: s, end: s + 1 });
    g.emittedIndent = true;
    g.consumeTo(j, s + 1);
    return inline(g, j, lineEnd, null);
  }
  return inline(g, i, lineEnd, null);
}

function indentedLine(g: Grammar, i: number, lineEnd: number): number {
  const s = g.start(i);
  const value = g.slice(i);
  if (value.charCodeAt(0) === 0x20) {
    g.out.push({ type: "indent", value: " ", start: s, end: s + 1 });
    g.emittedIndent = true;
    if (value.length > 1) g.out.push({ type: "text", value: value.slice(1), start: s + 1, end: g.end(i) });
  } else {
    g.out.push({ type: "text", value, start: s, end: g.end(i) });
  }
  return inline(g, i + 1, lineEnd, null);
}

/** Where the spaces and tabs at the start of token `k` end. */
function blankEnd(g: Grammar, k: number): number {
  let p = g.start(k);
  const end = g.end(k);
  while (p < end) {
    const ch = g.src.charCodeAt(p);
    if (ch !== 32 && ch !== 9) break;
    p++;
  }
  return p;
}

/**
 * Whether tokens `a` and `b` come from the same top-level template output (or both from the
 * page): Parsoid tokenizes a template's output apart, so a colon a template wrote does not split
 * the term the page's `;` started, nor the page's colon a term a template started.
 */
function sameTemplateOutput(g: Grammar, a: number, b: number): boolean {
  return g.templateEnd === null || g.templateEnd(g.start(a)) === g.templateEnd(g.start(b));
}

function onlyColons(bullets: string): boolean {
  for (let k = 0; k < bullets.length; k++) if (bullets.charCodeAt(k) !== 58) return false;
  return true;
}

/** `*#:;` items; on `;` lines the first top-level `:` starts the definition. */
function listLine(g: Grammar, i: number, lineEnd: number): number {
  const bullets = g.slice(i);
  g.out.push({ type: "listitem", bullets, start: g.start(i), end: g.end(i) });
  g.emittedListItem = true;
  let j = i + 1;
  if (g.kind(j) === K_TABLE_START) return tableLine(g, j, lineEnd);
  // `:<!-- c -->{|`: comments may come between the bullets and the table; after colons only
  // (Parsoid's hacky_dl_uses, whose table start tag allows them), spaces too: `: {|`.
  const spacesAllowed = onlyColons(bullets);
  let c = j;
  while (c < lineEnd && (g.kind(c) === K_COMMENT || (spacesAllowed && g.kind(c) === K_TEXT && blankEnd(g, c) === g.end(c)))) c++;
  if (c > j && c < lineEnd && g.kind(c) === K_TABLE_START) {
    pushCommentsAndText(g, j, c);
    return tableLine(g, c, lineEnd);
  }
  if (c < lineEnd && g.kind(c) === K_TEXT) {
    const at = blankEnd(g, c);
    if (g.src.startsWith("{|", at) && (c > j || at > g.start(c)) && (spacesAllowed || at === g.start(c))) {
      pushCommentsAndText(g, j, c);
      if (at > g.start(c)) g.out.push({ type: "text", value: g.src.slice(g.start(c), at), start: g.start(c), end: at });
      return tableStartAt(g, at, lineEnd);
    }
  }
  if (!bullets.includes(";")) return inline(g, j, lineEnd, null);
  // Find the separating colon outside links, external links and open HTML tags.
  let colon = -1;
  let openTags = 0;
  // Bold/italic runs become tags before the legacy parser looks for the colon: inside them it
  // does not split either.
  let inQuotes = false;
  for (let k = j; k < lineEnd; k++) {
    const link = g.linkClose[k]!;
    if (link > 0) {
      k = link;
      continue;
    }
    const kind = g.kind(k);
    if (kind === K_BRACKET_OPEN && g.bracketClose[k]! > 0) {
      k = g.bracketClose[k]!;
      continue;
    }
    if (kind === K_TAG_OPEN && g.extra(k) === 0 && !VOID_TAGS.has(parseTag(g.slice(k)).name)) openTags++;
    else if (kind === K_TAG_CLOSE && openTags > 0) openTags--;
    else if (kind === K_QUOTE) inQuotes = !inQuotes;
    else if (kind === K_COLON && openTags === 0 && !inQuotes && !g.inLanguageVariant(g.start(k)) && sameTemplateOutput(g, i, k)) {
      colon = k;
      break;
    }
  }
  if (colon < 0) return inline(g, j, lineEnd, null);
  inline(g, j, colon, null);
  const ddBullets = bullets.slice(0, -1) + ":";
  g.out.push({ type: "listitem", bullets: ddBullets, start: g.start(colon), end: g.end(colon), });
  g.emittedListItem = true;
  j = colon + 1;
  // Nested `;a:b:c` keeps the remaining colons as text.
  return inline(g, j, lineEnd, null);
}
