// Comment data as the DOM holds it: the MediaWiki DOM spec writes "-" and ">" of a comment's
// text as character references (so that no content can end the comment early in any HTML or
// XML parser), and "&" too (as Parsoid's encodeComment does), so that a reference written in the
// comment ("&amp;", "&gt;") comes back as written; the wikitext has them raw. One place for both directions and for the width
// a comment takes in the source, which range computations need.
import type { WComment, WText } from "../dom/node.js";

/** The DOM form of a comment's text as written in the source. */
export function encodeCommentData(text: string): string {
  return text.replace(/[->&]/g, (c) => (c === "-" ? "&#x2D;" : c === ">" ? "&#x3E;" : "&#x26;"));
}

/**
 * The source form of a comment's DOM data ("--", ">" and "&" come back raw; "&gt;" and "&amp;"
 * too, as other writers of the DOM encode them).
 */
export function decodeCommentData(data: string): string {
  if (!data.includes("&")) return data;
  return data.replace(/&#x2D;|&#45;|&gt;|&#x3E;|&amp;|&#x26;|&#38;/gi, (m) => {
    const lower = m.toLowerCase();
    return lower === "&gt;" || lower === "&#x3e;" ? ">" : lower === "&amp;" || lower === "&#x26;" || lower === "&#38;" ? "&" : "-";
  });
}

/** Source width of a comment whose DOM data is `data`: `<!--`, the text, `-->`. */
export function commentSourceWidth(data: string): number {
  return decodeCommentData(data).length + 7;
}

/** Source width of a text node written plainly (no entities) or of a comment. */
export function plainSourceWidth(node: WText | WComment): number {
  return node.kind === "comment" ? commentSourceWidth(node.value) : node.value.length;
}
