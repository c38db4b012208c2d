// <i> and <b> written as '' and '''. An apostrophe right before the markup would merge with it,
// so it is separated by <nowiki/>.
import type { NodeHandler } from "./types.js";
import { isHtmlSyntax } from "./block-kinds.js";
import { htmlTagHandler } from "./html-tag.js";

function quoteHandler(marker: string): NodeHandler {
  return {
    serialize(el, s) {
      if (isHtmlSyntax(el)) return htmlTagHandler.serialize(el, s);
      if (el.children.length === 0) return; // empty formatting has no wikitext form
      if (s.currentLine.endsWith("'")) s.emit("<nowiki/>");
      s.emit(marker);
      s.serializeChildren(el);
      // Content ending in an apostrophe (not in nested quote markup) would lengthen the marker.
      if (s.currentLine.endsWith("'") && !s.currentLine.endsWith("''")) s.emit("<nowiki/>");
      s.emit(marker);
    },
  };
}

export const italicHandler = quoteHandler("''");
export const boldHandler = quoteHandler("'''");
