// HTML serialization of the engine's DOM, following the HTML5 fragment serialization rules
// (escaping, void elements written as `<br/>`, raw-text elements, the extra newline after <pre>),
// with data-mw and data-parser written from the nodes' data.
import type { WElement, WNode } from "../dom/node.js";
import { VOID_TAGS } from "../util/html-tags.js";

const RAW_TEXT = new Set(["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"]);

export interface SerializeOptions {
  /** Writes each element's parse data as a data-parser attribute. */
  inlineDataParser: boolean;
}

const TEXT_SPECIAL = /[&<>]/;
const ATTR_SPECIAL = /[&"]/;
const AMP = /&/g;

export function escapeText(value: string): string {
  if (!TEXT_SPECIAL.test(value)) return value;
  return value.replace(AMP, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function escapeAttr(value: string): string {
  if (!ATTR_SPECIAL.test(value)) return value;
  return value.replace(AMP, "&amp;").replace(/"/g, "&quot;");
}

export function serializeChildren(el: WElement, options: SerializeOptions): string {
  return serializeTree(el, false, options.inlineDataParser);
}

export function serializeElement(el: WElement, options: SerializeOptions): string {
  return serializeTree(el, true, options.inlineDataParser);
}

/**
 * Entries per cache of tag and attribute strings below: names come from the input (data-*
 * attributes may have any name), so a long-running server must not keep every one it saw.
 */
const MAX_CACHED_NAMES = 512;

/**
 * What the serializer needs to know of a tag name, looked up once per element (a lookup each
 * for the opener, the void check and the end tag cost three).
 */
interface TagInfo {
  /** `<name` */
  opener: string;
  /** `</name>` */
  closer: string;
  isVoid: boolean;
  /** pre, textarea, listing: a leading newline of the content is written twice (see startTag). */
  preLike: boolean;
}

const tagInfos = new Map<string, TagInfo>();
function tagInfo(name: string): TagInfo {
  let info = tagInfos.get(name);
  if (info === undefined) {
    info = { opener: "<" + name, closer: `</${name}>`, isVoid: VOID_TAGS.has(name), preLike: name === "pre" || name === "textarea" || name === "listing" };
    if (tagInfos.size < MAX_CACHED_NAMES) tagInfos.set(name, info);
  }
  return info;
}

/**
 * Start tags are written with as few new strings as possible: every string appended to the
 * output is a rope node that lives until the next chunk is flattened, and the serializer makes
 * a quarter of the engine's allocations. So the text between two attribute values (the closing
 * quote of the one before, a space, the name, `=` and the opening quote: `" href="`) is one
 * cached string, and the last closing quote goes out with the tag's end (`">`).
 *
 * Values holding `"` but no `'` (JSON in data-mw and data-parser) are written in single quotes,
 * as Parsoid does: valid HTML, and no escaping of every quote.
 *
 * Quote: how an attribute value is quoted (an index into QUOTE_CHAR and the tag-end tables).
 */
type Quote = 0 | 1 | 2;
const NO_QUOTE = 0;
const DOUBLE = 1;
const SINGLE = 2;
const QUOTE_CHAR = ["", '"', "'"];

/** The closing quote the start tag being written still owes (serialization is synchronous: one tag at a time). */
let owedQuote: Quote = NO_QUOTE;

/** Cached `<closing quote owed> name=<opening quote>` per owed quote, quote and attribute name. */
const attrLeads: Array<Map<string, string>> = [new Map(), new Map(), new Map(), new Map(), new Map(), new Map()];
function attrLead(owed: Quote, quote: Quote, name: string): string {
  const cache = attrLeads[owed * 2 + quote - 1]!;
  let lead = cache.get(name);
  if (lead === undefined) {
    lead = QUOTE_CHAR[owed] + " " + name + "=" + QUOTE_CHAR[quote];
    if (cache.size < MAX_CACHED_NAMES) cache.set(name, lead);
  }
  return lead;
}

/** `html` followed by the attribute up to its value (its closing quote becomes owed). */
function attribute(html: string, name: string, value: string): string {
  // Most values hold neither `&` nor `"`: one scan decides that (a search each cost two).
  if (!ATTR_SPECIAL.test(value)) return html + attrLeadFor(DOUBLE, name) + value;
  if (value.indexOf('"') < 0) {
    // The common case: nothing but `&` can need escaping.
    return appendAmpEscaped(html + attrLeadFor(DOUBLE, name), value);
  }
  if (value.indexOf("'") < 0) return appendAmpEscaped(html + attrLeadFor(SINGLE, name), value);
  return appendEscaped(html + attrLeadFor(DOUBLE, name), value, DOUBLE_QUOTE);
}

/**
 * attribute() for the JSON of an object with members, which always holds `"`. Two indexOf
 * searches rather than one regex test: JSON.stringify's output is nearly always one-byte, where
 * a one-character search is a memchr (over the corpus's 52,000 parse data JSONs: 1.9 ms for both
 * searches against 7.8 ms for the regex).
 */
function jsonAttribute(html: string, name: string, json: string): string {
  if (json.indexOf("'") >= 0) return appendEscaped(html + attrLeadFor(DOUBLE, name), json, DOUBLE_QUOTE);
  if (json.indexOf("&") < 0) return html + attrLeadFor(SINGLE, name) + json;
  return appendAmpEscaped(html + attrLeadFor(SINGLE, name), json);
}

/** The lead of an attribute quoted with `quote`, after the quote the one before owes. */
function attrLeadFor(quote: Quote, name: string): string {
  const lead = attrLead(owedQuote, quote, name);
  owedQuote = quote;
  return lead;
}

/** `>` or `/>` after the owed closing quote, per owed quote. */
const TAG_ENDS = [">", '">', "'>"];
const VOID_TAG_ENDS = ["/>", '"/>', "'/>"];

/** `html` followed by `<name attrs…` without the last closing quote (owedQuote) and the `>`. */
function openTag(html: string, node: WElement, opener: string, inlineDataParser: boolean): string {
  owedQuote = NO_QUOTE;
  html += opener;
  const attrs = node.attrs;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    html = attribute(html, a.name, a.value);
  }
  if (node.mw) {
    // An empty object's `{}` holds no `"`: attribute() double-quotes it.
    const json = JSON.stringify(node.mw);
    html = json.length === 2 ? attribute(html, "data-mw", json) : jsonAttribute(html, "data-mw", json);
  }
  if (inlineDataParser && node.dp) {
    // Parse data whose members are all undefined (JSON `{}`) writes no attribute.
    const json = JSON.stringify(node.dp);
    if (json.length !== 2) html = jsonAttribute(html, "data-parser", json);
  }
  return html;
}

/** A void element's whole tag. */
function voidTag(html: string, node: WElement, info: TagInfo, inlineDataParser: boolean): string {
  html = openTag(html, node, info.opener, inlineDataParser);
  return html + VOID_TAG_ENDS[owedQuote]!;
}

/** `html` followed by the text of a child of `parent`: raw-text elements' content is written as is. */
function appendText(html: string, parent: WElement, value: string): string {
  // Most text has nothing to escape: then whether the parent is raw does not matter.
  if (!TEXT_SPECIAL.test(value) || RAW_TEXT.has(parent.name)) return html + value;
  return appendEscaped(html, value, TEXT_CHARS);
}

/**
 * `html` followed by `value` with each `&` written as `&amp;`. The runs between them go to the
 * output as they are (slices of `value`), with no escaped copy of the whole value: every wiki
 * link to a missing page has an `&` in its href (`?action=edit&redlink=1`), and a global regex
 * replace per such href cost about 5% of wt2html on the corpus.
 */
function appendAmpEscaped(html: string, value: string): string {
  let at = value.indexOf("&");
  if (at < 0) return html + value;
  let from = 0;
  do {
    html = html + value.slice(from, at) + "&amp;";
    from = at + 1;
    at = value.indexOf("&", from);
  } while (at >= 0);
  return from < value.length ? html + value.slice(from) : html;
}

/** Which characters appendEscaped escapes besides `&`. */
const TEXT_CHARS = 0;
const DOUBLE_QUOTE = 1;
type EscapeSet = typeof TEXT_CHARS | typeof DOUBLE_QUOTE;

/** `html` followed by `value` with `&` and the characters of `set` written as references (as appendAmpEscaped). */
function appendEscaped(html: string, value: string, set: EscapeSet): string {
  let from = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const reference = code === 38 ? "&amp;" : set === TEXT_CHARS ? (code === 60 ? "&lt;" : code === 62 ? "&gt;" : null) : code === 34 ? "&quot;" : null;
    if (reference === null) continue;
    html = html + value.slice(from, i) + reference;
    from = i + 1;
  }
  return from === 0 ? html + value : from < value.length ? html + value.slice(from) : html;
}

/**
 * Writes `root`'s children (and `root` itself when `withRoot`). Iterative, so that deeply nested
 * documents serialize without recursion: the open elements and the index of the next child to
 * write in each are kept on two stacks, so no node is pushed more than once.
 */
function serializeTree(root: WElement, withRoot: boolean, inlineDataParser: boolean): string {
  const chunks: string[] = [];
  let html = "";
  const rootInfo = tagInfo(root.name);
  if (withRoot) {
    if (rootInfo.isVoid) return voidTag("", root, rootInfo, inlineDataParser);
    html = startTag("", root, rootInfo, inlineDataParser);
  }
  // The open elements' end tags ride along with them, so closing one needs no lookup.
  const parents: WElement[] = [];
  const nexts: number[] = [];
  const closers: string[] = [];
  let el = root;
  let closer = rootInfo.closer;
  let i = 0;
  for (;;) {
    const kids = el.children;
    if (i < kids.length) {
      const child: WNode = kids[i++]!;
      if (child.kind === "text") {
        html = appendText(html, el, child.value);
      } else if (child.kind === "comment") {
        html += "<!--" + child.value + "-->";
      } else {
        const info = tagInfo(child.name);
        if (info.isVoid) {
          html = voidTag(html, child, info, inlineDataParser);
        } else {
          html = startTag(html, child, info, inlineDataParser);
          const grandKids = child.children;
          if (grandKids.length === 1 && grandKids[0]!.kind === "text") {
            // The common leaf case, without a visit of its own.
            html = appendText(html, child, grandKids[0]!.value) + info.closer;
          } else if (grandKids.length === 0) {
            html += info.closer;
          } else {
            parents.push(el);
            nexts.push(i);
            closers.push(closer);
            el = child;
            closer = info.closer;
            i = 0;
          }
        }
      }
      if (html.length > CHUNK) {
        chunks.push(flat(html));
        html = "";
      }
      continue;
    }
    if (parents.length === 0) break;
    html += closer;
    el = parents.pop()!;
    i = nexts.pop()!;
    closer = closers.pop()!;
  }
  if (withRoot) html += rootInfo.closer;
  // Concatenated rather than joined: joining would copy every character once more, and whoever
  // reads the result (a response encoder, the document wrapper's reader) flattens it anyway.
  for (let k = chunks.length - 1; k >= 0; k--) html = chunks[k]! + html;
  return html;
}

/**
 * Output is cut into flat chunks of about this many characters, joined at the end. A document
 * built by `+=` alone is one tree of concatenations that keeps every piece alive until the end,
 * long enough for the garbage collector to copy them all to the old generation.
 *
 * The size puts a chunk of two-byte text (nearly every page's output: one character above
 * U+00FF is enough, and references' backlinks have one) just above V8's largest regular object
 * (128 KiB): chunks then live in large-object space, which scavenges never copy. With 16K
 * chunks a long page's output so far was copied at every scavenge during its serialization and
 * promoted at the second (corpus: about a third fewer bytes copied by scavenges).
 */
const CHUNK = 65536;

/** Reading a character makes V8 copy a concatenated string into one flat string now. */
let flatProbe = 0;
function flat(s: string): string {
  flatProbe ^= s.charCodeAt(s.length - 1);
  return s;
}

/** `html` followed by the start tag, plus the newline that keeps a leading newline of pre-like elements. */
function startTag(html: string, node: WElement, info: TagInfo, inlineDataParser: boolean): string {
  html = openTag(html, node, info.opener, inlineDataParser);
  html += TAG_ENDS[owedQuote]!;
  if (info.preLike) {
    // A newline right after the start tag is dropped by HTML parsers: write one more.
    const first = node.children[0];
    if (first && first.kind === "text" && first.value.charCodeAt(0) === 10) return html + "\n";
  }
  return html;
}
