// Tables in wikitext syntax: {| attrs, |+ caption, |- rows, | and ! cells (|| and !! when the
// source had them on one line, stx "row"), |}. Tables or parts written as HTML stay HTML.
import { indexInParent, type Attr, type WElement } from "../../dom/node.js";
import { ANY, ONE_LINE_BREAK, OWN_LINE, SAME_LINE } from "../constraints.js";
import type { Serializer } from "../serializer.js";
import { serializeAttributes } from "./attributes.js";
import { isBlockElement, isExtensionOutput, isHtmlSyntax, isTransclusion } from "./block-kinds.js";
import { htmlTagHandler } from "./html-tag.js";
import type { NodeHandler } from "./types.js";
import { trimmedEdgeSpaces } from "./edge-whitespace.js";
import { isNewContent } from "../node-data.js";
import { parseAttributes } from "../../tokenizer/attributes.js";
import { sanitizeAttributes } from "../../transforms/sanitizer.js";

/**
 * A table line's attributes as the source wrote them (parse data `attrsSrc`: `rowspan=2`,
 * `style='x'`), while they still give exactly the element's attributes; else the attributes as
 * html2wt writes them (` name="value"` each). Attributes holding markup (`<nowiki>`) are
 * written from data-mw: the source's text stands while it reads as what that gives.
 */
function tableAttributes(el: WElement, s: Serializer): string {
  const written = serializeAttributes(el, undefined, s.serializeFragment);
  const src = el.dp?.attrsSrc;
  if (typeof src !== "string" || isNewContent(el)) return written;
  const expanded = (el.getAttribute("typeof") ?? "").split(/\s+/).includes("mw:ExpandedAttrs");
  return sameAttributes(readAttributes(el.name, src), expanded ? readAttributes(el.name, written) : el.attrs) ? src : written;
}

function readAttributes(tag: string, text: string): readonly Attr[] {
  return sanitizeAttributes(tag, parseAttributes(text)).attrs;
}

function sameAttributes(a: readonly Attr[], b: readonly Attr[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.name !== b[i]!.name || a[i]!.value !== b[i]!.value) return false;
  return true;
}

function isWikitextListItem(el: WElement | null): boolean {
  return el !== null && (el.name === "dd" || el.name === "li" || el.name === "dt") && !isHtmlSyntax(el) && el.parent !== null && !isHtmlSyntax(el.parent);
}

function inHtmlTable(el: WElement): boolean {
  for (let p: WElement | null = el; p; p = p.parent) {
    if (p.name === "table") return isHtmlSyntax(p);
    if (isHtmlSyntax(p) && p.name !== "tbody") return true;
  }
  return false;
}

export const tableHandler: NodeHandler = {
  before(el, prev, s) {
    if (isHtmlSyntax(el)) return htmlTagHandler.before!(el, prev, s);
    // ":{|" indents a table: the first thing in a wikitext list item starts on the bullets' line.
    const item = el.parent;
    if (prev === null && item && (item.name === "dd" || item.name === "li") && !isHtmlSyntax(item) && item.parent && !isHtmlSyntax(item.parent)) return ANY;
    return OWN_LINE;
  },
  // Content the source had right after "|}" may stay on its line (as Parsoid's tables allow);
  // new tables or new content after them start a line.
  after: (el, next, s) => {
    if (isHtmlSyntax(el)) return htmlTagHandler.after!(el, next, s);
    // Inline content after a table in a wikitext list item (":{|...|} text") stays on the "|}"
    // line: a line break would end the item and move it out of the list.
    if (next !== null && !isBlockElement(next) && isWikitextListItem(el.parent)) return SAME_LINE;
    const fresh = isNewContent(el) || (next !== null && next.kind === "element" && isNewContent(next));
    return fresh || next === null ? OWN_LINE : ANY;
  },
  serialize(el, s) {
    if (isHtmlSyntax(el)) return htmlTagHandler.serialize(el, s);
    s.emit(`${writtenMarkup(el.dp?.startTagSrc, "{|")}${tableAttributes(el, s)}`);
    s.withContext({ cell: null, htmlBlock: false, listItem: false }, () => s.serializeChildren(el));
    // In a table from other HTML, the whitespace between its parts is layout: "|}" follows the
    // last cell on the next line (Parsoid's at most one newline inside new tables).
    s.requireNewlines(isNewContent(el) ? ONE_LINE_BREAK : OWN_LINE);
    s.startTableLine();
    s.emit(el.dp?.autoInsertedEnd ? "" : writtenMarkup(el.dp?.endTagSrc, "|}"));
  },
};

/**
 * Table markup as the source wrote it, when the parse data keeps a spelling that means the same
 * ({{!}} standing for a pipe: "{{{!}}", "{{!}}-", "{{!}}}"); else the plain markup.
 */
function writtenMarkup(src: unknown, plain: string): string {
  return typeof src === "string" && src.includes("{{!}}") && src.replace(/\{\{!\}\}/g, "|") === plain ? src : plain;
}

/** tbody/thead/tfoot have no wikitext syntax: only their rows are written. */
export const tableSectionHandler: NodeHandler = {
  serialize(el, s) {
    // In an HTML table only a section the source wrote is written: the tree builder adds a
    // tbody around rows by itself.
    if (inHtmlTable(el) && !el.dp?.autoInsertedStart && (el.name !== "tbody" || isHtmlSyntax(el) || isNewContent(el.parent!))) return htmlTagHandler.serialize(el, s);
    s.serializeChildren(el);
  },
};

function isFirstRow(tr: WElement): boolean {
  const section = tr.parent;
  const table = section?.name === "table" ? section : section?.parent;
  if (!table) return false;
  for (const c of table.children) {
    if (c.kind !== "element") continue;
    if (c === tr) return true;
    if (c.name === "caption") continue;
    if (c.name === "tr") return false;
    if (c.name === "tbody" || c.name === "thead" || c.name === "tfoot") {
      const firstRow = c.children.find((r): r is WElement => r.kind === "element" && r.name === "tr");
      return firstRow === tr;
    }
  }
  return false;
}

export const tableRowHandler: NodeHandler = {
  before: (el, prev, s) => (inHtmlTable(el) ? htmlTagHandler.before!(el, prev, s) : ONE_LINE_BREAK),
  serialize(el, s) {
    if (inHtmlTable(el)) return htmlTagHandler.serialize(el, s);
    const dp = el.dp ?? {};
    const attrs = tableAttributes(el, s);
    // The first row needs no |- unless the source had one or it has attributes.
    const implicit = isFirstRow(el) && attrs.trim() === "" && (dp.autoInsertedStart === true || dp.startTagSrc === undefined);
    if (!implicit) {
      s.startTableLine();
      const marker = dp.startTagSrc ?? "|-";
      s.emit(`${marker}${attrs}${attrs === "" ? trailingBlanks(dp.dsr, marker) : ""}`);
    }
    s.serializeChildren(el);
  },
};

/**
 * The blanks the source wrote after a row marker with no attributes (`|-  `): its start tag's
 * source width (dsr) still tells how many there were.
 */
function trailingBlanks(dsr: unknown, marker: string): string {
  const openWidth = Array.isArray(dsr) && typeof dsr[2] === "number" ? dsr[2] : null;
  const extra = openWidth === null ? 0 : openWidth - marker.length;
  return extra > 0 && extra <= 8 ? " ".repeat(extra) : "";
}

/** The marker of a cell continuing its row on the same line ("||", "!!", or as written with {{!}}). */
function cellMarker(el: WElement): string {
  const header = el.name === "th";
  const src = el.dp?.startTagSrc;
  if (src === "||" || src === "!!") return src;
  // "{{!}}{{!}}", "{{!}}|", "|{{!}}" all stand for "||" (a header's "!!" has no such spelling).
  return header ? "!!" : writtenMarkup(src, "||");
}

/** The marker of a cell starting a line: "|" or "!", or "{{!}}" as written (first of a "{{!}}{{!}}"). */
function lineStartMarker(el: WElement): string {
  if (el.name === "th") return "!";
  const src = el.dp?.startTagSrc;
  if (typeof src !== "string" || !src.startsWith("{{!}}")) return "|";
  return "{{!}}";
}

/**
 * A cell's start: the marker, its attributes, and the pipe before the content. The separator
 * as the source wrote it ("|" after attributes, or an empty attribute list's lone "|") comes
 * back while the parse data has it.
 */
function cellStart(marker: string, attrs: string, attrSepSrc: unknown): string {
  // The separator may be written with {{!}} too ("style=x{{!}}").
  const sep = typeof attrSepSrc === "string" && /^[ \t]*(?:\||\{\{!\}\})$/.test(attrSepSrc) ? attrSepSrc : null;
  if (attrs !== "") return `${marker}${attrs}${sep ?? " |"}`;
  return sep !== null ? marker + sep : marker;
}

/** A cell of the same kind before this one in the row, whose content ended on the line it started (so "||" can follow). */
function hasCellBefore(el: WElement): boolean {
  const siblings = el.parent?.children ?? [];
  for (let i = indexInParent(el) - 1; i >= 0; i--) {
    const c = siblings[i]!;
    // Only a cell of the same kind: "||" after a header cell would not start a data cell.
    if (c.kind === "element") return c.name === el.name && !/\n\s*\S/.test(lineTextOf(c)) && !c.children.some((k) => k.kind === "element" && isBlockLike(k));
  }
  return false;
}

/**
 * The text of a cell as the line it is written on sees it: an extension tag's (or a nowiki's)
 * content is one piece to the parser (its line breaks do not end the cell's line), so it is
 * left out.
 */
function lineTextOf(el: WElement): string {
  let out = "";
  for (const c of el.children) {
    if (c.kind === "text") out += c.value;
    else if (c.kind === "element" && !isOnePieceToTheParser(c)) out += lineTextOf(c);
  }
  return out;
}

function isOnePieceToTheParser(el: WElement): boolean {
  return (isExtensionOutput(el) || el.getAttribute("typeof") === "mw:Nowiki") && !isTransclusion(el);
}

function isBlockLike(el: WElement): boolean {
  return ["p", "div", "ul", "ol", "dl", "table", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote"].includes(el.name);
}

/**
 * Right after a bare "|" at the start of a line, a cell's text starting with "-", "+" or "}"
 * would read as "|-", "|+" or "|}": a space in between keeps it a cell (the parser trims it), as
 * Parsoid writes it. Text inside a paragraph in the cell is escaped with nowiki instead.
 */
export function guardCellStart(el: WElement, s: Serializer): void {
  if (el.name !== "td" || s.line.length !== 1 || !s.line.endsWith("|")) return;
  const first = el.children[0];
  if (first !== undefined && first.kind === "text" && /^[-+}]/.test(first.value)) s.emit(" ");
}

function writeCellContent(el: WElement, s: Serializer, kind: "td" | "th" | "caption"): void {
  const trimmed = trimmedEdgeSpaces(el);
  s.emit(trimmed.leading);
  guardCellStart(el, s);
  s.withContext({ cell: kind, htmlBlock: false, listItem: false }, () => s.serializeChildren(el));
  s.emit(trimmed.trailing);
  // An empty cell before "||" on its line: a space keeps the markers apart ("|||" would need a nowiki).
  if (el.children.length === 0 && continuesOnLine(el)) s.emit(" ");
}

/** The element before the cell in its row is a cell of the same kind. */
function followsCellOfItsKind(el: WElement): boolean {
  const siblings = el.parent?.children ?? [];
  for (let i = indexInParent(el) - 1; i >= 0; i--) {
    const c = siblings[i]!;
    if (c.kind === "element") return c.name === el.name;
  }
  return false;
}

/** The next cell goes on this cell's line ("||" / "!!"). */
function continuesOnLine(el: WElement): boolean {
  const siblings = el.parent?.children ?? [];
  for (let i = indexInParent(el) + 1; i < siblings.length; i++) {
    const next = siblings[i]!;
    // (A cell a template wrote is its own source: "||{{x}}" stays as written.)
    if (next.kind === "element") return (next.name === "td" || next.name === "th") && next.dp?.stx === "row" && !next.hasAttribute("about") && hasCellBefore(next);
  }
  return false;
}

export const tableCellHandler: NodeHandler = {
  before(el, prev, s) {
    if (inHtmlTable(el)) return htmlTagHandler.before!(el, prev, s);
    // Blank lines inside a cell's content are content; between cells they are noise.
    return el.dp?.stx === "row" && prev !== null && hasCellBefore(el) ? SAME_LINE : ONE_LINE_BREAK;
  },
  after: () => ANY,
  serialize(el, s) {
    if (inHtmlTable(el)) return htmlTagHandler.serialize(el, s);
    const attrs = tableAttributes(el, s);
    const continuesRow = el.dp?.stx === "row" && hasCellBefore(el);
    if (!continuesRow) s.startTableLine();
    // Text ending in a pipe (bare once the attribute pipe is written) would join this cell's
    // "||" into "|||": a space between them is trimmed by the parser.
    else if (s.line.endsWith("|")) s.emit(" ");
    // A cell written mid-line whose cell before it is gone (an edit deleted it, or put another
    // kind there) starts its line anew: its markers as written belonged to the row syntax
    // (Parsoid's stxInfoValidForTableCell).
    if (el.dp?.stx === "row" && !followsCellOfItsKind(el)) s.emit(cellStart(el.name === "th" ? "!" : "|", attrs, undefined));
    else s.emit(cellStart(continuesRow ? cellMarker(el) : lineStartMarker(el), attrs, el.dp?.["attrSepSrc"]));
    writeCellContent(el, s, el.name === "th" ? "th" : "td");
  },
};

export const tableCaptionHandler: NodeHandler = {
  before: (el, prev, s) => (inHtmlTable(el) ? htmlTagHandler.before!(el, prev, s) : ONE_LINE_BREAK),
  serialize(el, s) {
    if (inHtmlTable(el)) return htmlTagHandler.serialize(el, s);
    const attrs = tableAttributes(el, s);
    s.startTableLine();
    s.emit(cellStart("|+", attrs, el.dp?.["attrSepSrc"]));
    writeCellContent(el, s, "caption");
  },
};
