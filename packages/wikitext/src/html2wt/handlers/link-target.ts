// Recovering the wikitext target of a link from its href: `./Title` relative hrefs, interwiki
// URLs mapped back to their prefix, and the original spelling when the parse data still matches.
import { isNewContent } from "../node-data.js";
import type { WElement } from "../../dom/node.js";
import type { SiteConfig } from "../../env/site-config.js";
import { NS_CATEGORY, NS_FILE, NS_MEDIA, Title } from "../../env/title.js";
import { decodeEntities } from "../../util/entities.js";
import { percentDecode } from "../../tokenizer/grammar/wikilink.js";
import { resolveSubpageTarget } from "../../env/subpage.js";
import { memoizedPerObject } from "../../util/memo.js";

export function safeDecodeURIComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/** "./Foo_bar?action=edit&redlink=1" → "Foo bar" (with "#fragment" when present). */
/**
 * `keepUnderscores`: a link's target is written as the href spells it (Parsoid writes
 * "[[Foo_bar|text]]" for ./Foo_bar); elsewhere underscores are the spaces they stand for.
 */
export function titleFromHref(href: string, keepUnderscores = false): string {
  let path = href.replace(/^(\.\/|\.\.\/)+/, "");
  const query = path.indexOf("?");
  const hash = path.indexOf("#");
  if (query >= 0 && (hash < 0 || query < hash)) path = path.slice(0, query) + (hash >= 0 ? path.slice(hash) : "");
  const hashAt = path.indexOf("#");
  const main = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const fragment = hashAt >= 0 ? path.slice(hashAt + 1) : null;
  const decoded = safeDecodeURIComponent(main);
  const text = keepUnderscores ? decoded : decoded.replace(/_/g, " ");
  return fragment === null ? text : `${text}#${safeDecodeURIComponent(fragment).replace(/_/g, " ")}`;
}

/** The article path's prefix ("/wiki/" for "/wiki/$1"), for links in HTML from other renderers. */
export function articlePathPrefix(site: SiteConfig): string {
  return site.articlePath.replace(/\$1.*$/, "");
}

/** An href that points at a page of this wiki (relative "./Title", the article path, or "#frag"). */
export function isLocalPageHref(href: string, site: SiteConfig): boolean {
  const prefix = articlePathPrefix(site);
  return href.startsWith("./") || href.startsWith("../") || href.startsWith("#") || (prefix !== "" && href.startsWith(prefix));
}

/**
 * The page an absolute URL of this wiki's own article path names ("http://example.org/wiki/Foo"
 * on that wiki → "Foo"), or null. Queries and other paths are no page link.
 */
export function localTitleFromUrl(href: string, site: SiteConfig): string | null {
  const server = withoutScheme(site.server ?? "");
  const prefix = articlePathPrefix(site);
  if (server === "" || prefix === "") return null;
  const base = server + prefix;
  const url = withoutScheme(href);
  if (!url.startsWith(base) || url.length === base.length || /[?]/.test(url)) return null;
  return titleFromHref(url.slice(base.length));
}

/** Loose equality of two link targets as MediaWiki would resolve them. */
export function sameTarget(a: string, b: string): boolean {
  const norm = (t: string): string => {
    const s = t.replace(/_/g, " ").replace(/\s+/g, " ").trim().replace(/^:/, "");
    // Namespace and interwiki prefixes are case-insensitive; titles are first-letter.
    const colon = s.indexOf(":");
    if (colon > 0) {
      const rest = s.slice(colon + 1).trimStart();
      return `${s.slice(0, colon).trim().toLowerCase()}:${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
    }
    return s.charAt(0).toUpperCase() + s.slice(1);
  };
  return norm(safeDecodeURIComponent(a)) === norm(safeDecodeURIComponent(b));
}

interface InterwikiPattern {
  prefix: string;
  /** The URL before and after `$1`, without its scheme when it has a host ("//host/path"). */
  head: string;
  tail: string;
}

/** Patterns by host (the part after "//" up to "/"), in the interwiki map's order. */
/** "https://host/x" and "//host/x" alike: HTML from other services writes either. */
function withoutScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url.slice(url.indexOf("//")) : url;
}

function hostKey(url: string): string {
  if (!url.startsWith("//")) return "";
  const slash = url.indexOf("/", 2);
  return (slash < 0 ? url.slice(2) : url.slice(2, slash)).toLowerCase();
}

const interwikiPatterns = memoizedPerObject((site: SiteConfig): Map<string, InterwikiPattern[]> => {
  const byHost = new Map<string, InterwikiPattern[]>();
  // Where prefixes share a URL, a language prefix names it ("en:Foo" rather than "wikipedia:Foo").
  const all = site.interwikis();
  const ordered = [...all.filter((iw) => iw.language !== undefined), ...all.filter((iw) => iw.language === undefined)];
  for (const iw of ordered) {
    const at = iw.url.indexOf("$1");
    if (at <= 0) continue;
    const head = withoutScheme(iw.url.slice(0, at));
    const pattern = { prefix: iw.prefix, head, tail: iw.url.slice(at + 2) };
    const key = hostKey(head);
    const list = byHost.get(key) ?? [];
    list.push(pattern);
    byHost.set(key, list);
  }
  return byHost;
});

/**
 * An interwiki URL back to "prefix:Title" (the first prefix whose pattern produced it), with
 * or without the URL's scheme. One lookup by host: the map has hundreds of prefixes.
 */
export function interwikiTarget(href: string, site: SiteConfig, preferredPrefix: string | null = null): string | null {
  const url = withoutScheme(href);
  const candidates = interwikiPatterns(site).get(hostKey(url));
  if (!candidates) return null;
  let found: string | null = null;
  for (const { prefix, head, tail } of candidates) {
    if (!url.startsWith(head) || !url.endsWith(tail) || url.length < head.length + tail.length) continue;
    const key = url.slice(head.length, url.length - tail.length);
    const target = `${prefix}:${safeDecodeURIComponent(key)}`;
    if (preferredPrefix === null || prefix === preferredPrefix) return target;
    found ??= target;
  }
  return found;
}

/** The interwiki prefix a link's title attribute names ("meatball:Foo" → "meatball"). */
function titlePrefix(el: WElement): string | null {
  const title = el.getAttribute("title");
  const colon = title === null ? -1 : title.indexOf(":");
  return colon > 0 ? title!.slice(0, colon).trim().toLowerCase() : null;
}

/** A target in a namespace whose plain links mean something else (categorize, embed) needs ":". */
export function needsColonEscape(target: string, site: SiteConfig): boolean {
  const colon = target.indexOf(":");
  if (colon <= 0) return false;
  const ns = site.namespaceId(target.slice(0, colon).trim());
  if (ns === NS_FILE || ns === NS_CATEGORY || ns === NS_MEDIA) return true;
  return ns === undefined && isLanguageLinkTarget(target, site);
}

/** "en:Foo": a language prefix, whose plain link would be a language link of the page. */
export function isLanguageLinkTarget(target: string, site: SiteConfig): boolean {
  const colon = target.indexOf(":");
  if (colon <= 0) return false;
  const prefix = target.slice(0, colon).trim();
  return site.namespaceId(prefix) === undefined && site.interwiki(prefix.toLowerCase())?.language !== undefined;
}

/** The target to write for a wiki link: the original spelling if the link still points there. */
export function wikiLinkTarget(el: WElement, site: SiteConfig): string {
  const href = el.getAttribute("href") ?? "";
  const rel = el.getAttribute("rel") ?? "";
  const original = el.dp?.sa?.["href"];
  let target: string;
  const local = rel.includes("Interwiki") ? null : localTitleFromUrl(href, site);
  if (local !== null) {
    target = local;
  } else if (rel.includes("Interwiki") || /^[a-z][a-z0-9+.-]*:\/\/|^\/\//i.test(href)) {
    // Prefixes may share a URL: the one the title shows is the one written.
    target = interwikiTarget(href, site, titlePrefix(el)) ?? el.getAttribute("title") ?? href;
  } else {
    const prefix = articlePathPrefix(site);
    // (A new link without a title attribute: only its href says how the target is spelt.)
    target = titleFromHref(prefix !== "" && href.startsWith(prefix) ? href.slice(prefix.length) : href, !el.hasAttribute("title") && isNewContent(el));
  }
  if (original !== undefined && originalStillValid(el, original, target, href)) return original;
  // Interwiki prefixes are case-insensitive: written in the map's (lower) case.
  const colon = target.indexOf(":");
  if (colon > 0 && site.namespaceId(target.slice(0, colon).trim()) === undefined && site.interwiki(target.slice(0, colon).trim().toLowerCase())) {
    target = target.slice(0, colon).trim().toLowerCase() + target.slice(colon);
  }
  // A pipe or bracket from the href cannot stand in a link's target: written %-escaped.
  if (/[|[\]]/.test(target)) target = target.replace(/[|[\]]/g, (c) => (c === "|" ? "%7C" : c === "[" ? "%5B" : "%5D"));
  return needsColonEscape(target, site) ? `:${target}` : target;
}

/**
 * Whether the source's spelling of an attribute still describes it: the parse data recorded the
 * normalised value next to it (`a`), or, without that, the two resolve to the same target.
 */
export function originalStillValid(el: WElement, original: string, target: string, href: string): boolean {
  const normalised = el.dp?.a?.["href"];
  if (typeof normalised === "string") return href === normalised || href.startsWith(`${normalised}?`);
  if (sameTarget(original, target)) return true;
  // Fragment-only links ([[#x]]) and interwiki links resolve through page or prefix.
  if (original.startsWith("#")) return sameTarget(target.slice(target.indexOf("#")), original);
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(href) && original.includes(":");
}

/**
 * Whether `[[inner]]` in text would parse as a link (or a file, category...) on this page, so
 * that writing the text needs escaping. Targets the parser refuses (characters no title may
 * hold, the pipe trick, "./x", subpages above the root, "%" sequences that decode to invalid
 * titles) stay text without help. Template syntax might produce anything: it counts as a link.
 */
export function wouldParseAsWikiLink(inner: string, site: SiteConfig, pageTitle: string): boolean {
  if (inner.includes("{{") || inner.includes("[[")) return true;
  const pipe = inner.indexOf("|");
  const raw = pipe >= 0 ? inner.slice(0, pipe) : inner;
  // The pipe trick is expanded before saving: in a saved page it stays text.
  if (pipe >= 0 && pipe === inner.length - 1) return false;
  const hash = raw.indexOf("#");
  if (/[\n<>[\]{}]/.test(hash >= 0 ? raw.slice(0, hash) : raw)) return false;
  // Protocol-relative or bracketed URLs are external links: escaped elsewhere.
  if (/^\s*(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(raw)) return true;
  const target = percentDecode(decodeEntities(raw)).trim();
  if (target === "" || target === ":") return false;
  if (target.startsWith("#")) return true;
  const resolved = resolveRelative(target, site, pageTitle);
  if (resolved === undefined) return false;
  return Title.tryParse(resolved, site) !== null;
}

/** A subpage target against the page ("/x", "../x"): undefined when it climbs above the root. */
function resolveRelative(target: string, site: SiteConfig, pageTitle: string): string | undefined {
  const sub = resolveSubpageTarget(target, site, pageTitle);
  if (sub === null) return target;
  return sub === "above-root" ? undefined : sub.resolved;
}
