// <pre> from indented lines: every line of the content starts with a space. A <pre> written as
// HTML (or an extension <pre>) is handled elsewhere, except a new <pre> with attributes, which
// indented lines cannot express: it is written as a tag.
import type { WElement } from "../../dom/node.js";
import { OWN_LINE } from "../constraints.js";
import { isNewContent } from "../node-data.js";
import { textOf } from "../text-content.js";
import { serializeAttributes } from "./attributes.js";
import type { NodeHandler } from "./types.js";

function writtenAsTag(el: WElement): boolean {
  if (!isNewContent(el) || !el.children.every((c) => c.kind === "text")) return false;
  return serializeAttributes(el) !== "";
}

/** Text of a <pre> tag's body: "<" and references stay text. */
function preBodyText(text: string): string {
  return text.replace(/&(?=#?[A-Za-z0-9]+;)/g, "&amp;").replace(/</g, "&lt;");
}

const COMMENT_ONLY_LINE = /(^|\n) ((?:[ \t]*<!--(?:[^-]|-(?!->))*-->[ \t]*)+)(?=\n|$)/g;

function dropIndentOfCommentLines(written: string): string {
  return written.includes("<!--") ? written.replace(COMMENT_ONLY_LINE, "$1$2") : written;
}

export const indentPreHandler: NodeHandler = {
  before: () => OWN_LINE,
  after: () => OWN_LINE,
  serialize(el, s) {
    if (writtenAsTag(el)) {
      s.emit(`<pre${serializeAttributes(el)}>${preBodyText(textOf(el))}</pre>`);
      return;
    }
    const mark = s.outputMark;
    s.emit(" ");
    s.withContext({ indentPre: true }, () => s.serializeChildren(el));
    // A line holding only comments and blanks is an empty line, which no pre needs to continue
    // through: it keeps its content without the pre's space (as Parsoid writes it).
    s.rewriteSince(mark, dropIndentOfCommentLines);
  },
};
