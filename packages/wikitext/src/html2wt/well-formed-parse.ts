// A fast parser for well-formed HTML, the kind serializers write (ours, Parsoid's, editors'):
// every element explicitly closed in order, text and attributes escaped, no constructs for
// which HTML5 tree construction would move, imply or drop anything. It builds the same tree
// parse5 builds for such input, several times faster; at the first construct it does not
// handle exactly like HTML5 it gives up (returns null) and the caller falls back to parse5.
import { WComment, WElement, WText, type Attr } from "../dom/node.js";
import { decodeEntity } from "../util/entities.js";
import { VOID_TAGS } from "../util/html-tags.js";

/** Elements whose HTML5 parsing is plain: no implied tags, raw text or foreign content. */
const PLAIN_TAGS = new Set([
  "a", "abbr", "b", "bdi", "bdo", "big", "blockquote", "br", "caption", "center", "cite", "code", "data",
  "dd", "del", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "font", "h1", "h2", "h3", "h4",
  "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "link", "mark", "meta", "ol", "p", "pre", "q", "rb",
  "rp", "rt", "rtc", "ruby", "s", "samp", "section", "small", "span", "strike", "strong", "sub", "sup",
  "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul", "var", "wbr", "audio",
  "video", "source", "track", "aside", "article", "header", "footer", "nav", "main", "address", "abbr",
]);

/** Start tags that close an open <p> (HTML5 "close a p element" in button scope). */
const CLOSES_P = new Set([
  "address", "article", "aside", "blockquote", "center", "dd", "div", "dl", "dt", "figcaption", "figure",
  "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
  "section", "table", "ul",
]);

/** Elements that bound the scopes the checks below look through. */
const SCOPE_BOUNDARY = new Set(["table", "td", "th", "caption", "html", "body"]);

/** What each table-structure element may directly contain (anything else would be moved). */
const TABLE_CHILDREN: Record<string, ReadonlySet<string>> = {
  table: new Set(["caption", "tbody", "thead", "tfoot"]),
  tbody: new Set(["tr"]),
  thead: new Set(["tr"]),
  tfoot: new Set(["tr"]),
  tr: new Set(["td", "th"]),
};
const TABLE_PARENT: Record<string, string[]> = {
  caption: ["table"], tbody: ["table"], thead: ["table"], tfoot: ["table"], tr: ["tbody", "thead", "tfoot"], td: ["tr"], th: ["tr"],
};

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

class GiveUp extends Error {}

function giveUp(): never {
  throw new GiveUp();
}

/** The references serializers write all the time, decoded without a lookup. */
const COMMON_REFERENCES: Record<string, string> = { "&quot;": '"', "&amp;": "&", "&lt;": "<", "&gt;": ">", "&#39;": "'", "&apos;": "'", "&nbsp;": "\u00a0" };

function decodeText(text: string): string {
  let amp = text.indexOf("&");
  if (amp < 0) return text;
  let out = "";
  let pos = 0;
  while (amp >= 0) {
    out += text.slice(pos, amp);
    const semi = text.indexOf(";", amp);
    const ref = semi > amp && semi - amp <= 33 ? text.slice(amp, semi + 1) : "";
    const common = ref === "" ? undefined : COMMON_REFERENCES[ref];
    if (common !== undefined) {
      out += common;
      pos = semi + 1;
    } else if (ref !== "" && /^&(?:#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,7}|[A-Za-z][A-Za-z0-9]*);$/.test(ref)) {
      const decoded = decodeEntity(ref);
      if (decoded === null) giveUp();
      out += decoded;
      pos = semi + 1;
    } else {
      // "&" not starting a complete reference: literal, unless a legacy reference without ";"
      // (decoded by context-dependent rules) could start here.
      if (/^&[A-Za-z#]/.test(text.slice(amp, amp + 2))) giveUp();
      out += "&";
      pos = amp + 1;
    }
    amp = text.indexOf("&", pos);
  }
  return out + text.slice(pos);
}

function inScope(stack: readonly WElement[], name: string, boundary: ReadonlySet<string>): boolean {
  for (let i = stack.length - 1; i >= 0; i--) {
    const n = stack[i]!.name;
    if (n === name) return true;
    if (boundary.has(n)) return false;
  }
  return false;
}

const LIST_ITEM_BOUNDARY = new Set([...SCOPE_BOUNDARY, "ul", "ol"]);
const DEFINITION_BOUNDARY = new Set([...SCOPE_BOUNDARY, "dl"]);

/** How many elements of each name are open: scope scans only run when one could be found. */
type OpenCounts = Map<string, number>;

function isOpen(open: OpenCounts, name: string): boolean {
  return (open.get(name) ?? 0) > 0;
}

function checkStartTag(name: string, stack: readonly WElement[], open: OpenCounts): void {
  const current = stack[stack.length - 1]!;
  const allowed = TABLE_CHILDREN[current.name];
  if (allowed && !allowed.has(name)) giveUp();
  const parents = TABLE_PARENT[name];
  if (parents && !parents.includes(current.name)) giveUp();
  if (CLOSES_P.has(name) && isOpen(open, "p") && inScope(stack, "p", SCOPE_BOUNDARY)) giveUp();
  if (name === "li" && isOpen(open, "li") && inScope(stack, "li", LIST_ITEM_BOUNDARY)) giveUp();
  if ((name === "dd" || name === "dt") && ((isOpen(open, "dd") && inScope(stack, "dd", DEFINITION_BOUNDARY)) || (isOpen(open, "dt") && inScope(stack, "dt", DEFINITION_BOUNDARY)))) giveUp();
  if (HEADINGS.has(name) && HEADINGS.has(current.name)) giveUp();
  if (name === "a" && isOpen(open, "a")) giveUp();
}

/** HTML's whitespace between attributes (space, tab, newline, form feed; no CR: rejected up front). */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c;
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function isTagNameChar(c: number): boolean {
  return isAsciiAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d;
}

/** Ends an attribute name: whitespace, quotes, `>`, `/`, `=` (or the end of the input). */
function endsAttributeName(c: number): boolean {
  return Number.isNaN(c) || isSpace(c) || c === 0x22 || c === 0x27 || c === 0x3e || c === 0x2f || c === 0x3d;
}

function skipSpace(html: string, at: number): number {
  let p = at;
  while (isSpace(html.charCodeAt(p))) p++;
  return p;
}

/**
 * The tag and attribute names serializers write, as the engine's own string constants: the
 * handlers compare names against literals, and equal constants compare without reading the text.
 */
const KNOWN_NAMES = new Map<string, string>();
for (const name of [
  ...PLAIN_TAGS, "data-parser", "data-parsoid", "data-mw", "data-mw-i18n", "typeof", "rel", "href", "about", "id", "class", "style",
  "title", "resource", "src", "srcset", "width", "height", "alt", "lang", "dir", "property", "content", "colspan", "rowspan", "decoding",
  "data-file-width", "data-file-height", "data-file-type", "data-mw-section-id",
]) {
  KNOWN_NAMES.set(name, name);
}

/** `html[from, to)` as a lower-case name, shared with the literal spelling when it is a known one. */
function nameAt(html: string, from: number, to: number): string {
  let name = html.slice(from, to);
  for (let i = from; i < to; i++) {
    const c = html.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) {
      name = name.toLowerCase();
      break;
    }
  }
  return KNOWN_NAMES.get(name) ?? name;
}

/** The end of the tag name starting at `from` (== from when no name starts there). */
function tagNameEnd(html: string, from: number): number {
  if (!isAsciiAlpha(html.charCodeAt(from))) return from;
  let p = from + 1;
  while (isTagNameChar(html.charCodeAt(p))) p++;
  return p;
}

/** The body content of `html` (a full document or a fragment) as a <body> element, or null. */
export function parseWellFormed(html: string): WElement | null {
  let start = 0;
  let end = html.length;
  // Only a document has a body to find (a fragment, the usual input, is not searched for one:
  // a <body> inside it is no plain tag, and the parse below gives up on it). A body start tag
  // written in another case than findBodyTag's two is not found: the document goes to parse5.
  if (DOCUMENT_START.test(html)) {
    const bodyAt = findBodyTag(html);
    if (bodyAt < 0) return null;
    start = html.indexOf(">", bodyAt) + 1;
    const close = html.lastIndexOf("</body>");
    if (start === 0 || close < start) return null;
    end = close;
  }
  if (html.includes("\r") || html.includes("\u0000")) return null;
  try {
    return build(html, start, end);
  } catch (error) {
    if (error instanceof GiveUp) return null;
    throw error;
  }
}

const DOCUMENT_START = /^\s*<(?:!doctype|html|head|body)[\s>]/i;

function findBodyTag(html: string): number {
  for (const spelling of ["<body", "<BODY"]) {
    let at = html.indexOf(spelling);
    while (at >= 0) {
      const next = html.charCodeAt(at + 5);
      if (next === 0x3e || isSpace(next)) return at;
      at = html.indexOf(spelling, at + 5);
    }
  }
  return -1;
}

function build(html: string, from: number, to: number): WElement {
  const body = new WElement("body");
  const stack: WElement[] = [body];
  const open: OpenCounts = new Map();
  let pos = from;
  let dropNewline = false;
  while (pos < to) {
    const lt = html.indexOf("<", pos);
    const textEnd = lt < 0 || lt >= to ? to : lt;
    if (textEnd > pos) {
      // A newline right after <pre> is not content (HTML drops it).
      const textStart = dropNewline && html.charCodeAt(pos) === 0x0a ? pos + 1 : pos;
      if (textEnd > textStart) addText(stack[stack.length - 1]!, html.slice(textStart, textEnd));
    }
    if (textEnd >= to) break;
    pos = lt;
    dropNewline = false;
    const next = html.charCodeAt(pos + 1);
    if (next === 0x21 /* ! */ && html.startsWith("<!--", pos)) {
      const close = html.indexOf("-->", pos + 4);
      if (close < 0 || close + 3 > to) giveUp();
      const data = html.slice(pos + 4, close);
      if (data.startsWith(">") || data.startsWith("->") || data.includes("--!")) giveUp();
      stack[stack.length - 1]!.appendChild(new WComment(data));
      pos = close + 3;
      continue;
    }
    if (next === 0x2f /* / */) {
      const nameEnd = tagNameEnd(html, pos + 2);
      if (nameEnd === pos + 2) giveUp();
      const name = nameAt(html, pos + 2, nameEnd);
      const gt = skipSpace(html, nameEnd);
      if (html.charCodeAt(gt) !== 0x3e) giveUp();
      const current = stack[stack.length - 1]!;
      if (stack.length === 1 || current.name !== name) giveUp();
      stack.pop();
      open.set(name, open.get(name)! - 1);
      pos = gt + 1;
      continue;
    }
    const nameEnd = tagNameEnd(html, pos + 1);
    if (nameEnd === pos + 1) giveUp();
    // HTML5 reads a tag name up to whitespace, `/` or `>`: anything else (`<a_b>`) is left to parse5.
    const afterName = html.charCodeAt(nameEnd);
    if (!(isSpace(afterName) || afterName === 0x2f || afterName === 0x3e)) giveUp();
    const name = nameAt(html, pos + 1, nameEnd);
    if (!PLAIN_TAGS.has(name)) giveUp();
    const attrs: Attr[] = [];
    const afterAttrs = readAttributes(html, nameEnd, to, attrs);
    const selfClosing = lastTagSelfClosing;
    checkStartTag(name, stack, open);
    const el = new WElement(name, attrs);
    stack[stack.length - 1]!.appendChild(el);
    pos = afterAttrs;
    if (VOID_TAGS.has(name)) continue;
    // A self-closing slash on a normal element is ignored by HTML: the element stays open.
    if (selfClosing) giveUp();
    stack.push(el);
    open.set(name, (open.get(name) ?? 0) + 1);
    if (name === "pre") dropNewline = true;
  }
  if (stack.length !== 1) giveUp();
  return body;
}

function addText(parent: WElement, text: string): void {
  if (TABLE_CHILDREN[parent.name] && !/^[ \t\n\f]*$/.test(text)) giveUp();
  parent.appendChild(new WText(decodeText(text)));
}

/** Whether the start tag readAttributes last read ended in `/>` (a slash in `x=y/>` is the value's). */
let lastTagSelfClosing = false;

/**
 * Reads the attributes of a start tag from `at` (just after its name) into `attrs`; returns the
 * position after the tag's closing `>`.
 */
function readAttributes(html: string, at: number, to: number, attrs: Attr[]): number {
  let p = at;
  lastTagSelfClosing = false;
  for (;;) {
    p = skipSpace(html, p);
    const c = html.charCodeAt(p);
    if (c === 0x3e /* > */) return p + 1;
    if (c === 0x2f /* / */ && html.charCodeAt(p + 1) === 0x3e) {
      lastTagSelfClosing = true;
      return p + 2;
    }
    if (Number.isNaN(c) || p >= to) giveUp();
    const nameStart = p;
    while (!endsAttributeName(html.charCodeAt(p))) p++;
    if (p === nameStart) giveUp();
    const attrName = nameAt(html, nameStart, p);
    p = skipSpace(html, p);
    let value = "";
    if (html.charCodeAt(p) === 0x3d /* = */) {
      p = skipSpace(html, p + 1);
      const q = html.charCodeAt(p);
      if (q === 0x22 || q === 0x27) {
        const close = html.indexOf(q === 0x22 ? '"' : "'", p + 1);
        if (close < 0) giveUp();
        value = decodeText(html.slice(p + 1, close));
        p = close + 1;
      } else {
        const valueStart = p;
        for (let v = html.charCodeAt(p); !Number.isNaN(v) && !isSpace(v) && v !== 0x3e; v = html.charCodeAt(++p)) {
          // Characters HTML5 reports as errors in unquoted values (parse5 then decides).
          if (v === 0x22 || v === 0x27 || v === 0x3c || v === 0x3d || v === 0x60) giveUp();
        }
        if (p === valueStart) giveUp();
        value = decodeText(html.slice(valueStart, p));
      }
    }
    // HTML keeps the first of duplicated attributes.
    if (!hasAttr(attrs, attrName)) attrs.push({ name: attrName, value });
  }
}

function hasAttr(attrs: readonly Attr[], name: string): boolean {
  for (let i = 0; i < attrs.length; i++) if (attrs[i]!.name === name) return true;
  return false;
}
