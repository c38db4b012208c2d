// <i> and <b> written as '' and '''. A text apostrophe right before an opening marker would merge
// with it, so it is separated by <nowiki/> (MediaWiki's quote balancing sorts out the closing side).
import type { NodeHandler } from "./types.js";
import { isHtmlSyntax } from "./block-kinds.js";
import { htmlTagHandler } from "./html-tag.js";

function quoteHandler(marker: string): NodeHandler {
  return {
    serialize(el, s) {
      if (isHtmlSyntax(el)) return htmlTagHandler.serialize(el, s);
      // Empty formatting has no wikitext form (nested empty quotes included).
      if (el.children.length === 0 || el.children.every((c) => c.kind === "element" && (c.name === "i" || c.name === "b") && c.children.length === 0)) return;
      // A text apostrophe right before the opening marker would lengthen it.
      if (s.currentLine.endsWith("'") && !s.endsWithMarkup) s.emit("<nowiki/>");
      s.emitMarkup(marker);
      s.serializeChildren(el);
      s.emitMarkup(marker);
    },
  };
}

export const italicHandler = quoteHandler("''");
export const boldHandler = quoteHandler("'''");
