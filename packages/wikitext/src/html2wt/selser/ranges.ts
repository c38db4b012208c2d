// Source ranges of the original DOM's nodes: elements from their dsr (checked for consistency
// with their parent and preceding siblings), text and comments from the gaps their neighbours
// leave. A node without a trustworthy range is never reused, only serialized anew.
import { indexInParent, type WElement, type WNode } from "../../dom/node.js";
import { decodeCommentData } from "../../util/comment-data.js";

export interface SourceRange {
  start: number;
  end: number;
  /** Content range for elements (between the open and close syntax); absent when unknown. */
  contentStart?: number;
  contentEnd?: number;
}

const LISTS = new Set(["ul", "ol", "dl"]);

function dsrOf(el: WElement): [number, number, number, number] | null {
  const dsr = el.dp?.dsr;
  if (!Array.isArray(dsr) || typeof dsr[0] !== "number" || typeof dsr[1] !== "number") return null;
  let start = dsr[0];
  const end = dsr[1];
  if (start > end) return null;
  // A nested list starts where its first item's line starts (its range may begin after the
  // bullets the enclosing item shares).
  if (LISTS.has(el.name)) {
    const first = el.children.find((c): c is WElement => c.kind === "element");
    const firstStart = first?.dp?.dsr?.[0];
    if (typeof firstStart === "number" && firstStart < start) start = firstStart;
  }
  return [start, end, typeof dsr[2] === "number" ? dsr[2] : -1, typeof dsr[3] === "number" ? dsr[3] : -1];
}

/** Text that markup can stand for (entities, nowiki, quotes...): its source may differ from it. */
const MARKUP_CHARS = /[&<[{'_~:;*#=|!-]/;

function plausibleTextSource(slice: string, value: string): boolean {
  // Parsers trim the whitespace after list bullets and cell markers: the source keeps it.
  return slice === value || MARKUP_CHARS.test(slice) || slice.trim() === value.trim();
}

/**
 * An HTML-syntax element's open tag ends with ">" and its close tag starts with "<": widths that
 * say otherwise were measured on something else (attributes a template expanded), and the
 * content range is not trusted.
 */
function plausibleTagWidths(el: WElement, dsr: readonly number[], source: string): boolean {
  if (el.dp?.stx !== "html") return true;
  const open = dsr[2]!;
  const close = dsr[3]!;
  return (open === 0 || source.charCodeAt(dsr[0]! + open - 1) === 0x3e) && (close === 0 || source.charCodeAt(dsr[1]! - close) === 0x3c);
}

/** `range` with the content range its dsr's tag widths give, when they are plausible. */
function withContentRange(range: SourceRange, el: WElement, dsr: readonly number[], source: string): SourceRange {
  if (dsr[2]! >= 0 && dsr[3]! >= 0 && dsr[0]! + dsr[2]! <= dsr[1]! - dsr[3]! && plausibleTagWidths(el, dsr, source)) {
    range.contentStart = dsr[0]! + dsr[2]!;
    range.contentEnd = dsr[1]! - dsr[3]!;
  }
  return range;
}

/** Ranges the selective serializer asks for one node at a time. */
export interface RangeLookup {
  get(node: WNode): SourceRange | undefined;
}

/**
 * Assigns the ranges of `parent`'s children. Needs only `parent`'s range (from its parent's turn)
 * and its children's dsr: levels can go in any order that visits a parent before its children.
 * True when text was left over past the parent's range end (see extendOverLeftoverText).
 */
function processElement(parent: WElement, body: WElement, source: string, ranges: Map<WNode, SourceRange>): boolean {
  if (parent !== body) extendOverLeadingText(parent, source, ranges);
  const own = ranges.get(parent);
  const overflow = assignChildren(parent, contentLowerBound(parent, own), own?.contentEnd, source, ranges) && parent !== body;
  // A paragraph also grows over the stray tags that end its line (see extendOverLeftoverText)
  // when its range already holds its text.
  return overflow || parent.name === "p";
}

/**
 * Where an element's children's source can start: its content start, or for a table, past the
 * content HTML5 fostered out of it (before it in the DOM, at the start of its content in the
 * source), so that no child's inferred range holds that content.
 */
function contentLowerBound(el: WElement, own: SourceRange | undefined): number | undefined {
  let lower = own?.contentStart;
  if (lower === undefined || el.name !== "table" || own === undefined) return lower;
  const siblings = el.parent?.children ?? [];
  for (let k = siblings.indexOf(el) - 1; k >= 0; k--) {
    const n = siblings[k]!;
    if (n.kind === "text" && n.value.trim() === "") continue;
    if (n.kind !== "element" || n.dp?.fostered !== true) break;
    const dsr = dsrOf(n);
    if (dsr !== null && dsr[1] > lower && dsr[1] <= own.end) lower = dsr[1];
  }
  return lower;
}

function bodyRange(source: string): SourceRange {
  return { start: 0, end: source.length, contentStart: 0, contentEnd: source.length };
}

/** Every node's range at once (tests and tools inspect them all). */
export function computeRanges(body: WElement, source: string): Map<WNode, SourceRange> {
  const ranges = new Map<WNode, SourceRange>();
  ranges.set(body, bodyRange(source));
  const overflowing: WElement[] = [];
  const stack: WElement[] = [body];
  while (stack.length > 0) {
    const parent = stack.pop()!;
    if (processElement(parent, body, source, ranges)) overflowing.push(parent);
    for (const c of parent.children) if (c.kind === "element") stack.push(c);
  }
  for (const el of overflowing) extendOverLeftoverText(el, source, ranges);
  return ranges;
}

/**
 * The same ranges, computed level by level on demand: selser asks only for the nodes along the
 * edited paths and their neighbours, so an unchanged subtree's inside is never looked at.
 */
export class LazySourceRanges implements RangeLookup {
  private readonly ranges = new Map<WNode, SourceRange>();
  /** Elements whose children's ranges are final (each child element finished). */
  private readonly levels = new Set<WElement>();

  constructor(
    private readonly body: WElement,
    private readonly source: string,
  ) {
    this.ranges.set(body, bodyRange(source));
    processElement(body, body, source, this.ranges);
  }

  get(node: WNode): SourceRange | undefined {
    if (node !== this.body) {
      const parent = node.parent;
      if (!parent || !this.ensureLevel(parent)) return undefined;
    }
    return this.ranges.get(node);
  }

  /** Finishes `el`'s child elements (after its unfinished ancestors); false outside the body. */
  private ensureLevel(el: WElement): boolean {
    if (this.levels.has(el)) return true;
    const chain: WElement[] = [];
    let at: WElement | null = el;
    while (at && !this.levels.has(at)) {
      chain.push(at);
      if (at === this.body) break;
      at = at.parent;
    }
    if (!at) return false;
    for (let i = chain.length - 1; i >= 0; i--) {
      const parent = chain[i]!;
      // A child's own range grows over text around it only once its children are known, and
      // its neighbours' gaps depend on that: each child element is finished with its parent.
      // (The full computation grows overflowing elements after all levels; reading only the
      // element's children, the growth comes out the same.)
      for (const child of parent.children) {
        if (child.kind === "element" && processElement(child, this.body, this.source, this.ranges)) extendOverLeftoverText(child, this.source, this.ranges);
      }
      this.levels.add(parent);
    }
    return true;
  }
}

/**
 * An element whose range starts at its first child element although text comes before that
 * child (a paragraph the p-wrapper reopened after a block): when the source right before the
 * range is exactly that text, the range starts earlier, over it. Otherwise the text would be
 * both in the gap before the element and written again as its content.
 */
function extendOverLeadingText(el: WElement, source: string, ranges: Map<WNode, SourceRange>): void {
  const range = ranges.get(el);
  if (!range || range.contentStart !== range.start) return;
  let text = "";
  let firstElement: WElement | null = null;
  for (const c of el.children) {
    if (c.kind === "element") {
      firstElement = c;
      break;
    }
    if (c.kind !== "text") return;
    text += c.value;
  }
  if (text.trim() === "" || !firstElement || firstElement.dp?.dsr?.[0] !== range.start) return;
  if (range.start < text.length || source.slice(range.start - text.length, range.start) !== text) return;
  // Only into the gap after the previous sibling: never over another node's source.
  const siblings = el.parent?.children ?? [];
  const prev = siblings[indexInParent(el) - 1];
  const prevEnd = prev && prev.kind === "element" ? prev.dp?.dsr?.[1] : undefined;
  if (typeof prevEnd === "number" && prevEnd > range.start - text.length) return;
  range.start -= text.length;
  range.contentStart = range.start;
}

/**
 * An element whose range ended before its last text (a parser's off-by-some range): when the
 * source right after the range is exactly that text, the range grows over it, and a whitespace
 * separator that was inferred to start at the old end starts after it instead.
 */
function extendOverLeftoverText(el: WElement, source: string, ranges: Map<WNode, SourceRange>): void {
  const range = ranges.get(el);
  if (!range) return;
  // A character reference's text is not in the source as such: "&lt;" before "<b>" would
  // otherwise grow over the "<" of the tag after it.
  if (/\bmw:(?:Entity|DisplaySpace)\b/.test(el.getAttribute("typeof") ?? "")) return;
  const leftover: WNode[] = [];
  for (let i = el.children.length - 1; i >= 0; i--) {
    const c = el.children[i]!;
    if (c.kind === "element" || ranges.has(c)) break;
    leftover.unshift(c);
  }
  if (leftover.some((n) => n.kind !== "text")) return;
  // With no text left over, only a paragraph's stray tags at its line end are left to take.
  if (el.name !== "p" && leftover.every((n) => (n as { value: string }).value === "")) return;
  const oldEnd = range.end;
  // Stray tags the parser dropped ("&amp;<td>x", "a</pre>\n") may stand before or inside the
  // text: each text node's range steps over them. On a paragraph's line, the ones after the
  // text are the paragraph's too.
  const textRanges: SourceRange[] = [];
  let pos = oldEnd;
  for (const n of leftover) {
    const start = textRanges.length === 0 ? skipStrayTags(source, pos) : pos;
    const end = matchOverStrayTags(source, start, (n as { value: string }).value);
    if (end < 0) return;
    textRanges.push({ start, end });
    pos = end;
  }
  let end = pos;
  if (el.name === "p") {
    const after = skipStrayTags(source, end);
    if (after > end && (after === source.length || source.charCodeAt(after) === 0x0a)) end = after;
  }
  if (end === oldEnd) return;
  const siblings = el.parent?.children ?? [];
  const next = siblings[indexInParent(el) + 1];
  const nextRange = next ? ranges.get(next) : undefined;
  // Never over the next element's source.
  if (next?.kind === "element" && nextRange && nextRange.start < end) return;
  leftover.forEach((n, k) => ranges.set(n, textRanges[k]!));
  // (Stray tags after the text stay outside the content: an edited paragraph still ends with them.)
  if (range.contentEnd === oldEnd) range.contentEnd = pos;
  pos = end;
  range.end = pos;
  if (next && nextRange && next.kind === "text" && nextRange.start === oldEnd) {
    if (nextRange.end >= pos && source.slice(pos, nextRange.end) === next.value) nextRange.start = pos;
    else ranges.delete(next);
  }
}

const STRAY_TAG = /<\/?[A-Za-z][^<>\n]*>/y;

/** Where `text` ends in the source read from `at`, stepping over stray tags inside it; -1 when it is not there. */
function matchOverStrayTags(source: string, at: number, text: string): number {
  let pos = at;
  let i = 0;
  while (i < text.length) {
    if (source.charCodeAt(pos) === text.charCodeAt(i)) {
      pos++;
      i++;
      continue;
    }
    const after = skipStrayTags(source, pos);
    if (after === pos) return -1;
    pos = after;
  }
  return pos;
}

const STRAY_TAGS = /<\/?[A-Za-z][^<>\n]*>/g;

/** `text` without the tags in it (what is left of a gap once its stray tags are set aside). */
export function withoutStrayTags(text: string): string {
  return text.includes("<") ? text.replace(STRAY_TAGS, "") : text;
}

/** Whether `text` is one or more tags and nothing else (the stray tags the parser dropped). */
export function isStrayTagRun(text: string): boolean {
  return text !== "" && skipStrayTags(text, 0) === text.length;
}

/** The offset after the tags (end tags or start tags the parser dropped) that start at `at`. */
function skipStrayTags(source: string, at: number): number {
  let pos = at;
  while (source.charCodeAt(pos) === 0x3c) {
    STRAY_TAG.lastIndex = pos;
    if (!STRAY_TAG.test(source)) break;
    pos = STRAY_TAG.lastIndex;
  }
  return pos;
}

/** Assigns the children's ranges; true when content was left over past the parent's range end. */
function assignChildren(parent: WElement, lower: number | undefined, upper: number | undefined, source: string, ranges: Map<WNode, SourceRange>): boolean {
  let overflow = false;
  const kids = parent.children;
  let cursor = lower;
  let i = 0;
  let prevAnchor: SourceRange | null = null;
  // The `about` of the transclusion whose first node was the last anchor.
  let groupAbout: string | null = null;
  while (i < kids.length) {
    const node = kids[i]!;
    // The rest of a transclusion's group (a span around its text) has no dsr, or the group's: the
    // range of the group's first node covers it, so it takes none, and the nodes after it start
    // at that end.
    if (node.kind === "element" && groupAbout !== null && cursor !== undefined && node.getAttribute("about") === groupAbout && (dsrOf(node)?.[1] ?? cursor) <= cursor) {
      ranges.set(node, { start: cursor, end: cursor });
      i++;
      continue;
    }
    groupAbout = null;
    // Content fostered out of the table after it: its range lies inside the table's, which
    // comes next in the source order; the cursor stays where the table starts.
    const fosteredFrom = fosteredInto(kids, i);
    if (fosteredFrom !== null) {
      const dsr = dsrOf(node as WElement)!;
      // (A holder paragraph whose range is the table's own has no content range: its start is the table's syntax.)
      const holder = dsr[0] === dsrOf(fosteredFrom)![0];
      ranges.set(node, holder ? { start: dsr[0], end: dsr[1] } : withContentRange({ start: dsr[0], end: dsr[1] }, node as WElement, dsr, source));
      i++;
      continue;
    }
    if (node.kind === "element") {
      const dsr = sourcelessDsr(node, upper) ?? dsrOf(node);
      const fits = dsr !== null && (cursor === undefined || dsr[0] >= cursor) && (upper === undefined || dsr[1] <= upper);
      if (dsr && fits && !(i + 1 < kids.length && nextStartsBefore(kids, i + 1, dsr[1]) && !coversItsGroup(node, kids, i + 1, dsr[1]))) {
        const range = withContentRange({ start: dsr[0], end: dsr[1] }, node, dsr, source);
        ranges.set(node, range);
        prevAnchor = range;
        cursor = dsr[1];
        groupAbout = node.getAttribute("about");
        i++;
        continue;
      }
    }
    // A run of nodes without a range of their own between two anchors.
    let j = i + 1;
    while (j < kids.length && !isAnchor(kids[j]!, upper) && fosteredInto(kids, j) === null) j++;
    let runEnd: number | undefined = upper;
    if (j < kids.length) {
      const anchor = fosteredInto(kids, j) ?? (kids[j] as WElement);
      const nextDsr = sourcelessDsr(anchor, upper) ?? dsrOf(anchor);
      runEnd = nextDsr && (cursor === undefined || nextDsr[0] >= cursor) && (upper === undefined || nextDsr[0] <= upper) ? nextDsr[0] : undefined;
    }
    const run = kids.slice(i, j);
    if (prevAnchor && cursor !== undefined && cursor === runEnd) cursor = giveBackTrailingWhitespace(prevAnchor, run, cursor, source);
    if (j === kids.length && cursor !== undefined && cursor === upper && run.some((n) => n.kind === "text" && n.value.trim() !== "")) overflow = true;
    assignRun(run, cursor, runEnd, source, ranges);
    cursor = runEnd;
    prevAnchor = null;
    i = j;
  }
  return overflow;
}

/**
 * An element whose range swallowed the newline that the DOM shows as the whitespace text after
 * it (list items do): the newline goes back to the text node so both have honest ranges.
 */
function giveBackTrailingWhitespace(prev: SourceRange, run: readonly WNode[], cursor: number, source: string): number {
  const only = run.length === 1 ? run[0]! : null;
  if (!only || only.kind !== "text" || !/^[ \t\n]+$/.test(only.value)) return cursor;
  const length = only.value.length;
  if (cursor - length < prev.start || source.slice(cursor - length, cursor) !== only.value) return cursor;
  prev.end -= length;
  if (prev.contentEnd !== undefined && prev.contentEnd > prev.end) prev.contentEnd = prev.end;
  return cursor - length;
}

function isAnchor(node: WNode, upper: number | undefined): boolean {
  if (node.kind !== "element") return false;
  if (sourcelessDsr(node, upper)) return true;
  const dsr = dsrOf(node);
  return dsr !== null && (upper === undefined || dsr[1] <= upper);
}

/**
 * An element the parser added that stands for no source (the references list Cite appends for
 * references no <references /> showed) lies at the end of its parent's content: the nodes before
 * it take the source up to there (a stray tag, trailing spaces), and it takes none.
 */
function sourcelessDsr(el: WElement, upper: number | undefined): [number, number, number, number] | null {
  return upper !== undefined && el.mw?.["autoGenerated"] === true && !el.dp?.dsr ? [upper, upper, 0, 0] : null;
}

/**
 * The table that `kids[i]` was fostered out of, when its range lies inside that table's: the
 * next sibling that is neither fostered nor whitespace. Null for any other node.
 */
function fosteredInto(kids: readonly WNode[], i: number): WElement | null {
  const node = kids[i]!;
  if (node.kind !== "element" || node.dp?.fostered !== true) return null;
  const dsr = dsrOf(node);
  if (!dsr) return null;
  let k = i + 1;
  for (; k < kids.length; k++) {
    const c = kids[k]!;
    if (!(c.kind === "element" ? c.dp?.fostered === true : c.kind === "text" && c.value.trim() === "")) break;
  }
  const table = kids[k];
  if (!table || table.kind !== "element" || table.name !== "table") return null;
  const tableDsr = dsrOf(table);
  return tableDsr !== null && tableDsr[0] <= dsr[0] && dsr[1] <= tableDsr[1] ? table : null;
}

/** An element whose successor claims to start before it ends has an untrustworthy range. */
function nextStartsBefore(kids: readonly WNode[], index: number, end: number): boolean {
  for (let k = index; k < kids.length; k++) {
    const n = kids[k]!;
    if (n.kind !== "element") continue;
    const dsr = dsrOf(n);
    return dsr !== null && dsr[0] < end;
  }
  return false;
}

/**
 * A transclusion's first node whose range is its whole group's: the siblings starting inside
 * it are its about-siblings (a table whose content was fostered before it: the fostered node
 * comes first and carries the group's range), so that range is trustworthy.
 */
function coversItsGroup(head: WElement, kids: readonly WNode[], index: number, end: number): boolean {
  const about = head.getAttribute("about");
  if (about === null || !(head.getAttribute("typeof") ?? "").includes("mw:Transclusion")) return false;
  for (let k = index; k < kids.length; k++) {
    const n = kids[k]!;
    if (n.kind !== "element") continue;
    const dsr = dsrOf(n);
    if (dsr === null || dsr[0] >= end) return true;
    if (n.getAttribute("about") !== about || dsr[1] > end) return false;
  }
  return true;
}

/**
 * Where the comment with `data` (as the DOM holds it) that starts at `at` ends in the source, or
 * -1. A comment left open (`<!--b` at the end of the page) runs to the end of the source: the
 * DOM's comment has no "-->" to find there.
 */
function commentEndAt(source: string, at: number, data: string): number {
  const opened = `<!--${decodeCommentData(data)}`;
  if (!source.startsWith(opened, at)) return -1;
  const end = at + opened.length;
  if (source.startsWith("-->", end)) return end + 3;
  return end === source.length ? end : -1;
}

/** Where the comment with `data` first starts in the source from `from` (closed, or left open at the end), or -1. */
function commentStartFrom(source: string, from: number, data: string): number {
  const opened = `<!--${decodeCommentData(data)}`;
  const closed = source.indexOf(`${opened}-->`, from);
  if (closed >= 0) return closed;
  const open = source.length - opened.length;
  return open >= from && source.endsWith(opened) ? open : -1;
}

/**
 * Nodes between known offsets: comments are found by their source text, the other nodes (text,
 * or an element whose own range is missing) take the gaps between them. Two such nodes in a row
 * cannot be told apart: they stay without a range.
 */
const LINE_WHITESPACE = /^[ \t\n]+$/;

/** The empty element HTML5 makes of a stray end tag (`</p>` with no paragraph open). */
function isStrayTagElement(n: WNode): n is WElement {
  return n.kind === "element" && n.children.length === 0 && n.dp?.autoInsertedStart === true;
}

/** HTML5's formatting elements: the ones its tree construction reopens after a break. */
const FORMATTING = new Set(["a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"]);

/** A copy of formatting HTML5 reopened (no source of its own), holding only such copies. */
function isReopenedFormatting(n: WNode): boolean {
  return n.kind === "element" && FORMATTING.has(n.name) && n.dp?.autoInsertedStart === true && !n.dp.dsr && n.children.every(isReopenedFormatting);
}

/**
 * An element that stands for no source: formatting left open at a line end that HTML5 reopened
 * in the next paragraph (`<s>` then a newline), or the paragraph that holds only such copies.
 */
function isReopenedOnly(n: WNode): boolean {
  if (isReopenedFormatting(n)) return true;
  return n.kind === "element" && n.name === "p" && n.dp?.autoInsertedStart === true && !n.dp.dsr && n.children.length > 0 && n.children.every(isReopenedFormatting);
}

function assignRun(run: WNode[], start: number | undefined, end: number | undefined, source: string, ranges: Map<WNode, SourceRange>): void {
  if (start === undefined || end === undefined || start > end) return;
  // Newlines that moved out of the element before them (a paragraph's line end) are the end of
  // the gap when the source has them there: the node before them takes the rest.
  const lastNode = run[run.length - 1];
  if (run.length >= 2 && lastNode!.kind === "text" && LINE_WHITESPACE.test(lastNode!.value)) {
    const width = lastNode!.value.length;
    if (end - width >= start && source.slice(end - width, end) === lastNode!.value) {
      ranges.set(lastNode!, { start: end - width, end });
      run = run.slice(0, -1);
      end -= width;
    }
  }
  // So does the empty element of a stray end tag at the end of the gap (" </p>" after a paragraph).
  while (run.length >= 2) {
    const last = run[run.length - 1]!;
    if (!isStrayTagElement(last)) break;
    const tag = `</${last.name}>`;
    if (end - tag.length < start || source.slice(end - tag.length, end).toLowerCase() !== tag) break;
    ranges.set(last, { start: end - tag.length, end });
    run = run.slice(0, -1);
    end -= tag.length;
  }
  let pos = start;
  for (let k = 0; k < run.length; k++) {
    const n = run[k]!;
    if (n.kind === "comment") {
      // Stray tags before it (`<td><!--x-->` outside a table) stay in the gap before its range.
      const commentStart = source.startsWith("<!--", pos) ? pos : skipStrayTags(source, pos);
      const commentEnd = commentEndAt(source, commentStart, n.value);
      if (commentEnd < 0) return;
      ranges.set(n, { start: commentStart, end: commentEnd });
      pos = commentEnd;
      continue;
    }
    // The empty element HTML5 makes of a stray end tag (`</p>` with no paragraph open) stands
    // for that tag.
    if (isStrayTagElement(n) && source.startsWith(`</${n.name}>`, pos)) {
      const tagEnd = pos + n.name.length + 3;
      if (tagEnd <= end) {
        ranges.set(n, { start: pos, end: tagEnd });
        pos = tagEnd;
        continue;
      }
    }
    if (isReopenedOnly(n)) {
      ranges.set(n, { start: pos, end: pos, contentStart: pos, contentEnd: pos });
      continue;
    }
    const following = run[k + 1];
    let nodeEnd: number;
    if (following === undefined) nodeEnd = end;
    else if (following.kind === "comment") {
      nodeEnd = commentStartFrom(source, pos, following.value);
      if (nodeEnd < 0 || nodeEnd > end) return;
    } else return;
    const slice = source.slice(pos, nodeEnd);
    if (n.kind === "text" && !plausibleTextSource(slice, n.value)) return;
    ranges.set(n, { start: pos, end: nodeEnd });
    pos = nodeEnd;
  }
}
