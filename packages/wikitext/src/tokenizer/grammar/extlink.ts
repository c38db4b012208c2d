// External links: `[url text]`, `[url]` (autonumbered) and free URLs in running text. The URL
// ends at whitespace or a character that cannot appear in it; trailing punctuation is left out
// of free URLs, as MediaWiki does.

import { K_BRACKET_CLOSE } from "@wikiloom/wasm";
import type { Grammar } from "./state.js";
import { hrefSource } from "./attr-sources.js";
import { inline, IN_EXT_LINK } from "./inline.js";
import { startTag, endTag, selfClosing, text, attr, type AttrSource } from "../tokens.js";
import { decodeEntities, decodeEntity } from "../../util/entities.js";
import { memoizedPerObject } from "../../util/memo.js";

/** Whether `c` can never be part of a URL (MediaWiki's EXT_LINK_URL_CLASS complement). */
function isUrlStop(c: number): boolean {
  return c <= 0x20 || c === 0x7f || c === 0x5b || c === 0x5d || c === 0x3c || c === 0x3e || c === 0x22 ||
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfffd;
}

/** The scheme at `pos` if the wiki allows it ("http://", "mailto:", or "//" when allowed). */
function matchProtocol(g: Grammar, pos: number, allowRelative: boolean): string | null {
  const src = g.src;
  if (allowRelative && src.startsWith("//", pos)) return "//";
  const lower = src.slice(pos, pos + 20).toLowerCase();
  for (const p of schemeProtocols(g.env.site)) {
    if (lower.startsWith(p)) return src.slice(pos, pos + p.length);
  }
  return null;
}

/** The wiki's protocols other than `//`, lower-cased, in their order (once per site, not per URL). */
const schemeProtocols = memoizedPerObject((site: Grammar["env"]["site"]): string[] =>
  site.protocols().filter((p) => p !== "//").map((p) => p.toLowerCase()));

/** End of the URL starting at `pos`: stops at stop characters and at `&lt;`/`&gt;`/`&nbsp;`. */
function scanUrl(g: Grammar, pos: number, limit: number, throughComments = false): number {
  return scanUrlFrom(g.src, pos, limit, throughComments);
}

/**
 * An include directive's start or end tag whose content shows on the page (`<noinclude>`,
 * `</onlyinclude>`): Parsoid's url rule reads it as part of the URL, which goes on after it.
 */
const URL_DIRECTIVE = /^<\/?(?:noinclude|onlyinclude)\s*>/i;
const URL_DIRECTIVES = /<\/?(?:noinclude|onlyinclude)\s*>/gi;

function directiveLength(src: string, at: number): number {
  const m = URL_DIRECTIVE.exec(src.slice(at, at + 16));
  return m ? m[0].length : 0;
}

/** The URL as it reads: without the comments and include directives written in it. */
function readUrl(written: string): string {
  if (!written.includes("<")) return written;
  return written.replace(URL_COMMENT, "").replace(URL_DIRECTIVES, "");
}

function scanUrlFrom(src: string, pos: number, limit: number, throughComments: boolean): number {
  let i = pos;
  // An IPv6 host in brackets: `http://[::1]/`.
  const hostAt = src.indexOf("//", pos);
  if (hostAt >= 0 && hostAt < pos + 20 && src.charCodeAt(hostAt + 2) === 0x5b) {
    const end = src.indexOf("]", hostAt + 3);
    if (end > 0 && end < limit && /^[0-9a-fA-F:.]+$/.test(src.slice(hostAt + 3, end))) i = end + 1;
  }
  while (i < limit) {
    const c = src.charCodeAt(i);
    // A comment does not end a free URL (Parsoid's url rule reads it as part of the URL).
    if (c === 0x3c && throughComments && src.startsWith("<!--", i)) {
      const close = src.indexOf("-->", i + 4);
      if (close < 0 || close + 3 > limit) break;
      i = close + 3;
      continue;
    }
    if (c === 0x3c && i > pos) {
      const length = directiveLength(src, i);
      if (length > 0 && i + length <= limit) {
        i += length;
        continue;
      }
    }
    if (isUrlStop(c)) break;
    // `&lt;` and `&gt;` end a URL; other references are part of it (decoded in the href).
    if (c === 0x26 && (src.startsWith("&lt;", i) || src.startsWith("&gt;", i))) break;
    if (c === 0x27 && src.charCodeAt(i + 1) === 0x27) break;
    i++;
  }
  return i;
}

/** An external link's attributes, with the wiki's link target ($wgExternalLinkTarget) if it has one. */
function linkAttrs(g: Grammar, href: string, cls: string) {
  const target = g.env.site.info.general.externallinktarget;
  const attrs = [attr("rel", "mw:ExtLink nofollow"), attr("href", href), attr("class", cls)];
  if (typeof target === "string" && target !== "") attrs.push(attr("target", target));
  return attrs;
}

/** Removes IDN-ignored characters (soft hyphen, zero-width joiners) from the host, as MediaWiki does. */
const IGNORED_HOST_CHARS = /[\u00ad\u034f\u180b-\u180d\u200b-\u200d\u2060\ufe00-\ufe0f]/;

function stripIgnoredHostChars(decoded: string): string {
  if (!IGNORED_HOST_CHARS.test(decoded)) return decoded;
  return decoded.replace(/^([^:/]*:?\/\/[^/]*)/, (host) => host.replace(/[\u00ad\u034f\u180b-\u180d\u200b-\u200d\u2060\ufe00-\ufe0f]/g, ""));
}

/** The href the parser makes of a URL as written (references decoded, unsafe characters percent-encoded); html2wt compares link text with it. */
export function cleanUrl(url: string): string {
  // Fast path: nothing to decode, strip or escape.
  if (!/[&\s|{}\\^`[\]\u0000-\u001f\u007f\u00ad\u034f\u180b-\u180d\u200b-\u200d\u2060\ufe00-\ufe0f]/.test(url)) return url;
  const decoded = stripIgnoredHostChars(decodeEntities(url));
  // An IPv6 host keeps its brackets.
  const ipv6 = /^(?:[a-z][a-z0-9+.-]*:)?\/\/\[[0-9a-fA-F:.]+\]/i.exec(decoded);
  const head = ipv6 ? ipv6[0] : "";
  return head + decoded.slice(head.length)
    .replace(/ /g, "+")
    .replace(/[|{}\\^`[\]\u0000-\u001f\u007f]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

export function bracketedExtLink(g: Grammar, i: number, to: number): number {
  let close = g.bracketClose[i]!;
  if (close < 0 || close >= to) return -1;
  // An IPv6 host's `]` is part of the URL: the link closes at the next `]` after it.
  if (g.src.startsWith("[", g.end(i) + g.src.slice(g.end(i), g.end(i) + 16).indexOf("//") + 2) && g.src.slice(g.end(i), g.end(i) + 16).includes("//")) {
    const urlEnd = scanUrl(g, g.end(i), g.start(to));
    let k = close;
    for (let steps = 0; k < to && steps < 256 && !(g.kind(k) === K_BRACKET_CLOSE && g.start(k) >= urlEnd); steps++) k++;
    if (k >= to || g.kind(k) !== K_BRACKET_CLOSE) return -1;
    close = k;
  }
  return bracketedUrl(g, g.end(i), i + 1, close, g.start(close), g.end(close)) ? close + 1 : -1;
}

/**
 * An external link whose URL starts at `urlStart` (right after its `[`) and whose `]` spans
 * [closeStart, closeEnd); its text is made of tokens from `firstToken` up to `closeToken`.
 * Returns false (and emits nothing) when there is no valid URL.
 */
export function bracketedUrl(g: Grammar, urlStart: number, firstToken: number, closeToken: number, closeStart: number, closeEnd: number): boolean {
  const proto = matchProtocol(g, urlStart, true);
  if (!proto) return false;
  const urlEnd = scanUrl(g, urlStart, closeStart);
  if (urlEnd <= urlStart + proto.length) return false;
  const url = readUrl(g.src.slice(urlStart, urlEnd));
  const href = cleanUrl(url);
  // NULs right after the URL are dropped from the page; the URL as written keeps them (data
  // for html2wt, which writes them back), the space after them still separates the text.
  let writtenEnd = urlEnd;
  while (writtenEnd < closeStart && g.src.charCodeAt(writtenEnd) === 0) writtenEnd++;
  const written = g.src.slice(urlStart, writtenEnd);
  const s = urlStart - 1;
  // The link text may not hold control characters (MediaWiki's pattern); NULs are dropped.
  if (/[\u0001-\u0008\u000a-\u001f\ufffd]/.test(g.src.slice(urlEnd, closeStart))) return false;
  let contentStart = urlEnd;
  while (contentStart < closeStart && /[ \t\0\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/.test(g.src[contentStart]!)) contentStart++;
  const hasText = contentStart < closeStart;
  const dp: Record<string, unknown> = { tsr: [s, hasText ? contentStart : urlEnd] };
  if (href !== written) {
    dp["a"] = { href };
    dp["sa"] = { href: written };
  }
  const open = startTag("a", linkAttrs(g, href, hasText ? "external text" : "external autonumber"), dp);
  const sources = hrefSource(g, urlStart, urlEnd, urlEnd, s) ?? markupHrefSource(g, written, urlStart);
  if (sources) open.aux = { attrSources: sources };
  g.out.push(open);
  if (hasText) {
    const from = g.consumeTo(firstToken, contentStart);
    g.nesting++;
    inline(g, from, closeToken, IN_EXT_LINK);
    g.nesting--;
  } else {
    g.extLinkCounter++;
  }
  g.out.push(endTag("a", { tsr: [closeStart, closeEnd] }));
  return true;
}

/**
 * A URL written with include directives in it: its href is an expanded attribute (the
 * directives' metas are in its HTML), recorded for the expanded-attributes pass.
 */
function markupHrefSource(g: Grammar, written: string, start: number): AttrSource[] | null {
  if (!written.includes("<") || readUrl(written.replace(URL_COMMENT, "")) === written.replace(URL_COMMENT, "")) return null;
  g.hasAttrSources = true;
  return [{ name: "href", key: null, value: [start, start + written.length] }];
}

/** The character (whole code point) before position `pos`, or "" at the start. */
function previousCodePoint(src: string, pos: number): string {
  if (pos <= 0) return "";
  const low = src.charCodeAt(pos - 1);
  if (low >= 0xdc00 && low <= 0xdfff && pos >= 2) return src.slice(pos - 2, pos);
  return src[pos - 1]!;
}

const URL_COMMENT = /<!--[\s\S]*?-->/g;

/**
 * How much of a URL as written (`written`, holding comments) makes up its first `length`
 * characters without them, with the comments that follow those.
 */
function writtenLength(written: string, length: number): number {
  let i = 0;
  let counted = 0;
  while (i < written.length) {
    if (written.startsWith("<!--", i)) {
      i = written.indexOf("-->", i + 4) + 3;
      continue;
    }
    const directive = written.charCodeAt(i) === 0x3c ? directiveLength(written, i) : 0;
    if (directive > 0) {
      i += directive;
      continue;
    }
    if (counted === length) break;
    counted++;
    i++;
  }
  return i;
}

const TRAILING_PUNCTUATION = /[,;\\.:!?]+$/;
/** A character reference missing only its `;` at the end of a URL. */
const OPEN_REFERENCE = /&(?:#[0-9]{1,32}|#[xX][0-9a-fA-F]{1,32}|[a-zA-Z][a-zA-Z0-9]{0,31})$/;

export function freeUrl(g: Grammar, i: number, to: number): number {
  const s = g.start(i);
  // No letter or digit (of any script) may come right before a free URL.
  if (/[\p{L}\p{N}]/u.test(previousCodePoint(g.src, s))) return -1;
  const proto = matchProtocol(g, s, false);
  if (!proto) return -1;
  const limit = g.start(to);
  let end = scanUrl(g, s, limit, true);
  let written = g.src.slice(s, end);
  // Comments and include directives are no part of the address nor of the link's text.
  let url = readUrl(written);
  // Trailing punctuation is not part of a free URL; nor is a `)` without an opening one.
  let stripped = url.replace(TRAILING_PUNCTUATION, "");
  // A reference's `;` is part of it (`&#93;`: the URL ends in "]"), not trailing punctuation.
  if (stripped.length < url.length && url.charCodeAt(stripped.length) === 0x3b && OPEN_REFERENCE.test(stripped)) {
    const reference = OPEN_REFERENCE.exec(stripped)![0] + ";";
    if (decodeEntity(reference) !== null) stripped += ";";
  }
  url = stripped;
  if (url.endsWith(")") && !url.includes("(")) url = url.replace(/\)+$/, "");
  // A trailing partial entity ("&amp" of "&amp;") stays text.
  // Comments inside or right after what is kept go with it; the text stripped after it does not.
  written = written.length === url.length ? url : written.slice(0, writtenLength(written, url.length));
  end = s + written.length;
  if (end <= s + proto.length) return -1;
  const href = cleanUrl(url);
  if (g.env.site.info.general["allowexternalimages"] === true && /^https?:\/\/.*\.(?:png|jpe?g|gif|webp)$/i.test(href)) {
    // Wikis that allow external images show image URLs as the image itself.
    g.out.push(selfClosing("img", [attr("src", href), attr("alt", href.slice(href.lastIndexOf("/") + 1)), attr("rel", "mw:externalImage")], { tsr: [s, end], stx: "url" }));
    return g.consumeTo(i + 1, end);
  }
  const dp: Record<string, unknown> = { tsr: [s, end], stx: "url" };
  // The URL as written (entities, comments and all), kept by html2wt while the href is unchanged.
  if (href !== written) {
    dp["a"] = { href };
    dp["sa"] = { href: written };
  }
  const open = startTag("a", linkAttrs(g, href, "external free"), dp);
  const sources = hrefSource(g, s, end, end, s) ?? markupHrefSource(g, written, s);
  if (sources) open.aux = { attrSources: sources };
  g.out.push(open);
  g.out.push(text(stripIgnoredHostChars(decodeEntities(url)), s, end));
  g.out.push(endTag("a", { tsr: [end, end] }));
  return g.consumeTo(i + 1, end);
}

