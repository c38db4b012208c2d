// Escaping of DOM text so that it comes back as the same text when the wikitext is parsed
// again: substrings that would parse as markup are wrapped in <nowiki>, as few and as small as
// the context allows (Parsoid's "minimal nowiki"). Which substrings matter depends on where the
// text lands: at the start of a line, in a table cell, in link text, in a heading.
import type { SiteConfig } from "../env/site-config.js";
import { decodeEntity } from "../util/entities.js";
import { ALLOWED_TAGS } from "../util/html-tags.js";
import { wouldParseAsWikiLink } from "./handlers/link-target.js";
import { memoizedPerObject } from "../util/memo.js";
import { LineText, type LineView } from "./line-text.js";

/** What the escaper needs to know about the output position. */
export interface EscapeContext {
  readonly atLineStart: boolean;
  /** The line the text lands on, as written so far. */
  readonly line: LineView;
  readonly context: {
    link: "wiki" | "ext" | null;
    cell: "td" | "th" | "caption" | null;
    heading: boolean;
    htmlBlock: boolean;
    listItem: boolean;
    indentPre: boolean;
  };
  readonly env: { site: SiteConfig; page?: { title: string } };
  /** Text earlier on the line left a "[[" open (a "]]" now would close it into a link). */
  readonly textOpensLink?: boolean;
  /** Inside a <blockquote>: a line starting with a space is no preformatted text there. */
  readonly inPreSuppressingBlock?: boolean;
  /** The line start is one page metadata left (see Serializer.atLineStartAfterMetadata): spaces stay. */
  readonly atLineStartAfterMetadata?: boolean;
}

/** Characters without which no text needs escaping (fast path for ordinary prose). */
const MAYBE_SPECIAL = /[[\]{}'<&~_|!=\-:/]|ISBN|RFC|PMID/;
const LINE_START_SPECIAL = /^[*#:;= \t{|!-]/;
/** A character that is special at the start of a line, after a newline inside the text. */
const INNER_LINE_START_SPECIAL = /\n[*#:;= \t{|!-]/;

export interface EscapeOptions {
  /** More inline content follows the text on its last line (so that line does not end there). */
  inlineAfter?: boolean;
  /**
   * The text's last line goes on to a block written as an HTML tag (" a <div>..."): a line
   * holding such a tag is never preformatted, so its leading spaces stay.
   */
  blockTagLater?: boolean;
  /** The line already holds the empty nowiki that keeps line syntax after it as text. */
  afterSolGuard?: boolean;
}

export function escapeText(text: string, s: EscapeContext, options: EscapeOptions = {}): string {
  const atLineStart = s.atLineStart && options.afterSolGuard !== true;
  if (!MAYBE_SPECIAL.test(text) && !((atLineStart || s.context.listItem) && LINE_START_SPECIAL.test(text)) && !INNER_LINE_START_SPECIAL.test(text)) return text;
  // A tag whose whitespace runs over a line break ("<div\n>") is still a tag: line-by-line
  // escaping would not see it, so the whole text is protected.
  if (text.includes("<") && text.includes("\n") && spansLines(text, s.env.site)) return wrap(text);
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Link text (and a media caption) is inline to its end: its own lines start no line syntax.
    const atStart = i === 0 ? atLineStart : s.context.link === null;
    const endsLine = i < lines.length - 1 || options.inlineAfter !== true;
    // (The text's later lines start lines of their own: nothing is before them.)
    out.push(escapeLine(line, atStart, i === 0 ? s.line : EMPTY_LINE, i === 0, s, endsLine, i === lines.length - 1 && options.blockTagLater === true));
  }
  return out.join("\n");
}

// (The part before the first line break holds none: one way to match, linear.)
const MULTI_LINE_TAG = /<\/?([A-Za-z][\w-]*)(?:\s[^<>\n]*)?\n[^<>]*>/g;

function spansLines(text: string, site: SiteConfig): boolean {
  for (const m of text.matchAll(MULTI_LINE_TAG)) {
    const name = m[1]!.toLowerCase();
    if (ALLOWED_TAGS.has(name) || site.isExtensionTag(name)) return true;
  }
  return false;
}

function wrap(text: string): string {
  return `<nowiki>${text}</nowiki>`;
}

type Span = [number, number];

/** What is before a text's second and later lines: nothing (they start lines of their own). */
const EMPTY_LINE: LineView = new LineText();

/** Whether the line and `text` written after it hold a "[[" between them. */
function opensLinkBefore(line: LineView, text: string): boolean {
  return line.includesLinkOpener() || text.includes("[[") || (text.startsWith("[") && line.endsWith("["));
}

/**
 * Whether the cell being written on `lineBefore` (a table line) already has its attribute pipe:
 * MediaWiki splits the line into cells at "||" ("!!" on header lines), left to right, and a
 * cell's text up to its first single pipe is its attributes; after that, a pipe is text. Pipes
 * that nowikis protect count for nothing, and a line holding templates or variant markup (whose
 * output may bring pipes of its own) is not judged.
 */
function attributePipeWritten(lineBefore: string, cell: "td" | "th" | "caption"): boolean {
  let line = lineBefore.trimStart();
  if (line.includes("{{") || line.includes("-{")) return false;
  if (line.includes("<")) line = line.replace(/<nowiki\s*>[\s\S]*?<\/nowiki\s*>|<nowiki\s*\/>/gi, "");
  // The line's own marker ("|", "!", "|+") is no attribute pipe; "||" opening a line is a "|"
  // with empty attributes and their pipe.
  const marker = cell === "caption" ? "|+" : line.startsWith("||") ? "|" : line.charAt(0);
  let text = line.slice(marker.length);
  if (cell === "th") text = text.replace(/!!/g, "||");
  if (cell !== "caption") text = text.slice(lastCellStart(text));
  return text.includes("|");
}

/** Where the last cell of a line's text starts when the line is split at "||" from the left. */
function lastCellStart(text: string): number {
  let start = 0;
  for (let at = text.indexOf("||"); at >= 0; at = text.indexOf("||", start)) start = at + 2;
  return start;
}

function escapeLine(line: string, atLineStart: boolean, lineBefore: LineView, firstLine: boolean, s: EscapeContext, endsLine = true, keepsLeadingSpace = false): string {
  if (line === "") return line;
  const ctx = s.context;

  // Table cells: a pipe could end the cell or turn its text into attributes.
  // (Inside an HTML block on the cell's own line, "||" still splits the cell.)
  if (ctx.cell !== null && ctx.htmlBlock && ctx.link === null && firstLine && line.includes(ctx.cell === "th" ? "!!" : "||") && lineBefore.startsWithCellMarker()) return wrap(line);
  if (ctx.cell !== null && !ctx.htmlBlock) {
    const cellLine = firstLine && lineBefore.startsWithCellMarker();
    const risky =
      line.includes("||") ||
      // (Link text holds its "!!": the link is parsed before the header row is split.)
      (ctx.cell === "th" && ctx.link === null && line.includes("!!")) ||
      // (A cell's attributes end at a link: text after "[[...]]" on the line is content.)
      // (Once the cell's attribute pipe is written, a single pipe is content.)
      (cellLine && line.includes("|") && !ctx.link && !opensLinkBefore(lineBefore, line.slice(0, line.indexOf("|"))) && !attributePipeWritten(lineBefore.text, ctx.cell)) ||
      (atLineStart && /^[|!]/.test(line));
    if (risky) return wrap(line);
    // Right after a bare "|" cell marker, "-", "+" or "}" would make "|-", "|+" or "|}".
    if (cellLine && lineBefore.isCellMarkerOnly() && /^[-+}]/.test(line)) return wrap(line);
  }

  // Right after a list item's bullets, a bullet character would join them.
  if (firstLine && ctx.listItem && !ctx.link && /^[*#:;]/.test(line) && lineBefore.isBulletsOnly()) return wrap(line);

  // The end of a line that started with "=" (before this text) would close a heading.
  if (firstLine && endsLine && !atLineStart && !ctx.heading && !ctx.indentPre && /=[ \t]*$/.test(line) && lineBefore.startsAfterCommentsWith("=")) {
    const closing = /=+[ \t]*$/.exec(line)![0];
    const equals = closing.replace(/[ \t]+$/, "");
    return escapeInline(line.slice(0, line.length - closing.length), s) + wrap(equals) + closing.slice(equals.length);
  }

  // "]]" closing a "[[" that text earlier on the line opened would make a link of both.
  if (firstLine && ctx.link === null && s.textOpensLink === true && line.includes("]]") && closesLinkSyntax(lineBefore.text, line, s)) return wrap(line);

  // Whole-line constructs at the start of a line.
  if (atLineStart && !ctx.indentPre) {
    // (A line that goes on past the text, with more inline content, is no heading.)
    if (!ctx.heading && endsLine && /^=.*=[ \t]*$/.test(line)) return wrap(line.replace(/[ \t]+$/, "")) + (/[ \t]+$/.exec(line)?.[0] ?? "");
    if (/^-{4,}/.test(line)) {
      const dashes = /^-+/.exec(line)![0];
      return wrap(dashes) + escapeInline(line.slice(dashes.length), s, true);
    }
    if (line.startsWith("{|")) return wrap("{|") + escapeInline(line.slice(2), s, true);
    if (!ctx.listItem && !ctx.cell && !ctx.heading && /^[*#:;]/.test(line)) {
      // ";term:definition": the colon is escaped with the semicolon.
      const colon = line[0] === ";" ? line.indexOf(":") : -1;
      if (colon > 0) return wrap(";") + escapeInline(line.slice(1, colon), s, true) + wrap(":") + escapeInline(line.slice(colon + 1), s, true);
      return wrap(line[0]!) + escapeInline(line.slice(1), s, true);
    }
    if (ctx.listItem && /^[*#:;]/.test(line) && /[*#:;]/.test(lineBefore.lastChar())) {
      return wrap(line);
    }
    // (Link text's first line, a caption's, continues the line of its "[[...|": no line start.)
    if (!ctx.htmlBlock && !keepsLeadingSpace && (!ctx.cell || !firstLine) && !(ctx.link !== null && firstLine) && !ctx.heading && !ctx.listItem && line.startsWith(" ") && /\S/.test(line) && s.inPreSuppressingBlock !== true && !(firstLine && s.atLineStartAfterMetadata === true)) {
      // A space at the start of a line would make preformatted text: it is layout the HTML
      // cannot mean, so it is dropped (as Parsoid's whitespace scrubbing does). What follows
      // then starts the line: line syntax there is kept as text by an empty nowiki.
      const rest = line.slice(/^[ \t]+/.exec(line)![0].length);
      if (startsLineSyntax(rest)) return "<nowiki/>" + escapeInline(rest, s);
      return escapeLine(rest, atLineStart, lineBefore, firstLine, s, endsLine);
    }
  }
  return escapeInline(line, s);
}

/** The text holds a "[[" (outside nowiki) that no "]]" closes. */
export function opensLinkSyntax(line: string): boolean {
  const open = line.lastIndexOf("[[");
  if (open < 0) return false;
  const text = line.includes("<nowiki>") ? line.replace(/<nowiki>[\s\S]*?<\/nowiki>/g, "") : line;
  const last = text.lastIndexOf("[[");
  return last >= 0 && !text.includes("]]", last + 2);
}

/**
 * Whether the "[[" left open on the line and the text's first "]]" make a link together: only
 * with a plain target in between (templates, tags or references there are the source's own).
 */
function closesLinkSyntax(lineBefore: string, line: string, s: EscapeContext): boolean {
  // (Quote runs in between are formatting, not part of the target.)
  const target = (lineBefore.slice(lineBefore.lastIndexOf("[[") + 2) + line.slice(0, line.indexOf("]]"))).replace(/'{2,}/g, "");
  if (/[{}<>&[\]]/.test(target)) return false;
  return s.env.page === undefined || wouldParseAsWikiLink(target, s.env.site, s.env.page.title);
}

function behaviourSwitchSpans(line: string, site: SiteConfig, spans: Span[]): void {
  for (const m of line.matchAll(/__([A-Za-z_]+?)__/g)) {
    if (site.isBehaviorSwitch(m[1]!)) spans.push([m.index, m.index + m[0].length]);
  }
}

function protocolPattern(site: SiteConfig): RegExp {
  const re = siteProtocolPattern(site);
  re.lastIndex = 0;
  return re;
}

const siteProtocolPattern = memoizedPerObject((site: SiteConfig): RegExp => {
  const alternatives = site
    .protocols()
    .filter((p) => p !== "//")
    .map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
    .join("|");
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives})[^\\s\\[\\]<>"]+`, "giu");
});

/** A complete start tag of any name (with attributes), as the tokenizer reads one. */
const ANY_TAG = /<[A-Za-z][\w-]*\s[^<>]*>/g;

/**
 * A tag the text itself makes: `<name`, attributes and its `>`. Text such as `<div ` with no
 * `>` of its own reads back as text (the tokenizer does not take the next element's `<div>` as
 * its attributes), so it is left as it is, as Parsoid leaves it.
 */
const TAG_LIKE = /<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])[^>]*>|<!--/g;

/**
 * Text that reads as tags: each tag is protected, and a tag with its end tag further on the line
 * is protected as one piece with what lies between (one nowiki rather than two). An extension
 * tag left open would take the rest of the line as its body: that rest goes with it.
 */
function tagSpans(line: string, site: SiteConfig, spans: Span[]): void {
  const open: Array<{ name: string; start: number; end: number }> = [];
  // A tag ends at its ">": past the line's last one only comment openers can match (searching
  // on from every "<" there would scan to the line's end in vain, quadratic for a run of them).
  const lastGt = line.lastIndexOf(">");
  for (let at = line.indexOf("<!--", lastGt + 1); at >= 0; at = line.indexOf("<!--", at + 4)) spans.push([at, at + 4]);
  for (const m of line.slice(0, lastGt + 1).matchAll(TAG_LIKE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[0] === "<!--") {
      spans.push([start, end]);
      continue;
    }
    const name = m[2]!.toLowerCase();
    const extension = site.isExtensionTag(name);
    if (!ALLOWED_TAGS.has(name) && !extension) continue;
    // <meta> and <link> are tags in wikitext only with microdata (itemprop): else they are text.
    if ((name === "meta" || name === "link") && !/\sitemprop\s*=/i.test(m[0])) continue;
    if (m[1] === "/") {
      const opener = open.findLastIndex((o) => o.name === name);
      if (opener >= 0) {
        spans.push([open[opener]!.start, end]);
        open.splice(opener);
      } else spans.push([start, end]);
    } else if (m[0].endsWith("/>")) spans.push([start, end]);
    else open.push({ name, start, end });
  }
  for (const o of open) spans.push([o.start, site.isExtensionTag(o.name) && o.name !== "nowiki" ? line.length : o.end]);
}

/** "<nowiki>" as text cannot be protected by nowiki alone: its brackets are written as references (inside one). */
const NOWIKI_TAG_TEXT = /<(\/?nowiki\b[^>]*)(>?)/gi;

/**
 * `escapedLine`: the line already has nowikis for line syntax; a nowiki tag's text is then
 * written inside one as well (as Parsoid does once a line needs escaping).
 */
function escapeInline(line: string, s: EscapeContext, escapedLine = false): string {
  if (line === "" || !MAYBE_SPECIAL.test(line)) return line;
  if (/<\/?nowiki/i.test(line)) {
    let out = "";
    let pos = 0;
    for (const m of line.matchAll(NOWIKI_TAG_TEXT)) {
      const references = "&lt;" + m[1] + (m[2] ? "&gt;" : "");
      out += escapeInline(line.slice(pos, m.index), s) + (escapedLine ? wrap(references) : references);
      pos = m.index + m[0].length;
    }
    return out + escapeInline(line.slice(pos), s);
  }
  const spans: Span[] = [];
  const site = s.env.site;
  const add = (re: RegExp): void => {
    re.lastIndex = 0;
    for (const m of line.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
  };
  forEachPair(line, "[[", false, "]]", false, (start, end) => {
    // "[[x]]" whose target the parser refuses stays text as it is.
    if (s.env.page === undefined || wouldParseAsWikiLink(line.slice(start + 2, end - 2), site, s.env.page.title)) spans.push([start, end]);
  });
  // (A third brace on either side goes with the pair: "{{{x}}}".)
  forEachPair(line, "{{", true, "}}", true, (start, end) => spans.push([start, end]));
  add(/'{2,}(?:.*'{2,})?/g);
  add(/~{3,5}/g);
  // Language-variant markup, on wikis whose language has variants (elsewhere it is text).
  if (line.includes("-{") && line.includes("}-") && site.hasLanguageVariants) {
    // (Up to the last "}-", as for bracketed URLs below.)
    for (const m of line.slice(0, line.lastIndexOf("}-") + 2).matchAll(LANGUAGE_VARIANT_MARKUP)) spans.push([m.index, m.index + m[0].length]);
  }
  if (line.includes("<")) tagSpans(line, site, spans);
  if (s.context.link === "wiki" && line.includes("[[")) add(/\[\[/g);
  if (line.includes("__")) behaviourSwitchSpans(line, site, spans);
  // Link text is never autolinked again: URLs and magic links only matter outside links.
  const autolinks = s.context.link === null;
  if (line.includes(":") && autolinks) {
    // A URL inside a tag ("<a href="http://...">", any tag name) is no link: the parser reads
    // the tag as one piece (and shows a tag it does not allow as text).
    const tags = line.includes("<") ? [...line.matchAll(ANY_TAG)].map((t): Span => [t.index, t.index + t[0].length]) : [];
    for (const m of line.matchAll(protocolPattern(site))) {
      if (tags.some(([start, end]) => m.index > start && m.index < end)) continue;
      if (isLinkableUrl(m[0])) spans.push([m.index, m.index + m[0].length]);
    }
  }
  if (line.includes("[")) {
    // (Only up to the line's last "]": a "[" after it would scan to the end of the line for
    // one, in vain, and a run of those would make the search quadratic.)
    const lastClose = line.lastIndexOf("]");
    if (lastClose >= 0) for (const m of line.slice(0, lastClose + 1).matchAll(BRACKETED_URL)) spans.push([m.index, m.index + m[0].length]);
  }
  if (autolinks) {
    // (Only the magic links the wiki has turned on link.)
    const magic = site.info.general.magiclinks;
    if (magic?.["RFC"] !== false) add(/(?<![\p{L}\p{N}_])RFC[ \u00a0]+[0-9]+(?![\p{L}\p{N}_])/gu);
    if (magic?.["PMID"] !== false) add(/(?<![\p{L}\p{N}_])PMID[ \u00a0]+[0-9]+(?![\p{L}\p{N}_])/gu);
    if (magic?.["ISBN"] !== false) add(/(?<![\p{L}\p{N}_])ISBN[ \u00a0]+(?:97[89][- ]?)?(?:[0-9][- ]?){9}[0-9Xx](?![\p{L}\p{N}_])/gu);
  }
  if (s.context.link === "wiki" && line.includes("]]")) add(/\]\]/g);
  if (s.context.link === "ext" && line.includes("]")) add(/\]/g);
  const wrapped = spans.length === 0 ? line : wrapSpans(line, spans);
  return line.includes("&") ? escapeReferenceLikeText(wrapped) : wrapped;
}

/** A `-{` and the first `}-` after it: the grammar pairs them as language-variant markup. */
const LANGUAGE_VARIANT_MARKUP = /-\{.*?\}-/g;

const BRACKETED_URL = /\[(?:[a-z][a-z0-9+.-]*:\/\/|mailto:|news:|\/\/)[^\s\][<>"]+(?:[ \t][^\]\n]*)?\]/gi;

/**
 * Calls `found` with each span from an `open` to the first `close` after it, left to right, as
 * a lazy regular expression over one line would find them (`/\[\[.*?\]\]/g`), in linear time:
 * where no `close` follows an `open`, none follows any later one either, so the search ends
 * (the expression would scan to the line's end from every later `open`: quadratic). With
 * `openExtra`/`closeExtra`, one more character of the pair's own kind ("{{{", "}}}") joins an end.
 * (The pairs the grammar makes of "[[...]]" and "{{...}}"; `line` holds no line break.)
 */
export function forEachPair(line: string, open: string, openExtra: boolean, close: string, closeExtra: boolean, found: (start: number, end: number) => void): void {
  let from = 0;
  for (;;) {
    const start = line.indexOf(open, from);
    if (start < 0) return;
    let inner = start + open.length;
    if (openExtra && line[inner] === open[0]) inner++;
    const at = line.indexOf(close, inner);
    if (at < 0) return;
    let end = at + close.length;
    if (closeExtra && line[end] === close[0]) end++;
    found(start, end);
    from = end;
  }
}

/** "&eacute;" as text: its "&" is written as "&amp;" so it does not decode (outside nowiki). */
function escapeReferenceLikeText(text: string): string {
  let out = "";
  let pos = 0;
  for (const m of text.matchAll(/<nowiki>[\s\S]*?<\/nowiki>|&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/g)) {
    if (m[0].startsWith("<nowiki>") || decodeEntity(m[0]) === null) continue;
    out += text.slice(pos, m.index) + "&amp;" + m[0].slice(1);
    pos = m.index + m[0].length;
  }
  return out + text.slice(pos);
}

/** A bare URL links only if something other than trailing punctuation follows the protocol. */
function isLinkableUrl(url: string): boolean {
  const trimmed = url.replace(/[.,;:!?'"()]+$/, "");
  // The protocol of the URL as written ("bitcoin:" loses its colon to the trimming above).
  const protocol = /^[a-z][a-z0-9+.-]*:(?:\/\/)?/i.exec(url)?.[0] ?? "";
  return trimmed.length > protocol.length;
}

function wrapSpans(line: string, spans: Span[]): string {
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  let out = "";
  let pos = 0;
  for (const [start, end] of merged) {
    out += line.slice(pos, start) + wrap(line.slice(start, end));
    pos = end;
  }
  return out + line.slice(pos);
}

/** Line syntax the start of a line would give text beginning so (lists, headings, rules, tables). */
export function startsLineSyntax(text: string): boolean {
  return /^(?:[*#:;=]|-{4}|\{\|)/.test(text);
}
