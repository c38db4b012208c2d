// <i> and <b> written as '' and '''. A text apostrophe right before an opening marker would merge
// with it, so it is separated by <nowiki/> (MediaWiki's quote balancing sorts out the closing side).
import type { NodeHandler } from "./types.js";
import type { WElement, WNode } from "../../dom/node.js";
import type { Serializer } from "../serializer.js";
import { markQuoteNowiki } from "../quote-nowikis.js";
import { isHtmlSyntax } from "./block-kinds.js";
import { htmlTagHandler } from "./html-tag.js";
import { isGeneratedNodeId, isNewContent } from "../node-data.js";

function quoteHandler(marker: string): NodeHandler {
  return {
    serialize(el, s) {
      // Quote markup has no attributes: formatting with some is written as HTML.
      if (isHtmlSyntax(el) || hasOwnAttributes(el)) return htmlTagHandler.serialize(el, s);
      // Empty formatting has no wikitext form (nested empty quotes included).
      if (el.children.length === 0 || el.children.every((c) => c.kind === "element" && (c.name === "i" || c.name === "b") && c.children.length === 0)) return;
      // Adjacent quote elements whose markers would run together into four or more apostrophes
      // (one ends with, or this one starts with, a nested quote) need a separation, and so does
      // a text apostrophe right before a marker (see ../quote-nowikis.ts: most of those go
      // again once the line is known).
      if (runsIntoPreviousQuote(el, s)) s.emit("<nowiki/>");
      else guardApostrophe(s);
      s.emitMarkup(marker);
      // A text apostrophe right after a marker would lengthen it too.
      if (startsWithApostrophe(el.children[0])) guardAfterMarker(s);
      s.serializeChildren(el);
      // Formatting the source left open at the end of its line ends there again without markers.
      if (endImpliedAtLineEnd(el)) return;
      guardApostrophe(s);
      s.emitMarkup(marker);
      if (startsWithApostrophe(el.parent?.children[s.indexOfSibling(el) + 1])) guardAfterMarker(s);
    },
  };
}

/** Elements whose end is the end of their wikitext line (and of any formatting open in it). */
const LINE_CONTAINERS = new Set(["p", "li", "dt", "dd", "td", "th", "caption", "h1", "h2", "h3", "h4", "h5", "h6", "pre"]);

/**
 * Formatting whose closing marker the source did not write (its range has no end width: the
 * quote transform closed it where the line ended) and that still ends its line: written
 * without that marker, as the source had it. Other content after it on the line, or a parent
 * written as HTML, needs the marker.
 */
function endImpliedAtLineEnd(el: WElement): boolean {
  const dsr = el.dp?.dsr;
  if (!Array.isArray(dsr) || dsr[3] !== 0 || typeof dsr[2] !== "number" || dsr[2] === 0 || isNewContent(el)) return false;
  for (let n: WElement = el; ; ) {
    const parent = n.parent;
    if (parent === null) return false;
    const next = parent.children[parent.children.indexOf(n) + 1];
    const lineLevel = LINE_CONTAINERS.has(parent.name) && !isHtmlSyntax(parent);
    if (next !== undefined) return lineLevel && next.kind === "text" && next.value.startsWith("\n");
    if (lineLevel) return true;
    if (!isQuote(parent)) return false;
    n = parent;
  }
}

/** Attributes of the element's own (not the transclusion and parse bookkeeping). */
function hasOwnAttributes(el: WElement): boolean {
  return el.attrs.some((a) => a.name !== "about" && a.name !== "typeof" && !(a.name === "id" && isGeneratedNodeId(a.value)));
}

function startsWithApostrophe(node: WNode | undefined): boolean {
  // (Two or more are quote markup as text: the escaping wraps them in a nowiki anyway.)
  return node !== undefined && node.kind === "text" && /^'(?!')/.test(node.value);
}

function guardAfterMarker(s: Serializer): void {
  s.emit("<nowiki/>");
  markQuoteNowiki(s);
}

/** A text apostrophe right before a quote marker would lengthen it. */
function guardApostrophe(s: Serializer): void {
  if (!s.line.endsWith("'") || s.endsWithMarkup) return;
  s.emit("<nowiki/>");
  markQuoteNowiki(s);
}

function isQuote(node: WNode | null | undefined): boolean {
  return node !== null && node !== undefined && node.kind === "element" && (node.name === "i" || node.name === "b") && !isHtmlSyntax(node);
}

function isQuoteNamed(node: WNode | undefined): boolean {
  return node !== undefined && node.kind === "element" && (node.name === "i" || node.name === "b");
}

function runsIntoPreviousQuote(el: WElement, s: Serializer): boolean {
  const prev = el.parent?.children[s.indexOfSibling(el) - 1];
  if (!isQuote(prev)) return false;
  const prevChildren = (prev as WElement).children;
  // (An HTML <i> or <b> at the edge counts too: its neighbour's markers still run together.)
  return isQuoteNamed(prevChildren[prevChildren.length - 1]) || isQuoteNamed(el.children[0]);
}

export const italicHandler = quoteHandler("''");
export const boldHandler = quoteHandler("'''");
