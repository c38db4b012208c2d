// <h1>..<h6>: `== text ==` on a line of its own. Content that starts or ends with "=" is padded
// with a space so the markers stay unambiguous.
import { indexInParent, type WElement, type WNode } from "../../dom/node.js";
import { ANY, ONE_LINE_BREAK, OWN_LINE } from "../constraints.js";
import { isHtmlSyntax } from "./block-kinds.js";
import { isNewContent } from "../node-data.js";
import { isRenderedHeading, startedSection } from "../normalize.js";
import { trimmedEdgeSpaces } from "./edge-whitespace.js";
import { htmlTagHandler } from "./html-tag.js";
import { isAnnotationStartMarker } from "./annotation.js";
import type { NodeHandler } from "./types.js";
import { textOf } from "../text-content.js";

/** Exactly one blank line: new headings are set apart from what precedes them, for readability. */
const SET_APART = { min: 2, max: 2 };

/**
 * Whether a new heading gets the conventional "== text ==" spacing. A heading with an id but no
 * section around it comes from a reader's rendering (another parser's output), which keeps no
 * trace of the spacing: it is written in the compact "==text==" form such sources mostly use.
 */
function writesConventionalSpacing(el: WElement): boolean {
  return !el.hasAttribute("id") || startedSection(el);
}

/**
 * What may follow a heading's closing "=" on its line and leave it a heading: comments and
 * <noinclude>/<includeonly>/<onlyinclude> markers (the preprocessor takes them away first).
 */
function isLineTrailer(node: WNode): boolean {
  return node.kind === "comment" || (node.kind === "element" && node.name === "meta" && (node.getAttribute("typeof") ?? "").includes("mw:Includes/"));
}

/** Whether no line break separates two siblings in the DOM. */
function sameLine(a: WElement, b: WNode): boolean {
  const siblings = a.parent?.children ?? [];
  for (let i = indexInParent(a) + 1; i < siblings.length && siblings[i] !== b; i++) {
    const c = siblings[i]!;
    if (c.kind === "text" && c.value.includes("\n")) return false;
  }
  return true;
}

export const headingHandler: NodeHandler = {
  before(el, prev, s) {
    // (A heading written as an HTML tag is a tag like any other: it may share a line.)
    if (isHtmlSyntax(el)) return htmlTagHandler.before!(el, prev, s);
    if (prev === null) return OWN_LINE;
    // (Parsoid's T72791: after a new paragraph, a blank line, even at a section's start. A new
    // heading before it is the section layout of HTML that kept no spacing: one line break.)
    if (startedSection(el)) return prev.kind === "element" && isNewContent(prev) && prev.name === "p" && prev.children.length > 0 ? SET_APART : OWN_LINE;
    // A page rendered for readers lays out every block on its own line whatever the source had
    // (a paragraph's text even ends with its line break): the heading just starts the next line.
    if (isRenderedHeading(el)) return ONE_LINE_BREAK;
    // (A new heading opening an annotated range follows its marker's line, as Parsoid lays it
    // out: the marker is no content to set the heading apart from.)
    if (isAnnotationStartMarker(prev)) return OWN_LINE;
    // (An empty new element writes nothing: it sets nothing apart.)
    if (isNewContent(el) || (prev.kind === "element" && isNewContent(prev) && prev.children.length > 0)) return SET_APART;
    return OWN_LINE;
  },
  after(el, next, s) {
    if (isHtmlSyntax(el)) return htmlTagHandler.after!(el, next, s);
    if (next !== null && isLineTrailer(next) && sameLine(el, next)) return ANY;
    return isRenderedHeading(el) && next !== null ? ONE_LINE_BREAK : OWN_LINE;
  },
  serialize(el, s) {
    if (isHtmlSyntax(el)) return htmlTagHandler.serialize(el, s);
    // An edit that emptied a heading removes it ("====" would be text, not a heading); so does
    // one with no content at all.
    if ((isNewContent(el) && textOf(el).trim() === "" && el.children.every((c) => c.kind === "text")) || el.children.length === 0) return;
    const level = Number(el.name.slice(1));
    const marker = "=".repeat(level);
    const text = textOf(el);
    const trimmed = trimmedEdgeSpaces(el);
    // A parsed heading's "=" on one edge joins the markers harmlessly (the shorter side sets the
    // level); on both edges it would raise the level: the content is protected instead.
    if (!isNewContent(el) && trimmed.leading === "" && trimmed.trailing === "" && text.length > 1 && text.startsWith("=") && text.endsWith("=") && el.children.length === 1) {
      s.emit(`${marker}<nowiki>${text}</nowiki>${marker}`);
      return;
    }
    // New headings get the conventional "== text ==" spacing (and "=" at their edges needs a
    // space anyway); parsed ones keep their own.
    const edgeEquals = (text.startsWith("=") || text.endsWith("=")) && !/^\s/.test(text) && isNewContent(el);
    const pad = edgeEquals || (isNewContent(el) && !/^\s/.test(text) && text !== "" && writesConventionalSpacing(el)) ? " " : "";
    s.emit(marker + (trimmed.leading || pad));
    s.withContext({ heading: true }, () => s.serializeChildren(el));
    s.emit((trimmed.trailing || pad) + marker);
  },
};
