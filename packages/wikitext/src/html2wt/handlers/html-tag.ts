// Any element written with HTML tag syntax: `<name attrs>children</name>`, honouring what the
// source had (a missing end tag, a self-closed tag) when the parse data says so.
import { VOID_TAGS } from "../../util/html-tags.js";
import { ANY, OWN_LINE } from "../constraints.js";
import { serializeAttributes } from "./attributes.js";
import type { NodeHandler } from "./types.js";
import { isNewContent } from "../node-data.js";

/** Tags that start a block in wikitext's paragraph logic: own line before them keeps layout. */
const LINE_BLOCKS = new Set(["div", "table", "blockquote", "center", "ul", "ol", "dl", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "hr"]);

/** Blocks with no wikitext form: as tags they may share a line with text (as Parsoid writes them). */
const TAG_ONLY_BLOCKS = new Set(["div", "blockquote", "center"]);

export const htmlTagHandler: NodeHandler = {
  // A heading is one line: a block inside it stays on that line.
  before: (el, prev, s) => (LINE_BLOCKS.has(el.name) && !TAG_ONLY_BLOCKS.has(el.name) && prev !== null && el.dp?.stx !== "html" && !s.context.heading ? OWN_LINE : ANY),
  after: () => ANY,
  serialize(el, s) {
    const dp = el.dp ?? {};
    const name = el.name;
    if (!dp.autoInsertedStart) {
      const attrs = serializeAttributes(el, undefined, s.serializeFragment);
      if (VOID_TAGS.has(name)) {
        // New void elements are written self-closed, as XML-minded editors expect.
        s.emit(`<${name}${attrs}${dp.selfClose || isNewContent(el) ? " /" : ""}>`);
        return;
      }
      s.emit(`<${name}${attrs}${dp.selfClose ? " /" : ""}>`);
      // "<span />" in the source: HTML ignored the slash and the element took what followed as
      // its content; that content follows the tag again, with no end tag of its own.
      if (dp.selfClose) {
        s.withContext({ htmlBlock: LINE_BLOCKS.has(name) || s.context.htmlBlock }, () => s.serializeChildren(el));
        return;
      }
    }
    s.withContext({ htmlBlock: LINE_BLOCKS.has(name) || s.context.htmlBlock }, () => s.serializeChildren(el));
    if (!dp.autoInsertedEnd && !VOID_TAGS.has(name)) s.emit(`</${name}>`);
  },
};
