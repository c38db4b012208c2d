// Any element written with HTML tag syntax: `<name attrs>children</name>`, honouring what the
// source had (a missing end tag, a self-closed tag) when the parse data says so.
import { ALLOWED_TAGS, VOID_TAGS } from "../../util/html-tags.js";
import type { WElement } from "../../dom/node.js";
import type { Serializer } from "../serializer.js";
import { ANY, OWN_LINE } from "../constraints.js";
import { serializeAttributes } from "./attributes.js";
import type { NodeHandler } from "./types.js";
import { isNewContent } from "../node-data.js";
import { parseTag, shownAttributeText } from "../../tokenizer/grammar/html-tag.js";
import { parseAttributes } from "../../tokenizer/attributes.js";

/** Tags that start a block in wikitext's paragraph logic: own line before them keeps layout. */
const LINE_BLOCKS = new Set(["div", "table", "blockquote", "center", "ul", "ol", "dl", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "hr"]);

/** Blocks with no wikitext form: as tags they may share a line with text (as Parsoid writes them). */
const TAG_ONLY_BLOCKS = new Set(["div", "blockquote", "center"]);

/** Tag names that wikitext reads as its own directives: never written as tags of an element. */
const WIKITEXT_DIRECTIVES = new Set(["nowiki", "noinclude", "includeonly", "onlyinclude"]);

/**
 * An element whose tag, written as is, would be read as a wikitext directive or an extension
 * tag (an editor's <nowiki> element, an untyped <ref>): its tags are written as text.
 */
function writesTagsAsText(el: WElement, s: Serializer): boolean {
  const name = el.name;
  return (WIKITEXT_DIRECTIVES.has(name) || (!ALLOWED_TAGS.has(name) && s.env.site.isExtensionTag(name))) && el.getAttribute("typeof") === null;
}

/**
 * The start tag as the page wrote it (parse data `tagSrc`: other quotes, case or spacing than
 * html2wt's), while it still gives exactly the element's attributes; else null.
 */
function writtenStartTag(el: WElement): string | null {
  const src = el.dp?.tagSrc;
  if (typeof src !== "string" || isNewContent(el)) return null;
  const tag = parseTag(src);
  if (tag.closing || tag.name !== el.name) return null;
  const attrs = parseAttributes(shownAttributeText(tag.attrText));
  if (attrs.length !== el.attrs.length) return null;
  for (let i = 0; i < attrs.length; i++) {
    if (attrs[i]!.name !== el.attrs[i]!.name || attrs[i]!.value !== el.attrs[i]!.value) return null;
  }
  return src;
}

/** The end tag as the page wrote it (parse data `endTagSrc`: `</DIV>`, `</div >`), or the plain one. */
function endTag(el: WElement): string {
  const src = el.dp?.endTagSrc;
  if (typeof src !== "string" || isNewContent(el)) return `</${el.name}>`;
  const tag = parseTag(src);
  return tag.closing && tag.name === el.name ? src : `</${el.name}>`;
}

export const htmlTagHandler: NodeHandler = {
  // A heading is one line: a block inside it stays on that line.
  before: (el, prev, s) => (LINE_BLOCKS.has(el.name) && !TAG_ONLY_BLOCKS.has(el.name) && prev !== null && el.dp?.stx !== "html" && !s.context.heading ? OWN_LINE : ANY),
  after: () => ANY,
  serialize(el, s) {
    const dp = el.dp ?? {};
    const name = el.name;
    if (writesTagsAsText(el, s)) {
      s.emit(`&lt;${name}${serializeAttributes(el, undefined, s.serializeFragment)}&gt;`);
      s.serializeChildren(el);
      s.emit(`&lt;/${name}&gt;`);
      return;
    }
    if (!dp.autoInsertedStart) {
      const written = writtenStartTag(el);
      if (written !== null) {
        s.emit(written);
        if (VOID_TAGS.has(name)) return;
      } else {
        const attrs = serializeAttributes(el, undefined, s.serializeFragment);
        if (VOID_TAGS.has(name)) {
          // New void elements are written self-closed, as XML-minded editors expect.
          s.emit(`<${name}${attrs}${dp.selfClose || isNewContent(el) ? " /" : ""}>`);
          return;
        }
        s.emit(`<${name}${attrs}${dp.selfClose ? " /" : ""}>`);
      }
      // "<span />" in the source: HTML ignored the slash and the element took what followed as
      // its content; that content follows the tag again, with no end tag of its own.
      if (dp.selfClose) {
        s.withContext({ htmlBlock: LINE_BLOCKS.has(name) || s.context.htmlBlock }, () => s.serializeChildren(el));
        return;
      }
    }
    s.withContext({ htmlBlock: LINE_BLOCKS.has(name) || s.context.htmlBlock }, () => s.serializeChildren(el));
    if (!dp.autoInsertedEnd && !VOID_TAGS.has(name)) s.emit(endTag(el));
  },
};
