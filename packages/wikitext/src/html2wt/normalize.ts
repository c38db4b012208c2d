// DOM normalisation before serialization. Always: section wrappers and empty-element markers
// the engine adds are taken away, adjacent text nodes merged. With scrubWikitext (for HTML from
// editors): empty formatting elements are dropped and adjacent identical ones merged, so the
// wikitext comes out clean instead of full of ''''''.
import { indexInParent, WText, unwrap, type WElement, type WNode } from "../dom/node.js";
import { isGeneratedNodeId, isNewContent } from "./node-data.js";
import { isCategoryLink, isHtmlSyntax } from "./handlers/block-kinds.js";
import { swapNestedQuotes } from "./quote-tidy.js";

export interface NormalizeOptions {
  scrub: boolean;
}

const FORMATTING = new Set(["i", "b", "u", "s", "small", "big", "sub", "sup", "code", "tt", "em", "strong", "span", "font"]);

function sameAttributes(a: WElement, b: WElement): boolean {
  if (a.attrs.length !== b.attrs.length) return false;
  return a.attrs.every((x) => b.getAttribute(x.name) === x.value);
}

function isEmptyFormatting(node: WNode): boolean {
  return node.kind === "element" && FORMATTING.has(node.name) && node.attrs.length === 0 && node.children.length === 0 && !node.mw;
}

function mergeTextNodes(el: WElement): void {
  for (let i = el.children.length - 1; i > 0; i--) {
    const a = el.children[i - 1]!;
    const b = el.children[i]!;
    if (a.kind === "text" && b.kind === "text") {
      a.value += b.value;
      el.children.splice(i, 1);
    }
  }
}

function scrub(el: WElement): void {
  for (let i = el.children.length - 1; i >= 0; i--) {
    const c = el.children[i]!;
    if (isEmptyFormatting(c)) el.children.splice(i, 1);
  }
  for (let i = el.children.length - 1; i > 0; i--) {
    const a = el.children[i - 1]!;
    const b = el.children[i]!;
    if (a.kind === "element" && b.kind === "element" && a.name === b.name && FORMATTING.has(a.name) && sameAttributes(a, b) && !a.mw && !b.mw) {
      for (const c of [...b.children]) a.appendChild(c);
      el.children.splice(i, 1);
      b.parent = null;
      a.dp = {};
    }
  }
}

const QUOTES = new Set(["i", "b"]);

/**
 * Parsed quotes that touch in the DOM were written back to back (two italics in a row) unless
 * something between them was removed by an edit: their source ranges then leave a gap.
 */
function adjacentInSource(a: WElement, b: WElement): boolean {
  const end = a.dp?.dsr?.[1];
  const start = b.dp?.dsr?.[0];
  return typeof end !== "number" || typeof start !== "number" || end === start;
}

/** Formatting that may move from inside a whole link to around it. */
const HOISTABLE = new Set(["i", "b", "u", "s", "small", "big", "sub", "sup", "code", "tt", "em", "strong"]);

/**
 * Adjacent links to the same page, one of them an editor's, are one link ("Foot" + "ball" both
 * linking Football): their contents join in the first.
 */
function mergeAdjacentLinks(el: WElement): void {
  for (let i = el.children.length - 1; i > 0; i--) {
    const a = el.children[i - 1]!;
    const b = el.children[i]!;
    if (!isWikiLinkElement(a) || !isWikiLinkElement(b) || !linksJoin(a, b)) continue;
    for (const c of [...b.children]) a.appendChild(c);
    el.children.splice(i, 1);
    b.parent = null;
    mergeTextNodes(a);
    // The merged link no longer matches a source range or spelling.
    if (!isNewContent(a)) a.dp = {};
  }
}

/** Two adjacent links to one page, one of them new, are one link. */
function linksJoin(a: WElement, b: WElement): boolean {
  return (isNewContent(a) || isNewContent(b)) && a.getAttribute("href") === b.getAttribute("href");
}

/**
 * The link has a neighbour it joins (see mergeAdjacentLinks), perhaps already inside the
 * formatting that moved out of it.
 */
function joinsNeighbourLink(link: WElement): boolean {
  const siblings = link.parent?.children ?? [];
  const i = indexInParent(link);
  const prev = linkInFormatting(siblings[i - 1]);
  const next = linkInFormatting(siblings[i + 1]);
  return (prev !== null && linksJoin(prev, link)) || (next !== null && linksJoin(link, next));
}

function linkInFormatting(node: WNode | undefined): WElement | null {
  let depth = 0;
  while (node !== undefined && node.kind === "element" && HOISTABLE.has(node.name) && node.children.length === 1 && depth++ < 8) node = node.children[0];
  return node !== undefined && isWikiLinkElement(node) ? node : null;
}

function isWikiLinkElement(node: WNode): node is WElement {
  return node.kind === "element" && node.name === "a" && (node.getAttribute("rel") ?? "").includes("mw:WikiLink");
}

/**
 * Edited content is tidied the way an editor means it (Parsoid's DOM normaliser, restricted to
 * new nodes so that parsed content keeps its source form): adjacent identical quotes merge,
 * quotes wrapping a whole link move outside it, and a link's trailing space moves after it.
 */
function tidyEditedContent(el: WElement, depth = 0): void {
  dropBlankNewQuotes(el);
  swapNestedQuotes(el);
  for (let i = el.children.length - 1; i > 0; i--) {
    const a = el.children[i - 1]!;
    const b = el.children[i]!;
    // (An HTML <i> never merges with a '' one.)
    if (a.kind === "element" && b.kind === "element" && a.name === b.name && QUOTES.has(a.name) && (isNewContent(a) || isNewContent(b) || !adjacentInSource(a, b)) && sameAttributes(a, b) && isHtmlSyntax(a) === isHtmlSyntax(b)) {
      for (const c of [...b.children]) a.appendChild(c);
      el.children.splice(i, 1);
      b.parent = null;
      // The merged element no longer matches a source range.
      if (!isNewContent(a)) a.dp = {};
      // What met inside may merge in turn (the halves of a link, nested quotes); bounded, as
      // editors' HTML can nest without limit.
      if (depth < 32) tidyEditedContent(a, depth + 1);
    }
  }
  mergeAdjacentLinks(el);
  // <a><u><b>x</b></u></a> → <u><b><a>x</a></b></u>: formatting around a whole new link goes outside it.
  // (Not when the parse data says the source had the formatting inside a piped link, unless
  // the link joins a new neighbour: the joined link has no source form.)
  while (isWikiLinkElement(el) && (el.dp?.stx !== "piped" || joinsNeighbourLink(el)) && el.children.length === 1 && el.parent) {
    const only = el.children[0]!;
    if (!(only.kind === "element" && HOISTABLE.has(only.name) && (isNewContent(only) || isNewContent(el)) && only.attrs.length === 0)) break;
    const parent = el.parent;
    parent.insertBefore(only, el);
    for (const c of [...only.children]) el.appendChild(c);
    only.appendChild(el);
  }
  if (isWikiLinkElement(el) && isNewContent(el) && el.parent) {
    const last = el.children[el.children.length - 1];
    const trailing = last?.kind === "text" ? /[ \t]+$/.exec(last.value)?.[0] : undefined;
    if (last && last.kind === "text" && trailing && trailing !== last.value) {
      last.value = last.value.slice(0, last.value.length - trailing.length);
      // The space goes before what follows, unless that already starts with a space or nothing
      // follows (as Parsoid's normaliser does).
      const siblings = el.parent.children;
      const next = siblings[siblings.indexOf(el) + 1];
      if (next !== undefined && !(next.kind === "text" && /^\s/.test(next.value))) {
        if (next.kind === "text") next.value = trailing + next.value;
        else el.parent.insertBefore(new WText(trailing), next);
      }
    }
  }
}

/**
 * New bold or italics holding nothing but spaces and tabs are dropped with their spaces (as
 * Parsoid's normaliser strips "essentially empty" quote tags): written as quotes they would be
 * bare '' runs around a blank, which need nowikis to mean anything. Comments and other elements
 * inside make them content.
 */
function dropBlankNewQuotes(el: WElement): void {
  const kids = el.children;
  for (let i = kids.length - 1; i >= 0; i--) {
    const c = kids[i]!;
    if (c.kind !== "element" || !QUOTES.has(c.name) || !isNewContent(c) || !holdsOnlyBlanks(c)) continue;
    kids.splice(i, 1);
    c.parent = null;
  }
}

function holdsOnlyBlanks(el: WElement): boolean {
  for (const c of el.children) {
    if (c.kind !== "text") return false;
    for (let i = 0; i < c.value.length; i++) {
      const ch = c.value.charCodeAt(i);
      if (ch !== 0x20 && ch !== 0x09) return false;
    }
  }
  return true;
}

/** Direction marks ending a text (with a line break between two runs of them). */
const TRAILING_DIRECTION_MARKS = /(?:[\u200e\u200f]+\n)?[\u200e\u200f]+$/;

/**
 * Left-to-right and right-to-left marks that editing tools leave around categories (which
 * render nothing) are dropped where they end a text before a category or the end of the
 * element, as Parsoid's normaliser does; marks before other text stay (they affect its display).
 */
function stripDirectionMarksAroundCategories(el: WElement): void {
  const kids = el.children;
  for (let i = kids.length - 1; i >= 0; i--) {
    const c = kids[i]!;
    if (c.kind !== "text") continue;
    const prev = kids[i - 1];
    const next = kids[i + 1];
    if (!isCategoryLink(prev) && !isCategoryLink(next)) continue;
    if (next !== undefined && !isCategoryLink(next)) continue;
    const value = c.value.replace(TRAILING_DIRECTION_MARKS, "");
    if (value === c.value) continue;
    if (value === "") {
      kids.splice(i, 1);
      c.parent = null;
    } else {
      c.value = value;
    }
  }
}

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** Page metadata that renders nothing and is written as its own wikitext (categories, __TOC__). */
function isPageMetadata(node: WNode): boolean {
  if (node.kind !== "element") return false;
  if (node.name === "link") return (node.getAttribute("rel") ?? "").includes("mw:PageProp/");
  return node.name === "meta" && (node.getAttribute("property") ?? "").startsWith("mw:PageProp/");
}

function isLayoutOnly(node: WNode): boolean {
  return node.kind === "comment" || (node.kind === "text" && node.value.trim() === "");
}

/**
 * A new heading is one line of text: metadata an editor put at its edges (with the comments and
 * spaces around it) moves before or after it, and a line break inside it becomes a space (as
 * Parsoid's normaliser does).
 */
function normalizeNewHeading(h: WElement): void {
  const parent = h.parent;
  if (!parent) return;
  const kids = h.children;
  // Leading run of metadata, comments and spaces, up to its last metadata node.
  let lead = -1;
  for (let i = 0; i < kids.length && (isLayoutOnly(kids[i]!) || isPageMetadata(kids[i]!)); i++) if (isPageMetadata(kids[i]!)) lead = i;
  for (const node of kids.slice(0, lead + 1)) parent.insertBefore(node, h);
  let trail = kids.length;
  for (let i = kids.length - 1; i >= 0 && (isLayoutOnly(kids[i]!) || isPageMetadata(kids[i]!)); i--) if (isPageMetadata(kids[i]!)) trail = i;
  const after = kids.slice(trail);
  const next = parent.children[parent.children.indexOf(h) + 1] ?? null;
  for (const node of after) parent.insertBefore(node, next);
  if (lead >= 0 || after.length > 0) trimEdgeWhitespace(h);
  replaceLineBreaks(h);
}

/** Drops the whitespace left at the edges of an element's text. */
function trimEdgeWhitespace(el: WElement): void {
  const first = el.children[0];
  if (first?.kind === "text") first.value = first.value.replace(/^\s+/, "");
  const last = el.children[el.children.length - 1];
  if (last?.kind === "text") last.value = last.value.replace(/\s+$/, "");
}

/** New <br> elements inside a heading become spaces (a heading cannot hold a line break). */
function replaceLineBreaks(el: WElement, depth = 0): void {
  const kids = el.children;
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i]!;
    if (c.kind !== "element") continue;
    if (c.name === "br" && isNewContent(c) && c.attrs.length === 0) {
      const space = new WText(" ");
      space.parent = el;
      kids[i] = space;
      c.parent = null;
    } else if (depth < 32) replaceLineBreaks(c, depth + 1);
  }
  mergeTextNodes(el);
}

function hasClass(el: WElement, name: string): boolean {
  const value = el.getAttribute("class");
  return value !== null && value.split(/\s+/).includes(name);
}

/**
 * MediaWiki's rendered pages wrap each heading in <div class="mw-heading"> with an edit-section
 * link after it: reader interface around the heading, not content.
 */
function isRenderedHeadingWrapper(el: WElement): boolean {
  return el.name === "div" && hasClass(el, "mw-heading") && el.children.some((c) => c.kind === "element" && /^h[1-6]$/.test(c.name));
}

function unwrapRenderedHeading(el: WElement): void {
  el.children = el.children.filter((c) => !(c.kind === "element" && c.name === "span" && hasClass(c, "mw-editsection")));
  for (const c of el.children) if (c.kind === "element" && HEADINGS.has(c.name)) renderedHeadings.add(c);
  unwrap(el);
}

/** Headings taken out of a rendered page's heading wrapper (see isRenderedHeadingWrapper). */
const renderedHeadings = new WeakSet<WElement>();

/** Whether the heading comes from a page rendered for readers (MediaWiki's legacy HTML). */
export function isRenderedHeading(el: WElement): boolean {
  return renderedHeadings.has(el);
}

/** First elements of the section wrappers taken away: the heading that opened each section. */
const sectionStarts = new WeakSet<WElement>();

/**
 * Wrappers that stand for no markup, written as their content (as Parsoid's normaliser does): a
 * span Parsoid added around text a misnested link split (parse data `misnested`), and a new
 * <font> without attributes (it does nothing).
 */
function isMarkupFreeWrapper(el: WElement): boolean {
  if (el.attrs.length > 0) return false;
  if (el.name === "span") return el.dp?.["misnested"] === true;
  return el.name === "font" && isNewContent(el);
}

/** Whether the element opened a section of the HTML (nothing came before it in there). */
export function startedSection(el: WElement): boolean {
  return sectionStarts.has(el);
}

/** Blocks whose wikitext syntax (a paragraph's lines, list bullets) has no room for attributes. */
const ATTRIBUTELESS_SYNTAX = new Set(["p", "ul", "ol", "dl", "li", "dt", "dd"]);
const LISTS = new Set(["ul", "ol", "dl"]);

/** An attribute the content means (not the engine's own: ids it generates, RDFa, data). */
function isContentAttribute(name: string, value: string): boolean {
  if (name === "about" || name === "typeof" || name === "property" || name === "rel" || name.startsWith("data-")) return false;
  if (name === "class" && value === "mw-empty-elt") return false;
  return !(name === "id" && isGeneratedNodeId(value));
}

function writeAsHtml(el: WElement): void {
  if (el.dp === null) el.dp = { stx: "html" };
  else el.dp.stx = "html";
}

/**
 * New paragraphs and lists carrying attributes (an editor's <p dir="rtl">, <li id="x">) are
 * written as HTML tags, which keep them: their wikitext syntax would drop them. A list is
 * written so when it or any of its items carries some, with all its items (wikitext bullets
 * cannot hold an HTML item). Runs children first: the items are decided before their list.
 */
function keepAttributesAsHtml(el: WElement): void {
  if (!ATTRIBUTELESS_SYNTAX.has(el.name) || !isNewContent(el) || el.dp?.stx !== undefined) return;
  let attributed = el.attrs.some((a) => isContentAttribute(a.name, a.value));
  if (LISTS.has(el.name) && !attributed) attributed = el.children.some((c) => c.kind === "element" && c.dp?.stx === "html" && isNewContent(c));
  if (!attributed) return;
  writeAsHtml(el);
  if (LISTS.has(el.name)) for (const c of el.children) if (c.kind === "element" && isNewContent(c) && c.dp?.stx === undefined) writeAsHtml(c);
}

export function normalizeDom(root: WElement, options: NormalizeOptions): void {
  // Post-order with an explicit stack: children are normalised before their parent. (Two
  // parallel stacks: no pair allocated per element of the document.)
  const stack: WElement[] = [root];
  const visited: boolean[] = [false];
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (!visited.pop()) {
      stack.push(el);
      visited.push(true);
      for (const c of el.children) {
        if (c.kind !== "element") continue;
        stack.push(c);
        visited.push(false);
      }
      continue;
    }
    if (options.scrub) scrub(el);
    if (el !== root && HEADINGS.has(el.name) && isNewContent(el)) normalizeNewHeading(el);
    tidyEditedContent(el);
    if (el !== root) keepAttributesAsHtml(el);
    mergeTextNodes(el);
    stripDirectionMarksAroundCategories(el);
    if (el !== root && isMarkupFreeWrapper(el)) {
      unwrap(el);
      continue;
    }
    if (el !== root && isRenderedHeadingWrapper(el)) {
      unwrapRenderedHeading(el);
      continue;
    }
    if (el !== root && el.name === "section" && el.hasAttribute("data-mw-section-id")) {
      const first = el.children.find((c): c is WElement => c.kind === "element");
      if (first) sectionStarts.add(first);
      unwrap(el);
    }
  }
}
