// <a rel="mw:ExtLink">: a bare URL (stx "url"), a magic link (ISBN/RFC/PMID, stx "magiclink"),
// [url] (numbered, no text) or [url text].
import type { WElement, WNode } from "../../dom/node.js";
import { isHtmlSyntax, isTransclusion } from "./block-kinds.js";
import type { Serializer } from "../serializer.js";
import { isNewContent } from "../node-data.js";
import type { NodeHandler } from "./types.js";
import { textOf } from "../text-content.js";
import { decodeEntities } from "../../util/entities.js";
import { expandedAttr } from "./expanded-attrs.js";
import { cleanUrl } from "../../tokenizer/grammar/extlink.js";

/** "RFC 123" / "PMID 123" pointing at the number they name: the magic link form (where the wiki has it on). */
function isMagicLinkText(text: string, href: string, s: Serializer): boolean {
  const m = /^(RFC|PMID) ([0-9]+)$/.exec(text);
  if (!m || s.env.site.info.general.magiclinks?.[m[1]!] === false) return false;
  return m[1] === "RFC" ? new RegExp(`rfc${m[2]}(?:\\D|$)`, "i").test(href) : new RegExp(`pubmed/${m[2]}(?:\\D|$)`).test(href);
}

/** A magic link's text as written (references for its spaces) while the text is unchanged. */
export function magicLinkSource(el: WElement, text: string): string {
  const src = el.dp?.src;
  return typeof src === "string" && decodeEntities(src) === text ? src : text;
}

/**
 * Letters right before a bare URL or magic link would stop it from linking (whitespace still
 * pending before the link, a paragraph break say, separates them).
 */
function guardBefore(s: Serializer): void {
  if (s.endsWithWordCharacter) s.emit("<nowiki/>");
}

/**
 * The whitespace between URL and text: "[url   text]" keeps its width, which the open syntax's
 * source width ("[" + url + spaces) still tells while the URL is the one written.
 */
function separatorAfterUrl(dsr: unknown, href: string, text: string, first: WNode | undefined): string {
  const openWidth = Array.isArray(dsr) && typeof dsr[2] === "number" ? dsr[2] : null;
  const spaces = openWidth === null ? 1 : openWidth - 1 - href.length;
  // `[http://x/"quoted" text]`: a character that ends the URL needs no space before it; nor does
  // text the source wrote right after the URL as a tag or a template (`[http://x/{{1x|<b>y</b>}}]`).
  if ((spaces === 0 && (/^[<"]/.test(text) || writtenAsTagOrTemplate(first))) || (openWidth === null && text.startsWith('"'))) return "";
  return spaces > 1 && spaces <= 8 ? " ".repeat(spaces) : " ";
}

function writtenAsTagOrTemplate(node: WNode | undefined): boolean {
  if (node?.kind !== "element") return false;
  return isHtmlSyntax(node) || isTransclusion(node) || (node.getAttribute("typeof") ?? "").startsWith("mw:Includes/");
}

/**
 * Characters that end a URL in wikitext (MediaWiki's EXT_LINK_URL_CLASS excludes them), and a
 * "-" before "{" (language-variant markup): an href holding them is written with character
 * references there, which the parser decodes back (Parsoid's escapeExtLinkURL).
 */
const URL_BREAKING = /[\][<>"\x00-\x20\x7F\u00A0\u1680\u180E\u2000-\u200A\u202F\u205F\u3000]|-(?=\{)/gu;
/** An IPv6 host's brackets belong to the URL: they stay as written. */
const ESCAPED_IPV6_HOST = /^([a-z][^:/]*:)?\/\/&#x5B;([0-9a-f:.]+)&#x5D;(:\d|\/|$)/i;

function escapeUrl(url: string): string {
  URL_BREAKING.lastIndex = 0;
  if (!URL_BREAKING.test(url)) return url;
  const escaped = url.replace(URL_BREAKING, (c) => `&#x${c.codePointAt(0)!.toString(16).toUpperCase()};`);
  return escaped.replace(ESCAPED_IPV6_HOST, "$1//[$2]$3");
}

/** A bare URL does not take trailing punctuation (nor a ")" it does not open): brackets keep it. */
function endsWithAutolinkPunctuation(url: string): boolean {
  return /[,;\\.:!?]$/.test(url) || (url.endsWith(")") && !url.includes("("));
}

export const extLinkHandler: NodeHandler = {
  serialize(el, s) {
    const current = el.getAttribute("href") ?? "";
    const original = el.dp?.sa?.["href"];
    // A URL that markup wrote (a template, <noinclude>): data-mw keeps that markup's HTML.
    const markupHtml = expandedAttr(el, "href")?.valueHtml;
    const href = typeof markupHtml === "string" ? s.serializeFragment(markupHtml, { link: "ext" }) : original !== undefined && el.dp?.a?.["href"] === current ? original : escapeUrl(current);
    const stx = el.dp?.stx;
    const text = textOf(el);
    const classes = el.getAttribute("class") ?? "";
    if (stx === "magiclink" || classes.includes("mw-magiclink") || isMagicLinkText(text, current, s)) {
      guardBefore(s);
      // Spaces written as references come as entity spans: their sources are the link's text.
      if (el.dp?.src === undefined && el.children.some((c) => c.kind === "element")) s.withContext({ link: "ext" }, () => s.serializeChildren(el));
      else s.emit(magicLinkSource(el, text));
      s.markAutolink("magic");
      return;
    }
    const onlyText = el.children.every((c) => c.kind === "text");
    const bareable = /^[a-z][a-z0-9+.-]*:\/\//i.test(href) && !/[\s[\]<>"]/.test(href) && !endsWithAutolinkPunctuation(href);
    // Text that shows the href with characters the parser percent-encodes ("|" for "%7C") is
    // the URL as written: a bare URL spelt so, with references where a raw character could be
    // read as markup, gives the same href and text back.
    const textSpellsUrl = onlyText && text !== current && text !== href && original === undefined && cleanUrl(text) === current;
    const showsUrl = text === current || text === href || textSpellsUrl || (original !== undefined && href === original && decodeEntities(original) === text);
    if (onlyText && showsUrl && (stx === "url" || (classes.includes("free") && !endsWithAutolinkPunctuation(href)) || (isNewContent(el) && bareable))) {
      const url = textSpellsUrl ? escapeUrl(text).replace(/[|{}]/g, (c) => (c === "|" ? "&vert;" : `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`)) : href;
      guardBefore(s);
      s.emit(url);
      s.markAutolink("url", url);
      return;
    }
    if (el.children.length === 0) {
      s.emit(`[${href}]`);
      return;
    }
    s.emit(`[${href}${separatorAfterUrl(el.dp?.dsr, href, text, el.children[0])}`);
    s.withContext({ link: "ext" }, () => s.serializeChildren(el));
    s.emit("]");
  },
};

/**
 * A URL the wiki showed as the image it points at (external images allowed): rel
 * mw:externalImage, or in other renderers' HTML an <img> with just that src and the file name
 * as alt. Written back as the bare URL.
 */
export function isExternalImage(el: WElement): boolean {
  if (el.name !== "img") return false;
  const src = el.getAttribute("src") ?? "";
  if (!/^https?:\/\/[^\s[\]<>"]+$/i.test(src)) return false;
  if (el.getAttribute("rel") === "mw:externalImage") return true;
  // (An <img> with nothing but its src has no other wikitext form: wikitext has no <img> tag.)
  return el.attrs.length === 1 || (el.attrs.length === 2 && el.getAttribute("alt") === src.slice(src.lastIndexOf("/") + 1));
}

export const externalImageHandler: NodeHandler = {
  serialize(el, s) {
    guardBefore(s);
    const src = el.getAttribute("src") ?? "";
    s.emit(src);
    s.markAutolink("url", src);
  },
};
