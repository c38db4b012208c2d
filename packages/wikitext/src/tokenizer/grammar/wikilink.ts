// `[[target|text]]` and friends: ordinary links (red/blue classes are added after tree building,
// with one existence query for the whole document), categories and language links (page
// properties, as <link>), interwiki links, `[[:File:x]]` colon escapes, and link trails.
import { K_PIPE, K_TEXT } from "@wikiloom/wasm";
import type { Grammar } from "./state.js";
import type { InlineContext } from "./inline.js";
import { inline, IN_LINK } from "./inline.js";
import { startTag, endTag, selfClosing, text, attr, type TagAux } from "../tokens.js";
import { hrefSource } from "./attr-sources.js";
import { Title, NS_CATEGORY, NS_FILE, NS_MEDIA, NS_SPECIAL } from "../../env/title.js";
import { bracketedUrl } from "./extlink.js";
import { media } from "./media.js";
import { K_LINK_OPEN } from "@wikiloom/wasm";
import { decodeEntities } from "../../util/entities.js";
import { encodeTitlePath, encodeFragment, encodeSortKey, interwikiUrl } from "../../util/href.js";
import type { DataParser } from "../../dom/data-parser.js";
import type { Attr } from "../../dom/node.js";
import { resolveSubpageTarget } from "../../env/subpage.js";
import { toNfc } from "../../util/nfc.js";
import { memoizedPerObject } from "../../util/memo.js";
import { tunnelNewlinesBeforeLink } from "../../transforms/link-newlines.js";

/** Whether a link target holds a character no title can have (`<>[]{}` before any `#`, a newline anywhere). */
function hasInvalidTargetChar(target: string): boolean {
  let inFragment = false;
  for (let k = 0; k < target.length; k++) {
    const c = target.charCodeAt(k);
    if (c === 10) return true;
    if (inFragment) continue;
    // # < > [ ] { }
    if (c === 35) inFragment = true;
    else if (c === 60 || c === 62 || c === 91 || c === 93 || c === 123 || c === 125) return true;
  }
  return false;
}


/** The first pipe of the link [open, close) at its own level (not inside inner links), or -1. */
function firstPipe(g: Grammar, open: number, close: number): number {
  for (let k = open + 1; k < close; k++) {
    const inner = g.linkClose[k]!;
    if (inner > 0) {
      k = inner;
      continue;
    }
    if (g.kind(k) === K_PIPE) return k;
  }
  return -1;
}

/** Whether token k lies in a transclusion's output. */
function inTransclusion(g: Grammar, k: number): boolean {
  return g.templateEnd !== null && g.templateEnd(g.start(k)) >= 0;
}

/** Whether tokens a and b lie in the output of one template (top-level outputs never nest). */
function sameTemplateOutput(g: Grammar, a: number, b: number): boolean {
  const end = g.templateEnd === null ? -1 : g.templateEnd(g.start(a));
  return end >= 0 && end === g.templateEnd!(g.start(b));
}

/** What a link's target says, once it is known to be a title (readTarget). */
interface LinkTarget {
  title: Title;
  /** The target as resolved (a subpage's full name), decoded and trimmed. */
  target: string;
  relative: { target: string; shown?: string } | null;
  colonEscaped: boolean;
  fragmentOnly: boolean;
}

/**
 * A target with its character references decoded, in NFC as MediaWiki normalizes titles: text a
 * reference spells may not be (`&#xFB2E;` is U+05D0 U+05B7), page text is (saving normalizes it).
 */
function nfcDecodedEntities(rawTarget: string): string {
  const decoded = decodeEntities(rawTarget);
  return decoded === rawTarget ? decoded : toNfc(decoded);
}

/** The title a link's written target names, or null when it names none (the link is text). */
function readTarget(g: Grammar, rawTarget: string): LinkTarget | null {
  if (hasInvalidTargetChar(rawTarget)) return null;
  const decodedTarget = percentDecode(nfcDecodedEntities(rawTarget)).trim();
  if (decodedTarget === "" || decodedTarget === ":") return null;
  const colonEscaped = decodedTarget.startsWith(":");
  const fragmentOnly = decodedTarget.startsWith("#");
  const relative = resolveSubpage(g, decodedTarget);
  const target = relative?.target ?? decodedTarget;
  const title = Title.tryParse(fragmentOnly ? g.env.page.title + target : target, g.env.site);
  return title ? { title, target, relative, colonEscaped, fragmentOnly } : null;
}

/** A media link's target: its captions may hold links and block syntax. */
function isMediaTarget(t: LinkTarget): boolean {
  return !t.colonEscaped && !t.fragmentOnly && !t.title.interwiki && t.title.ns === NS_FILE;
}

/**
 * Whether the `[[` at `open`, closed on a later line, is a link (its text then holds the line
 * breaks, as in Parsoid and the legacy parser): a title before the first pipe and, unless it
 * is a media link, no link inside.
 */
export function isLinkAcrossLines(g: Grammar, open: number): boolean {
  const close = g.linkClose[open]!;
  if (close < 0) return false;
  const pipe = firstPipe(g, open, close);
  if (pipe < 0) return false;
  const rawTarget = g.src.slice(g.end(open), g.start(pipe));
  if (startsWithProtocol(g, rawTarget)) return false;
  const target = readTarget(g, rawTarget);
  if (!target) return false;
  return isMediaTarget(target) || !hasInnerLink(g, pipe + 1, close);
}

export function wikiLink(g: Grammar, i: number, to: number, ctx: InlineContext | null): number {
  const close = g.linkClose[i]!;
  if (close < 0 || close >= to) return -1;
  // Target: up to the first pipe at this level.
  const pipe = firstPipe(g, i, close);
  const targetEnd = pipe >= 0 ? g.start(pipe) : g.start(close);
  const rawTarget = g.src.slice(g.end(i), targetEnd);
  // `[[http://x text]]` is a bracket around an external link.
  if (startsWithProtocol(g, rawTarget)) return urlInBrackets(g, i, close);
  // The pipe trick (`[[A (b)|]]`) is a pre-save transform: in a saved page it stays text.
  if (pipe >= 0 && pipe + 1 === close) return -1;
  const read = readTarget(g, rawTarget);
  if (!read) return -1;
  const { title, target, relative, colonEscaped, fragmentOnly } = read;
  const site = g.env.site;
  // Media captions may hold links; other link text cannot (then this is no link, the inner one is).
  if (isMediaTarget(read)) return media(g, i, pipe, close, title);
  if (pipe >= 0 && hasInnerLink(g, pipe + 1, close)) return -1;
  const s = g.start(i);
  const linkEnd = g.end(close);

  if (!colonEscaped && !fragmentOnly && !title.interwiki && title.ns === NS_CATEGORY) {
    tunnelNewlinesBeforeLink(g.out, g.templateEnd, g.lastTemplateEndIn);
    return category(g, i, pipe, close, title, rawTarget);
  }
  if (!colonEscaped && title.interwiki) {
    const iw = site.interwiki(title.interwiki);
    if (iw?.language && !ctx?.inLink) {
      // Language links are written with underscores (interwiki links keep the spaces as typed).
      const href = interwikiUrl(iw, interwikiTitleText(target).replace(/ /g, "_"), title.fragment);
      tunnelNewlinesBeforeLink(g.out, g.templateEnd, g.lastTemplateEndIn);
      // The target as written (spacing, prefix case, underscores) for html2wt.
      g.out.push(selfClosing("link", [attr("rel", "mw:PageProp/Language"), attr("href", href)], { tsr: [s, linkEnd], stx: pipe >= 0 ? "piped" : "simple", sa: { href: rawTarget }, a: { href } }));
      return close + 1;
    }
  }
  if (!colonEscaped && !fragmentOnly && !title.interwiki && title.ns === NS_FILE) return media(g, i, pipe, close, title);
  if (ctx?.inLink && !ctx.inExtLink) return -1;

  // A pipe that template output brought is no pipe of the link as written (Parsoid tokenizes
  // first), except {{!}}, which Parsoid reads as the pipe (kept as written: firstPipeSrc).
  const pipeFromTemplate = pipe >= 0 && g.templated !== null && g.templated(g.start(pipe), g.end(pipe));
  const pipeWritten = pipeFromTemplate && g.pageSource !== null && g.pageSource(g.start(pipe), g.end(pipe)) === "{{!}}";
  // Any other pipe of a template's output, in a link the page opened, is part of Parsoid's
  // target, which no title holds (`[[{{pipe page}}]]` with "Main|Page" stays text), unless a
  // {{!}} nested in the template wrote it (Parsoid's native expansion reads that as the pipe).
  // (A call left as text, such as `{{[[a|b]]}}`, is the page's text: Parsoid tokenizes it there.)
  if (pipeFromTemplate && !pipeWritten && inTransclusion(g, pipe) && !sameTemplateOutput(g, i, pipe) && g.nestedPipeAt?.(g.start(pipe)) !== true) return -1;
  const stx = pipe >= 0 && (!pipeFromTemplate || pipeWritten) ? "piped" : "simple";
  const tsr: [number, number] = [s, pipe >= 0 ? g.end(pipe) : g.end(i)];
  // Attribute lists and parse data are built whole, in their final order (data-parser keys:
  // stx, sa, a, tsr): no growing arrays or objects per link.
  let attrs: Attr[];
  let dp: DataParser;
  let aux: TagAux | undefined;
  const sources = hrefSource(g, g.end(i), targetEnd, g.start(close), g.start(i));
  if (g.lint && sources === null && !title.interwiki && title.ns !== NS_MEDIA) {
    // A page link as the linter sees it: an <a> with its source range and syntax (the href,
    // title and written target are for output and html2wt, which never see a linted DOM).
    attrs = [attr("rel", "mw:WikiLink")];
    dp = { stx, tsr };
  } else if (!title.interwiki && title.ns === NS_MEDIA) {
    // A link straight to the file; its URL comes from the media pass.
    attrs = [attr("rel", "mw:MediaLink"), attr("href", ""), attr("resource", title.relativeHref), attr("title", title.text)];
    dp = { stx, tsr };
    aux = { mediaLink: title.text };
  } else if (title.interwiki) {
    const iw = site.interwiki(title.interwiki);
    const href = iw ? interwikiUrl(iw, interwikiTitleText(target), title.fragment) : "";
    attrs = title.dbKey !== "" || !title.fragment
      ? [attr("rel", "mw:WikiLink/Interwiki"), attr("href", href), attr("title", `${title.interwiki}:${title.text}`), attr("class", "extiw")]
      : [attr("rel", "mw:WikiLink/Interwiki"), attr("href", href), attr("class", "extiw")];
    // The target as written (prefix spelling, fragment): html2wt keeps it while the href is unchanged.
    dp = { stx, sa: { href: rawTarget }, a: { href }, tsr };
  } else {
    // The title's own href is made once per title (titles are cached per site).
    const hasHash = target.includes("#");
    let href = title.relativeHref;
    if (hasHash) {
      const page = title.dbKey === "" && title.fragment ? `./${encodeTitlePath(pageDbKey(g))}` : href;
      href = `${page}#${encodeFragment(title.fragment)}`;
    }
    const rel = attr("rel", "mw:WikiLink");
    const hrefAttr = attr("href", href);
    const prefixedText = title.prefixedText;
    const isSelf = prefixedText === g.pageText;
    if (fragmentOnly || (isSelf && hasHash)) {
      // A link to a fragment of this page.
      attrs = [rel, hrefAttr, attr("class", "mw-selflink-fragment")];
    } else if (isSelf) {
      attrs = [rel, hrefAttr, attr("class", "mw-selflink selflink")];
    } else if (title.ns === NS_SPECIAL && isKnownSpecialPage(g, title.dbKey)) {
      // Special pages the wiki has always exist.
      attrs = [rel, hrefAttr, attr("title", prefixedText)];
    } else {
      attrs = [rel, hrefAttr, attr("title", prefixedText)];
      aux = { title: prefixedText };
    }
    // The target as written, and the href it resolved to: html2wt keeps the spelling while the
    // href is unchanged.
    dp = { stx, sa: { href: rawTarget }, a: { href }, tsr };
  }
  if (pipeWritten) dp.firstPipeSrc = "{{!}}";
  const start = startTag("a", attrs, dp);
  if (sources) aux = { ...aux, attrSources: sources };
  if (aux) start.aux = aux;
  g.out.push(start);
  g.nesting++;
  if (pipe >= 0) {
    inline(g, pipe + 1, close, IN_LINK);
  } else {
    // The text shown is the target as written, decoded (above, unless a colon escapes it); only
    // the title is normalized (`[[&#xFB2E;]]` shows U+FB2E, links to U+05D0 U+05B7).
    const plain = percentDecode(decodeEntities(rawTarget.startsWith(":") ? rawTarget.slice(1) : rawTarget));
    const shown = relative?.shown ?? plain;
    g.out.push(text(shown, g.end(i), g.start(close)));
  }
  g.nesting--;
  // Link trail: letters right after `]]` join the link text.
  let next = close + 1;
  const trailRe = stickyTrail(site);
  let end = linkEnd;
  if (trailRe && g.kind(next) === K_TEXT && g.start(next) === linkEnd) {
    // Matched in place (sticky) rather than on a slice of the following text.
    trailRe.lastIndex = linkEnd;
    const m = trailRe.exec(g.src);
    if (m && m[0] && linkEnd + m[0].length <= g.end(next)) {
      g.out.push(text(m[0], linkEnd, linkEnd + m[0].length));
      end = linkEnd + m[0].length;
      next = g.consumeTo(next, end);
    }
  }
  g.out.push(endTag("a", { tsr: [g.start(close), end] }));
  return next;
}

/** The wiki's link trail as a sticky regex (matched at a position of the source). */
const stickyTrail = memoizedPerObject((site: Grammar["env"]["site"]): RegExp | null => {
  const trail = site.linkTrail;
  return trail ? new RegExp(trail.source.replace(/^\^/, ""), trail.flags.replace("g", "") + "y") : null;
});

/** The title part of an interwiki target as written: after the prefix(es), before any `#`. */
export function interwikiTitleText(target: string): string {
  let rest = target.replace(/^\s*:?\s*/, "");
  const colon = rest.indexOf(":");
  rest = colon >= 0 ? rest.slice(colon + 1) : rest;
  const hash = rest.indexOf("#");
  return (hash >= 0 ? rest.slice(0, hash) : rest).trim();
}

/** `%XX` sequences in link targets are decoded (when they form valid UTF-8). */
export function percentDecode(target: string): string {
  if (!target.includes("%")) return target;
  try {
    return decodeURIComponent(target.replace(/%(?![0-9a-fA-F]{2})/g, "%25"));
  } catch {
    return target;
  }
}

export function startsWithProtocol(g: Grammar, target: string): boolean {
  // Every protocol has a colon or starts with `//`: most targets are ruled out at once.
  const colon = target.indexOf(":");
  if ((colon < 0 || colon > 16) && !target.startsWith("//")) return false;
  return protocolPrefix(g.env.site).test(target);
}

/** One case-insensitive regex for "starts with one of the wiki's URL protocols", built once per site. */
const protocolPrefix = memoizedPerObject((site: Grammar["env"]["site"]): RegExp => {
  const alternatives = site.protocols().map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
  return new RegExp(`^(?:${alternatives.join("|")})`, "i");
});

/** Whether tokens [from, to) hold a wikilink to a non-media title. */
function hasInnerLink(g: Grammar, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    if (g.kind(k) !== K_LINK_OPEN) continue;
    const close = g.linkClose[k]!;
    if (close < 0 || close > to) continue;
    let end = g.start(close);
    for (let j = k + 1; j < close; j++) {
      if (g.kind(j) === K_PIPE) {
        end = g.start(j);
        break;
      }
    }
    const inner = Title.tryParse(decodeEntities(g.src.slice(g.end(k), end)).trim(), g.env.site);
    if (inner && (inner.ns !== NS_FILE || inner.interwiki)) return true;
  }
  return false;
}

/** `[[http://x text]]`: a literal `[`, the external link `[http://x text]`, a literal `]`. */
function urlInBrackets(g: Grammar, i: number, close: number): number {
  const s = g.start(i);
  g.out.push(text("[", s, s + 1));
  const done = bracketedUrl(g, g.end(i), i + 1, close, g.start(close), g.start(close) + 1);
  if (!done) {
    g.out.pop();
    return -1;
  }
  g.out.push(text("]", g.end(close) - 1, g.end(close)));
  return close + 1;
}

/** Whether `Special:Name/...` names a special page the wiki has (siteinfo specialpagealiases). */
function isKnownSpecialPage(g: Grammar, dbKey: string): boolean {
  const name = dbKey.split("/")[0]!.toLowerCase();
  const aliases = g.env.site.info["specialpagealiases"] as Array<{ realname: string; aliases: string[] }> | undefined;
  if (!aliases) return false;
  return aliases.some((p) => p.realname.toLowerCase() === name || p.aliases.some((a) => a.toLowerCase() === name));
}

/**
 * Subpage links, in namespaces with subpages: `[[/sub]]`, `[[/sub/]]` (shown without slashes),
 * `[[../sibling]]`, `[[../]]`. Returns the absolute target and, when it differs, the text shown.
 */
function resolveSubpage(g: Grammar, target: string): { target: string; shown?: string } | null {
  const sub = resolveSubpageTarget(target, g.env.site, g.env.page.title);
  if (sub === null || sub === "above-root") return null;
  if (sub.kind === "child") return { target: sub.resolved, shown: sub.trailing ? sub.rest.slice(1) : undefined };
  return { target: sub.resolved, shown: sub.rest && sub.trailing ? sub.rest : sub.resolved };
}

/** A sort key as written → the key it gives (MediaWiki decodes entities and drops newlines). */
function sortKeyOf(written: string): string {
  return decodeEntities(written).replace(/\n/g, "");
}

/** `./Category:Name`, with `#sort key` when the link has one. */
function categoryHref(g: Grammar, pipe: number, close: number, title: Title): string {
  const href = title.relativeHref;
  if (pipe < 0) return href;
  return `${href}#${encodeSortKey(sortKeyOf(g.src.slice(g.end(pipe), g.start(close))))}`;
}

function pageDbKey(g: Grammar): string {
  return g.env.page.title.replace(/ /g, "_");
}

function category(g: Grammar, i: number, pipe: number, close: number, title: Title, rawTarget: string): number {
  const targetEnd = pipe >= 0 ? g.start(pipe) : g.start(close);
  const sources = hrefSource(g, g.end(i), targetEnd, g.start(close), g.start(i));
  const rel = attr("rel", "mw:PageProp/Category");
  const tsr: [number, number] = [g.start(i), g.end(close)];
  const stx = pipe >= 0 ? "piped" : "simple";
  let link;
  if (g.lint && sources === null) {
    // The linter reads a category link's place and rel, never its href.
    link = selfClosing("link", [rel], { tsr, stx });
  } else {
    // The target as written ("Category:foo"), and the href it resolved to: html2wt keeps the
    // spelling while the href is unchanged. (A target a template wrote has its own record.)
    const href = categoryHref(g, pipe, close, title);
    if (sources === null) {
      // A sort key the href cannot spell back (newlines, entities) keeps its source for html2wt.
      const writtenKey = pipe >= 0 ? g.src.slice(g.end(pipe), g.start(close)) : "";
      const sa: Record<string, string> = writtenKey !== sortKeyOf(writtenKey) ? { href: rawTarget, "mw:sortKey": writtenKey } : { href: rawTarget };
      link = selfClosing("link", [rel, attr("href", href)], { tsr, stx, sa, a: { href } });
    } else {
      link = selfClosing("link", [rel, attr("href", href)], { tsr, stx });
    }
  }
  if (sources && pipe >= 0) {
    // The sort key is an attribute of its own (Parsoid's `mw:sortKey`); its value for html2wt.
    const keyStart = g.end(pipe);
    const keyEnd = g.start(close);
    if (g.templated!(keyStart, keyEnd)) {
      sources.push({ name: "mw:sortKey", key: null, value: [keyStart, keyEnd] });
      link.dp.a = { "mw:sortKey": sortKeyOf(g.src.slice(keyStart, keyEnd)) };
    }
  }
  if (sources) link.aux = { attrSources: sources };
  g.out.push(link);
  return close + 1;
}

