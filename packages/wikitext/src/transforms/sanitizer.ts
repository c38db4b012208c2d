// The sanitizer for tags written in wikitext (MediaWiki's attribute whitelist): attributes not
// allowed on a tag are dropped, event handlers never pass, URLs with script schemes are removed,
// and style values are checked by sanitizeCss. Attributes produced by the engine itself (links,
// typeof, ...) are trusted and left alone.
import type { Token, StartTagTk, SelfClosingTk } from "../tokenizer/tokens.js";
import type { Attr } from "../dom/node.js";
import { sanitizeCss } from "./sanitizer-css.js";
import { hasEncodedWhitespace, writtenValue } from "../tokenizer/attributes.js";

const COMMON = ["id", "class", "style", "lang", "dir", "title", "tabindex", "role", "aria-describedby", "aria-flowto",
  "aria-hidden", "aria-label", "aria-labelledby", "aria-level", "aria-owns", "itemid", "itemprop", "itemref", "itemscope", "itemtype"];
const BLOCK = [...COMMON, "align"];
const TABLE_ALIGN = ["align", "char", "charoff", "valign"];
const TABLE_CELL = [...COMMON, ...TABLE_ALIGN, "abbr", "axis", "headers", "scope", "rowspan", "colspan", "nowrap", "width", "height", "bgcolor"];

const PER_TAG: Record<string, string[]> = {
  div: BLOCK, center: COMMON, span: COMMON, h1: BLOCK, h2: BLOCK, h3: BLOCK, h4: BLOCK, h5: BLOCK, h6: BLOCK,
  bdo: COMMON, em: COMMON, strong: COMMON, cite: COMMON, dfn: COMMON, code: COMMON, samp: COMMON, kbd: COMMON, var: COMMON, abbr: COMMON,
  blockquote: [...COMMON, "cite"], q: [...COMMON, "cite"], sub: COMMON, sup: COMMON, p: BLOCK, br: ["id", "class", "title", "style", "clear"],
  wbr: ["id", "class", "title", "style"], pre: [...COMMON, "width"], ins: [...COMMON, "cite", "datetime"], del: [...COMMON, "cite", "datetime"],
  ul: [...COMMON, "type"], ol: [...COMMON, "type", "start", "reversed"], li: [...COMMON, "type", "value"], dl: COMMON, dd: COMMON, dt: COMMON,
  table: [...COMMON, "summary", "width", "border", "frame", "rules", "cellspacing", "cellpadding", "align", "bgcolor"],
  caption: BLOCK, thead: [...COMMON, ...TABLE_ALIGN], tfoot: [...COMMON, ...TABLE_ALIGN], tbody: [...COMMON, ...TABLE_ALIGN],
  colgroup: [...COMMON, "span", ...TABLE_ALIGN], col: [...COMMON, "span", ...TABLE_ALIGN], tr: [...COMMON, "bgcolor", ...TABLE_ALIGN],
  td: TABLE_CELL, th: TABLE_CELL, a: [...COMMON, "href", "rel", "rev"], img: [...COMMON, "alt", "src", "width", "height", "srcset"],
  tt: COMMON, b: COMMON, i: COMMON, big: COMMON, small: COMMON, strike: COMMON, s: COMMON, u: COMMON,
  font: [...COMMON, "size", "color", "face"], hr: [...COMMON, "width"], ruby: COMMON, rb: COMMON, rp: COMMON, rt: COMMON, rtc: COMMON,
  math: ["class", "style", "id", "title"], figure: COMMON, figcaption: COMMON, bdi: COMMON, data: [...COMMON, "value"],
  time: [...COMMON, "datetime"], mark: COMMON, meta: ["itemprop", "content"], link: ["itemprop", "href", "title"],
};

const TABLE_TAGS = new Set(["table", "tr", "td", "th", "caption"]);
const URL_ATTRS = new Set(["href", "src", "cite", "itemtype", "itemid", "poster", "background", "action", "longdesc", "usemap", "formaction", "srcset"]);
const SAFE_URL = /^(?:https?:|ftps?:|mailto:|news:|irc:|ircs:|gopher:|nntp:|telnet:|worldwind:|svn:|git:|mms:|ssh:|sftp:|tel:|sms:|urn:|geo:|xmpp:|sip:|sips:|bitcoin:|magnet:|matrix:|redis:|\/\/)/i;
const DATA_ATTR = /^data-(?!ooui|mw|parsoid|parser)[^:]*$|^data-x-[^:]*$/i;

function allowed(tag: string, name: string): boolean {
  if (DATA_ATTR.test(name)) return true;
  if (name.startsWith("on")) return false;
  const list = PER_TAG[tag];
  return list ? list.includes(name) : COMMON.includes(name);
}

/** Cleans one attribute value, or returns null to drop it. */
function cleanValue(name: string, raw: string, encodedWhitespace: boolean): string | null {
  if (name === "style") return sanitizeCss(raw);
  // Attribute whitespace is normalised (after the CSS check, which must see line breaks), but
  // not the line breaks written as character references (`&#10;`), as in MediaWiki.
  const value = encodedWhitespace ? raw : raw.replace(/[\t\n\r]/g, " ");
  if (URL_ATTRS.has(name)) {
    const trimmed = value.trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed.replace(/[\u0000-\u0020]/g, "")) && !SAFE_URL.test(trimmed)) return null;
  }
  if (name === "id") {
    // Ids are whitespace-normalised and cannot be empty.
    const id = value.replace(/[ \t\n\r\f]+/g, "_");
    return id === "" ? null : id;
  }
  return value;
}

/**
 * Attributes the output format gives meaning to (RDFa, Parsoid's own data): written by a user
 * they are kept, renamed `data-x-...`, so they cannot forge engine markup.
 */
const PROTECTED = /^(?:typeof|about|rel|property|resource|datatype|inlist|prefix|vocab|data-mw.*|data-parsoid.*|data-parser.*|data-object-id)$/i;

/** What the sanitizer does with an attribute, which depends only on the tag and the name. */
const KEEP_AS_IS = 0;
const DROP = 1;
const CLEAN = 2;
const CHECK_TABINDEX = 3;

interface Verdict {
  action: number;
  /** The name it is kept under when the engine reserves it (`data-x-...`), else null. */
  renamed: string | null;
}

function verdictFor(tag: string, name: string): Verdict {
  const renamed = PROTECTED.test(name) ? `data-x-${name}` : null;
  const kept = renamed ?? name;
  if (/^xmlns:[a-z][a-z0-9-]*$/i.test(kept)) return { action: KEEP_AS_IS, renamed };
  if (!allowed(tag, kept)) return { action: DROP, renamed };
  return { action: kept === "tabindex" ? CHECK_TABINDEX : CLEAN, renamed };
}

/**
 * Verdicts per tag and attribute name: pages repeat the same few (`style` on cells, `class` on
 * spans), and finding one takes several regexes and a list search. Names are the author's, so
 * each tag keeps a bounded number.
 */
const verdicts = new Map<string, Map<string, Verdict>>();
const VERDICTS_PER_TAG = 256;

function cachedVerdict(tag: string, name: string): Verdict {
  let byName = verdicts.get(tag);
  if (byName === undefined) verdicts.set(tag, (byName = new Map()));
  let verdict = byName.get(name);
  if (verdict === undefined) {
    verdict = verdictFor(tag, name);
    if (byName.size < VERDICTS_PER_TAG) byName.set(name, verdict);
  }
  return verdict;
}

const HARMLESS_TABINDEX = /^\s*(?:-\d+|0)\s*$/;

export function sanitizeAttributes(tag: string, attrs: Attr[]): { attrs: Attr[]; changed: boolean } {
  const out: Attr[] = [];
  let changed = false;
  for (const original of attrs) {
    const verdict = cachedVerdict(tag, original.name);
    if (verdict.renamed !== null) changed = true;
    const name = verdict.renamed ?? original.name;
    if (verdict.action === KEEP_AS_IS) {
      out.push(verdict.renamed === null ? original : { name, value: original.value });
      continue;
    }
    // Only tabindex values that do not reorder focus (0 or negative).
    if (verdict.action === DROP || (verdict.action === CHECK_TABINDEX && !HARMLESS_TABINDEX.test(original.value))) {
      changed = true;
      continue;
    }
    const value = cleanValue(name, original.value, hasEncodedWhitespace(original));
    if (value === null) {
      changed = true;
      continue;
    }
    if (value !== original.value) changed = true;
    out.push({ name, value });
  }
  return { attrs: out, changed };
}

/** Tags whose attributes the author wrote: HTML tags, and wikitext table syntax (`{| class=...`). */
function isUserTag(tk: StartTagTk | SelfClosingTk): boolean {
  return tk.dp.stx === "html" || TABLE_TAGS.has(tk.name);
}

export function transformSanitizer(tokens: Token[]): Token[] {
  for (const tk of tokens) {
    if ((tk.type !== "start" && tk.type !== "self") || !isUserTag(tk)) continue;
    if (tk.attrs.length === 0) continue;
    if (tk.name === "pre" && tk.attrs.some((a) => a.name === "typeof")) {
      const [typeOf, ...rest] = tk.attrs;
      tk.attrs = [typeOf!, ...sanitizeAttributes("pre", rest).attrs];
      continue;
    }
    const written = tk.attrs;
    let spelled: Record<string, string> | null = null;
    for (const a of written) {
      const raw = writtenValue(a);
      if (raw !== undefined) (spelled ??= {})[a.name] = raw;
    }
    const { attrs, changed } = sanitizeAttributes(tk.name, written);
    tk.attrs = attrs;
    if (changed) {
      // The attributes as written are recorded only when the sanitizer changed some.
      const original: Record<string, string> = {};
      for (const a of written) original[a.name] = a.value;
      tk.dp.sa = original;
      recordRemoved(tk, original, spelled);
    }
    if (spelled) recordSpellings(tk, spelled);
  }
  return tokens;
}

/**
 * Values written with character references keep their spelling in the parse data (`sa`, with
 * the value it gave in `a`): unchanged values are written back as the page had them.
 */
function recordSpellings(tk: StartTagTk | SelfClosingTk, spelled: Record<string, string>): void {
  for (const a of tk.attrs) {
    const raw = spelled[a.name];
    if (raw === undefined) continue;
    (tk.dp.sa ??= {})[a.name] = raw;
    (tk.dp.a ??= {})[a.name] = a.value;
  }
}

/**
 * Attributes the sanitizer dropped are noted as such (`a` null, `sa` as written, as Parsoid
 * notes them): html2wt writes them back, so the source keeps what its author wrote.
 */
function recordRemoved(tk: StartTagTk | SelfClosingTk, original: Record<string, string>, spelled: Record<string, string> | null): void {
  for (const name of Object.keys(original)) {
    if (tk.attrs.some((a) => a.name === name || a.name === `data-x-${name}`)) continue;
    (tk.dp.a ??= {})[name] = null;
    (tk.dp.sa ??= {})[name] = spelled?.[name] ?? original[name]!;
  }
}
