// HTML-like tags in wikitext. Allowed tags become tag tokens (attributes are sanitized later);
// `<nowiki>` content is literal text; `<pre>` content is literal text with references decoded;
// any other tag is shown as text, as MediaWiki's sanitizer does.
import { K_TAG_OPEN, K_TAG_CLOSE, K_RAW_TEXT } from "@wikiloom/wasm";
import { orderedRecord } from "../../util/ordered-record.js";
import type { Grammar } from "./state.js";
import type { InlineContext } from "./inline.js";
import { startTag, endTag, selfClosing, text, attr } from "../tokens.js";
import type { Attr } from "../../dom/node.js";
import { parseAttributes, attributeSources } from "../attributes.js";
import { ALLOWED_TAGS, VOID_TAGS } from "../../util/html-tags.js";
import { decodeEntities, decodeEntity } from "../../util/entities.js";
import { extensionTag } from "../../ext/grammar.js";
import { annotationTag, isAnnotationTag } from "../../ext/annotations.js";
import { isJsWhiteSpace } from "../../util/js-whitespace.js";

interface ParsedTag {
  name: string;
  attrText: string;
  closing: boolean;
  selfClosing: boolean;
}

export function parseTag(src: string): ParsedTag {
  const closing = src.charCodeAt(1) === 0x2f;
  let i = closing ? 2 : 1;
  const nameStart = i;
  // The name ends at white space (JavaScript's \s), `/` or `>`.
  while (i < src.length) {
    const c = src.charCodeAt(i);
    if (c === 0x2f || c === 0x3e || isJsWhiteSpace(c)) break;
    i++;
  }
  const name = src.slice(nameStart, i).toLowerCase();
  let body = src.slice(i, -1);
  const self = body.endsWith("/");
  if (self) body = body.slice(0, -1);
  return { name, attrText: body, closing, selfClosing: self };
}

export function htmlTag(g: Grammar, i: number, to: number, _ctx: InlineContext | null): number {
  const src = g.slice(i);
  const tag = parseTag(src);
  const s = g.start(i);
  const e = g.end(i);
  const k = g.kind(i);
  if (tag.name === "nowiki") return nowiki(g, i, to, tag);
  if (tag.name === "includeonly" || tag.name === "noinclude" || tag.name === "onlyinclude") return includeDirective(g, i, to, tag);
  if (isAnnotationTag(g.env.site, tag.name) && !tag.selfClosing) {
    const after = annotationTag(g, i, tag.name, tag.attrText);
    if (after >= 0) return after;
  }
  if (k === K_TAG_OPEN && tag.name !== "pre") {
    // The site's extension tags with a handler (ext/); an unclosed one falls through to text.
    const after = extensionTag(g, i, to, tag.name, tag.attrText, tag.selfClosing);
    if (after >= 0) return after;
  }
  if (tag.name === "pre" && k === K_TAG_OPEN && !tag.selfClosing) {
    const after = preBlock(g, i, to, tag);
    if (after >= 0) return after;
  }
  if (tag.name === "pre" && k === K_TAG_OPEN && tag.selfClosing) {
    const start = startTag("pre", [attr("typeof", "mw:Extension/pre")], { tsr: [s, e], stx: "html", selfClose: true });
    start.mw = { name: "pre", attrs: {} };
    g.out.push(start, endTag("pre", { tsr: [e, e] }));
    return i + 1;
  }
  if (!ALLOWED_TAGS.has(tag.name)) return -1;
  // <meta> and <link> are only allowed for microdata (with itemprop).
  if ((tag.name === "meta" || tag.name === "link") && !parseAttributes(tag.attrText).some((a) => a.name === "itemprop")) return -1;
  const dp = { tsr: [s, e] as [number, number], stx: "html" };
  if (k === K_TAG_CLOSE) {
    if (tag.name === "br") {
      // `</br>` is treated as `<br>` by browsers and MediaWiki alike.
      g.out.push(selfClosing("br", [], { ...dp, src }));
      return i + 1;
    }
    // An end tag spelled otherwise than html2wt writes it (`</DIV>`, `</div >`) is kept, to be
    // written back as the page had it (only html2wt reads it: lint mode skips it).
    const plain = src.length === tag.name.length + 3 && src.startsWith(tag.name, 2);
    g.out.push(endTag(tag.name, g.lint || plain ? dp : { ...dp, tagSrc: src }));
    return i + 1;
  }
  // Template output in the attributes is opaque to their syntax: its quotes close no value.
  const attrStart = s + 1 + tag.name.length;
  const templateEnd = g.templateEnd;
  const fromTemplate = g.templated !== null && g.templated(s, e);
  const opaque = templateEnd && fromTemplate ? (at: number) => (at < 0 ? -1 : templateEnd(attrStart + at) - attrStart) : undefined;
  // Blanks before `/>` belong to no attribute (an unclosed quote's value ends before them).
  if (tag.selfClosing) tag.attrText = withoutTrailingBlanks(tag.attrText);
  // Markup inside the attribute text (the tokenizer lets nowiki and include directives stand
  // there): the page shows the attributes without the directives and what <includeonly> holds.
  const markup = tag.attrText.includes("<");
  const shown = markup ? shownAttributeText(tag.attrText) : tag.attrText;
  const attrs = parseAttributes(shown, opaque);
  let tk;
  if (VOID_TAGS.has(tag.name)) {
    tk = selfClosing(tag.name, attrs, tag.selfClosing ? { ...dp, selfClose: true } : dp);
  } else {
    // As in HTML, `<div/>` on a non-void element is just a start tag.
    tk = startTag(tag.name, attrs, tag.selfClosing ? { ...dp, selfClose: true } : dp);
  }
  // Attributes a template wrote part of, or holding a nowiki or an extension tag (the only
  // start tags the tokenizer lets stand there besides include directives), are recorded for
  // the expanded-attributes pass (not those of a tag a template wrote whole: nothing to expand).
  const holdsMarkup = markup && shown === tag.attrText && START_TAG.test(shown);
  if (fromTemplate || holdsMarkup) {
    const wroteTag = !holdsMarkup && templateEnd !== null && templateEnd(s) >= e;
    if (!wroteTag) {
      tk.aux = { attrSources: attributeSources(tag.attrText, attrStart, opaque), attrRange: [attrStart, attrStart + tag.attrText.length] };
      g.hasAttrSources = true;
    }
  } else if (!g.lint && !isPlainlyWritten(src, tag.name, attrs, tag.selfClosing)) {
    // (Only html2wt reads the spelling: lint mode skips building it.)
    tk.dp.tagSrc = src;
  }
  g.out.push(tk);
  return i + 1;
}

const START_TAG = /<[a-z]/i;
const DIRECTIVES_IN_ATTRIBUTES = /<includeonly\s*>[^<>]*<\/includeonly\s*>|<includeonly\s*\/>|<\/?(?:noinclude|onlyinclude)\s*\/?>/gi;

/** A tag's attribute text as the page shows it: without include directives (and what <includeonly> holds). */
export function shownAttributeText(text: string): string {
  return text.includes("<") ? text.replace(DIRECTIVES_IN_ATTRIBUTES, "") : text;
}

function withoutTrailingBlanks(text: string): string {
  let end = text.length;
  while (end > 0) {
    const c = text.charCodeAt(end - 1);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) break;
    end--;
  }
  return end === text.length ? text : text.slice(0, end);
}

/**
 * Whether a start tag reads the way html2wt writes one (`<name a="v" />`: lower case, double
 * quotes, single spaces). Other spellings (`<div id='x'>`, `<DIV>`, `<hr >`, `<td nowrap>`) are
 * kept in the parse data (tagSrc), to be written back while the attributes are unchanged.
 */
function isPlainlyWritten(src: string, name: string, attrs: readonly Attr[], selfClose: boolean): boolean {
  let plain = "<" + name;
  for (const a of attrs) plain += " " + a.name + '="' + a.value + '"';
  return src === plain + (selfClose ? " />" : ">");
}

/** `<nowiki>text</nowiki>`: the text is literal (references still decoded). */
function nowiki(g: Grammar, i: number, to: number, tag: ParsedTag): number {
  const s = g.start(i);
  if (g.kind(i) === K_TAG_CLOSE) return -1;
  if (tag.selfClosing) {
    g.out.push(startTag("span", [attr("typeof", "mw:Nowiki")], { tsr: [s, g.end(i)], src: g.slice(i) }));
    g.out.push(endTag("span", { tsr: [g.end(i), g.end(i)] }));
    return i + 1;
  }
  let j = i + 1;
  let content = "";
  if (j < to && g.kind(j) === K_RAW_TEXT) {
    content = g.slice(j);
    j++;
  }
  if (j >= to || g.kind(j) !== K_TAG_CLOSE || parseTag(g.slice(j)).name !== "nowiki") return -1;
  const e = g.end(j);
  g.out.push(startTag("span", [attr("typeof", "mw:Nowiki")], { tsr: [s, e] }));
  if (content) pushWithEntities(g, content, g.end(i));
  g.out.push(endTag("span", { tsr: [e, e] }));
  return j + 1;
}

/** `<pre>` is an extension-like tag: literal content, with nowiki tags stripped. */
function preBlock(g: Grammar, i: number, to: number, tag: ParsedTag): number {
  let j = i + 1;
  let content = "";
  if (j < to && g.kind(j) === K_RAW_TEXT) {
    content = g.slice(j);
    j++;
  }
  if (j >= to || g.kind(j) !== K_TAG_CLOSE) return -1;
  const s = g.start(i);
  const e = g.end(j);
  const attrs = parseAttributes(tag.attrText).map((a) => ({ name: a.name, value: a.value.replace(/[\t\n\r]/g, " ") }));
  const start = startTag("pre", [attr("typeof", "mw:Extension/pre"), ...attrs], { tsr: [s, e], stx: "html" });
  // data-mw lists the attributes in written order, numbered names included.
  start.mw = { name: "pre", attrs: orderedRecord(attrs), body: { extsrc: content } };
  g.out.push(start);
  // Paired nowiki tags inside a pre only protect their content; unpaired ones are text.
  const shown = decodeEntities(content.replace(/<nowiki\s*>([\s\S]*?)<\/nowiki\s*>/gi, "$1").replace(/<nowiki\s*\/>/gi, ""));
  if (shown) g.out.push(text(shown, g.end(i), g.start(j)));
  g.out.push(endTag("pre", { tsr: [e, e] }));
  return j + 1;
}

/** Literal text in which character references still become entity spans (as in nowiki). */
function pushWithEntities(g: Grammar, content: string, at: number): void {
  const re = /&(?:#[xX][0-9a-fA-F]{1,32}|#[0-9]{1,32}|[a-zA-Z][a-zA-Z0-9]{0,31});/g;
  let last = 0;
  for (let m = re.exec(content); m; m = re.exec(content)) {
    const decoded = decodeEntity(m[0]);
    if (decoded === null) continue;
    if (m.index > last) g.out.push(text(content.slice(last, m.index), at + last, at + m.index));
    const s = at + m.index;
    const e = s + m[0].length;
    g.out.push(startTag("span", [attr("typeof", "mw:Entity")], { src: m[0], srcContent: decoded, tsr: [s, e] }), text(decoded, s, e), endTag("span", { tsr: [e, e] }));
    last = m.index + m[0].length;
  }
  if (last < content.length) g.out.push(text(content.slice(last), at + last, at + content.length));
}

/**
 * Include directives on the page itself: `<noinclude>` and `<onlyinclude>` content is shown
 * (their tags become markers), `<includeonly>` content is not (its source is kept in data-mw).
 * All markers are sol-transparent metas, as in Parsoid.
 */
function includeDirective(g: Grammar, i: number, to: number, tag: ParsedTag): number {
  const s = g.start(i);
  const e = g.end(i);
  const name = tag.name === "noinclude" ? "NoInclude" : tag.name === "onlyinclude" ? "OnlyInclude" : "IncludeOnly";
  const meta = (typeOf: string, start: number, end: number, src: string) =>
    selfClosing("meta", [attr("typeof", typeOf)], { tsr: [start, end], src });
  if (tag.name !== "includeonly") {
    const closing = g.kind(i) === K_TAG_CLOSE;
    const marker = meta(`mw:Includes/${name}${closing ? "/End" : ""}`, s, e, g.slice(i));
    // (Written by one transclusion: the page's own directives next to an empty one are not.)
    if (g.templatedSpans !== null && g.templatedSpans.within(s, e)) marker.aux = { transclusionContent: true };
    g.out.push(marker);
    if (tag.selfClosing && !closing) g.out.push(meta(`mw:Includes/${name}/End`, e, e, ""));
    return i + 1;
  }
  if (g.kind(i) === K_TAG_CLOSE) {
    g.out.push(meta("mw:Includes/IncludeOnly/End", s, e, g.slice(i)));
    return i + 1;
  }
  // `<includeonly>...</includeonly>`: the tokenizer kept the content raw.
  let j = i + 1;
  if (j < to && g.kind(j) === K_RAW_TEXT) j++;
  const closed = !tag.selfClosing && j < to && g.kind(j) === K_TAG_CLOSE && parseTag(g.slice(j)).name === "includeonly";
  const end = closed ? g.end(j) : e;
  // The start marker carries the whole source (content included); the end marker adds nothing.
  const source = g.src.slice(s, end);
  const start = meta("mw:Includes/IncludeOnly", s, closed ? g.start(j) : e, source);
  start.mw = { src: source };
  g.out.push(start);
  if (closed || tag.selfClosing) g.out.push(meta("mw:Includes/IncludeOnly/End", closed ? g.start(j) : e, end, ""));
  return closed ? j + 1 : i + 1;
}
