// Transclusion encapsulation (Parsoid's WrapTemplates): the nodes each top-level transclusion
// produced become one about-group. The first node carries `typeof`, `about` and data-mw, the
// others `about`; bare text is wrapped in a <span> so it can carry them; an expansion with no
// output gets an empty placeholder span. Runs after dsr, while ranges are still offsets in the
// preprocessed text, and returns the groups so their source dsr can be set once the ranges
// are mapped back to the page source.
import { plainSourceWidth } from "../../util/comment-data.js";
import { parseDataMwParts } from "../../util/json-key-order.js";
import { WElement, WText, detach, walkElements, type WNode } from "../node.js";
import { isTableWhitespace } from "../table-whitespace.js";
import { isDisplaySpace } from "../display-space.js";
import { fosterHolderRange, isFosteredNode, isMovedFosteredNewline } from "../../tree/fostering.js";
import { isTransientPlaceholder } from "../../tree/stripped-tags.js";
import { extendGroup, mergeGroups, planEncapsulation, type EncapsulationGroup, type NodeRange } from "../../preprocessor/encapsulation-plan.js";
import type { ExpansionMap } from "../../preprocessor/offset-map.js";
import type { Expansion, ParamInfo } from "../../preprocessor/types.js";

export interface EncapsulatedGroup {
  /** The node carrying typeof/data-mw. */
  first: WElement;
  srcStart: number;
  srcEnd: number;
}

/** The page source, the preprocessed text the DOM was built from, and the map between them. */
interface Texts {
  map: ExpansionMap;
  source: string;
  text: string;
}

interface PendingGroup {
  nodes: WElement[];
  /** data-parsoid `pi`: each transclusion part's parameter infos, by the part's index. */
  paramInfos: ParamInfo[][];
  typeOf: string;
  dataMwJson: string;
  srcStart: number;
  srcEnd: number;
}

/** Wikitext list items: closed by the next line, not by an end tag. */
const LIST_ITEMS = new Set(["li", "dd", "dt"]);

/**
 * Range of an element in the preprocessed text, or null when tree building gave it none. An
 * element closed implicitly (a list item ended by the next line) ends before the newlines that
 * separate it from what follows, as in Parsoid: they are not part of what a template produced.
 */
function elementRange(el: WElement, text: string): NodeRange | null {
  const dsr = el.dp?.dsr;
  if (el.dp?.fostered === true) {
    // A holder of fostered content knows its content's range (its dsr is empty, at the table).
    const held = fosterHolderRange(el);
    if (held) return { start: dsr ? Math.min(dsr[0], held[0]) : held[0], end: dsr ? Math.max(dsr[1], held[1]) : held[1] };
  }
  if (!dsr) return null;
  let end = dsr[1];
  if (dsr[3] === 0 && LIST_ITEMS.has(el.name)) {
    const min = dsr[0] + dsr[2];
    while (end > min && text.charCodeAt(end - 1) === 10) end--;
  }
  return { start: dsr[0], end };
}

/** The content range of an element whose range is `range`: inside its start and end tags. */
function contentRange(el: WElement, range: NodeRange): NodeRange {
  const dsr = el.dp?.dsr;
  if (!dsr) return range;
  const start = range.start + dsr[2];
  return { start, end: Math.max(start, range.end - dsr[3]) };
}

/**
 * Source width of a node without dsr when it is written plainly (no entities, no markup): text,
 * a comment, or a paragraph that paragraph wrapping made around such nodes (no tags of its own).
 */
function plainWidth(node: WNode): number {
  if (node.kind !== "element") return plainSourceWidth(node);
  const dp = node.dp;
  if (node.name !== "p" || !dp || dp.dsr || dp.autoInsertedStart !== true || dp.autoInsertedEnd !== true) return -1;
  let width = 0;
  for (const c of node.children) {
    if (c.kind === "element") return -1;
    width += plainWidth(c);
  }
  return width;
}

/**
 * Fostered children (tree building moved them out of the table they stand before) and their own
 * ranges, which lie inside that table's. Made when a level has one.
 */
interface FosteredRanges {
  own: Map<WElement, NodeRange> | null;
}

/**
 * The range of the table that the fostered content ending before `from` stands before: fostered
 * elements and the newlines (with comments) that moved out of a fostered paragraph
 * (tree/fostering.ts) may lie between. Null when no table follows them.
 */
function fosteredTableRange(children: readonly WNode[], from: number, text: string): NodeRange | null {
  let k = from;
  while (k < children.length && isFosteredNode(children[k]!)) k++;
  const table = children[k];
  if (!table || table.kind !== "element" || table.name !== "table") return null;
  return elementRange(table, text);
}

/**
 * A newline (or comment) that moved out of a fostered paragraph counts as the table's, like the
 * content it moved out of.
 */
function fosteredGapRange(children: readonly WNode[], i: number, text: string): NodeRange | null {
  return isMovedFosteredNewline(children[i]!) ? fosteredTableRange(children, i + 1, text) : null;
}

/**
 * The range a child counts with. Content fostered out of a table counts as the table's (Parsoid
 * wraps a table and the content fostered out of it as one unit: a transclusion that produced
 * either takes both), which also keeps the ranges in document order; its own range is kept
 * aside, to tell whether an expansion produced the fostered content itself.
 */
function unitRange(children: readonly WNode[], i: number, text: string, fostered: FosteredRanges): NodeRange | null {
  const el = children[i] as WElement;
  const range = elementRange(el, text);
  if (el.dp?.fostered !== true) return range;
  const tableRange = fosteredTableRange(children, i + 1, text);
  if (!tableRange) return range;
  if (range) (fostered.own ??= new Map()).set(el, range);
  else (fostered.own ??= new Map()).set(el, { start: tableRange.start, end: tableRange.start });
  return tableRange;
}

/**
 * Ranges of every child: elements from their dsr; text, comments and elements without dsr from
 * the gap between their known neighbours, which is where their source was. A run of such nodes
 * is laid out one after the other when their plain widths fill the gap exactly; otherwise each
 * gets the whole gap (over-claiming keeps template output inside its group).
 */
function childRanges(children: readonly WNode[], outer: NodeRange, text: string, fostered: FosteredRanges): NodeRange[] {
  const n = children.length;
  const ranges: NodeRange[] = new Array<NodeRange>(n);
  let i = 0;
  let prevEnd = outer.start;
  while (i < n) {
    const c = children[i]!;
    // An element that ended the previous run has its range already.
    const own = ranges[i] ?? (c.kind === "element" ? unitRange(children, i, text, fostered) : fosteredGapRange(children, i, text));
    if (own) {
      ranges[i] = own;
      prevEnd = Math.max(prevEnd, own.end);
      i++;
      continue;
    }
    let j = i;
    let width = 0;
    let nextStart = outer.end;
    for (; j < n; j++) {
      const cj = children[j]!;
      const known = cj.kind === "element" ? unitRange(children, j, text, fostered) : fosteredGapRange(children, j, text);
      if (known) {
        ranges[j] = known;
        nextStart = known.start;
        break;
      }
      const w = plainWidth(cj);
      width = w < 0 || width < 0 ? -1 : width + w;
    }
    const gapEnd = Math.max(prevEnd, nextStart);
    let at = prevEnd;
    for (let k = i; k < j; k++) {
      if (width === gapEnd - prevEnd) {
        const w = plainWidth(children[k]!);
        ranges[k] = { start: at, end: at + w };
        at += w;
      } else {
        ranges[k] = { start: prevEnd, end: gapEnd };
      }
    }
    prevEnd = gapEnd;
    i = j;
  }
  return ranges;
}

/** Edge `b` of the expansions: start of expansion b/2 when b is even, its end when odd. */
function edgeAt(expansions: readonly Expansion[], b: number): number {
  const e = expansions[b >> 1]!;
  return (b & 1) === 0 ? e.outStart : e.outEnd;
}

/**
 * Splits text children at expansion boundaries, so text from a template and text written on
 * the page become separate nodes. Text whose length matches its source range is split at every
 * edge; other text (entities, dropped characters, a link's trail joined after its `]]`) only at
 * edges up to which it reads as its source, its rest staying one node. Top-level
 * expansions are disjoint and in document order, so their edges (start, end, start, end...) are
 * already sorted, and one sweep along the children finds the edges inside each text. The lists
 * are copied only once something is split.
 */
function splitTexts(parent: WElement, ranges: NodeRange[], expansions: readonly Expansion[], text: string): NodeRange[] {
  const edges = expansions.length * 2;
  const children = parent.children;
  let outChildren: WNode[] | null = null;
  let outRanges: NodeRange[] | null = null;
  let b = 0;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const range = ranges[i]!;
    while (b < edges && edgeAt(expansions, b) <= range.start) b++;
    const exact = child.kind === "text" && child.value.length === range.end - range.start;
    if (child.kind !== "text" || b >= edges || edgeAt(expansions, b) >= range.end || (!exact && !readsAsSource(child.value, text, range.start, edgeAt(expansions, b)))) {
      if (outChildren) {
        outChildren.push(child);
        outRanges!.push(range);
      }
      continue;
    }
    if (!outChildren) {
      outChildren = children.slice(0, i);
      outRanges = ranges.slice(0, i);
    }
    let from = range.start;
    for (let k = b; k <= edges; k++) {
      let at = k < edges ? Math.min(edgeAt(expansions, k), range.end) : range.end;
      // (Past the last edge the text reads as its source up to, the rest is one piece.)
      if (!exact && at < range.end && !readsAsSource(child.value, text, range.start, at)) at = range.end;
      if (at <= from) continue;
      const piece = new WText(at >= range.end ? child.value.slice(from - range.start) : child.value.slice(from - range.start, at - range.start));
      piece.parent = parent;
      outChildren.push(piece);
      outRanges!.push({ start: from, end: at });
      from = at;
      if (at >= range.end) break;
    }
    child.parent = null;
  }
  if (outChildren) parent.children = outChildren;
  return outRanges ?? ranges;
}

/** Whether the expansion lies within the element's content (not in its start or end tag). */
/** Whether `value` starts with the text's source from `start` to `end`. */
function readsAsSource(value: string, text: string, start: number, end: number): boolean {
  return end - start <= value.length && value.startsWith(text.slice(start, end));
}

function overlapsContent(el: WElement, range: NodeRange, e: Expansion): boolean {
  const content = contentRange(el, range);
  return e.outStart >= content.start && e.outEnd <= content.end;
}

/**
 * A paragraph that p-wrapping made (no <p> written): when it holds nothing but one template's
 * output, Parsoid wraps the output inside it (<p><span typeof=...>text</span></p>).
 */
function isImplicitParagraph(el: WElement): boolean {
  const dsr = el.dp?.dsr;
  return el.name === "p" && (!dsr || dsr[2] === 0);
}

/** A paragraph the DOM pass made (a line holding a block tag gets none from the token pass). */
function isDomWrappedParagraph(el: WElement): boolean {
  const dp = el.dp;
  return dp?.autoInsertedStart === true && dp.autoInsertedEnd === true && (!dp.dsr || dp.dsr[2] === 0);
}

/**
 * Whether an expansion inside an implicit paragraph stays inside it (wrapped in the paragraph)
 * rather than taking the paragraph whole. Parsoid's markers decide: its token-level paragraph
 * wrapper keeps a transclusion's start and end markers in the paragraph, but treats a parameter's
 * (mw:Param) as any other sol-transparent token, so the paragraph opens after a parameter that
 * starts it and closes before one that ends it. A paragraph made by the DOM pass (a line with a
 * block tag: `{{1x|a</div>}}`) leaves a marker outside when no content precedes it, and so an end
 * marker whose start is not inside it.
 */
function staysInsideParagraph(el: WElement, range: NodeRange, e: Expansion): boolean {
  if (isDomWrappedParagraph(el)) return e.outStart > range.start;
  if (!e.typeof.startsWith("mw:Param")) return true;
  const content = contentRange(el, range);
  return e.outStart > content.start && e.outEnd < content.end;
}

const CELLS = new Set(["td", "th"]);

/** Whether a text child's range is exactly the expansion's output (split out of its text). */
function isOwnText(range: NodeRange, e: Expansion): boolean {
  return range.start === e.outStart && range.end === e.outEnd;
}

/**
 * Whether `at` follows a `[[` on its line that no `]]` closed: a pipe there is a link's, even
 * when the link fails (Parsoid's tokenizer reads {{!}} as the link's pipe, `[[{{!}}]]` is text).
 */
function inLinkBrackets(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const open = text.lastIndexOf("[[", at - 1);
  return open >= lineStart && text.lastIndexOf("]]", at - 1) < open;
}

/** An expansion's target at a level: not wrapped at all (a {{!}} that became syntax). */
const DROPPED = -2;

/**
 * `{{!}}`: a pipe of the syntax around it, or a transclusion where its pipe stays text (wt2html
 * hands these calls over along with the transclusions).
 */
export function isPipeCall(e: Expansion): boolean {
  return e.partKind === "template" && e.target.href === undefined && e.target.function === "!";
}

/**
 * Template output starting with `|` or `!` on a wikitext cell's first line would start a cell of
 * its own where templates are tokenized separately (Parsoid); its table fixups then merge it back
 * into the cell it follows, so the whole cell is the template's (`| a {{1x|{{!}}b}}`). Only output
 * after some content of the cell merges: right after the cell's marker there is no cell before.
 */
function startsCellOnItsLine(el: WElement, range: NodeRange, e: Expansion, text: string): boolean {
  if (!CELLS.has(el.name) || el.dp?.stx === "html") return false;
  const c = text.charCodeAt(e.outStart);
  if (c !== 0x7c && c !== 0x21) return false;
  // Merging needs a cell before it: right after the cell's own marker there is none.
  const before = text.slice(contentRange(el, range).start, e.outStart);
  return before.trim() !== "" && !before.includes("\n");
}

/**
 * Whether the expansion lies in a cell's attribute-position text that a link kept as content
 * (`|class={{Foo}} |` with Foo giving `[[Foo]]`), inside an element another expansion wraps
 * whole. Parsoid reparses that text from attributes into content and does not wrap the template
 * on its own: its source stays literal in the enclosing group. The element's ranges are
 * gathered once.
 */
function inAttributeTextKeptAsContent(el: WElement, e: Expansion, cache: Map<WElement, Array<[number, number]>>): boolean {
  let ranges = cache.get(el);
  if (!ranges) {
    const found: Array<[number, number]> = [];
    walkElements(el, (c) => {
      const r = c.aux?.attrsAsContent;
      if (r) found.push(r);
    });
    cache.set(el, (ranges = found));
  }
  for (const [start, end] of ranges) if (e.outStart >= start && e.outEnd <= end) return true;
  return false;
}

/**
 * `|{{1x|class="foo"}}{{1x|{{!}}foo}}`: a cell whose attribute text came from one template and
 * whose attribute separator is the first character of another's output. Parsoid tokenizes the
 * second as a cell of its own and merges it into the first, whose templated content cannot be
 * reparsed as attributes: the merged cell has none, and the first template stays literal source
 * in the group. Drops those attributes and returns the expansions without the lost ones.
 */
function withoutAttributesLostInMerge(children: readonly WNode[], ranges: readonly NodeRange[], expansions: readonly Expansion[]): readonly Expansion[] {
  let lost: Set<Expansion> | null = null;
  let i = 0;
  for (const b of expansions) {
    while (i < children.length && ranges[i]!.end <= b.outStart) i++;
    const cell = children[i];
    if (!cell || cell.kind !== "element" || !CELLS.has(cell.name) || typeof cell.dp?.attrSepSrc !== "string") continue;
    const dsr = cell.dp.dsr;
    if (!dsr || b.outStart !== dsr[0] + dsr[2] - 1) continue;
    const attrsFrom = ranges[i]!.start + 1;
    const inAttrs = expansions.filter((a) => a !== b && a.outStart >= attrsFrom && a.outEnd <= b.outStart && a.outEnd > a.outStart);
    if (inAttrs.length === 0) continue;
    lost ??= new Set();
    for (const a of inAttrs) lost.add(a);
    cell.attrs = [];
  }
  return lost ? expansions.filter((e) => !lost.has(e)) : expansions;
}

function isWhitespaceText(node: WNode): boolean {
  return node.kind === "text" && /^[ \t\n]*$/.test(node.value);
}

/**
 * A category or language link, or a behaviour switch's meta; not the TOC marker (it marks a
 * place) nor an extension's meta (the extension carries the transclusion itself).
 */
function isPageProperty(el: WElement): boolean {
  if (el.getAttribute("typeof") !== null) return false;
  if (el.name === "link") return (el.getAttribute("rel") ?? "").startsWith("mw:PageProp/");
  if (el.name !== "meta") return false;
  const property = el.getAttribute("property") ?? "";
  return property.startsWith("mw:PageProp/") && property !== "mw:PageProp/toc";
}

function isNewlinesOnly(value: string): boolean {
  for (let k = 0; k < value.length; k++) if (value.charCodeAt(k) !== 10) return false;
  return true;
}

/** Output that renders nothing but page properties (categories, magic-word metas). */
function onlyPageProperties(nodes: readonly WNode[]): boolean {
  // Output that starts with spaces (the indentation of a line that makes no pre) keeps them, in
  // the transclusion's first span, and its properties after it: only newlines go.
  const first = nodes[0];
  if (first !== undefined && first.kind === "text" && !isNewlinesOnly(first.value)) return false;
  let found = false;
  for (const n of nodes) {
    if (n.kind === "element" && isPageProperty(n)) found = true;
    else if (!isWhitespaceText(n)) return false;
  }
  return found;
}

/**
 * Page properties a template wrote go into one empty-looking span that carries the
 * transclusion (Parsoid's mw-empty-elt wrapper); the whitespace between them goes.
 */
function wrapPageProperties(nodes: readonly WNode[]): WElement {
  const span = new WElement("span", [{ name: "class", value: "mw-empty-elt" }]);
  span.dp = {};
  nodes[0]!.parent!.insertBefore(span, nodes[0]!);
  for (const n of nodes) {
    if (n.kind === "element") span.appendChild(n);
    else detach(n);
  }
  return span;
}

/**
 * The element standing for a transclusion whose output inside a table is only the whitespace
 * HTML allows there (the rest became syntax around it: `=<table>{{=}}` is a heading): a span in
 * the table would be fostered out by any HTML5 parser reading the output, so it stands where that
 * parser would put it, empty, before the table, and the whitespace stays in place.
 */
function fosteredPlaceholder(parent: WElement): WElement {
  let table: WElement = parent;
  while (table.name !== "table" && table.parent) table = table.parent;
  const span = new WElement("span");
  span.dp = { fostered: true };
  table.parent!.insertBefore(span, table);
  return span;
}

/**
 * A newline that moved out of a fostered paragraph and lies in a transclusion's group goes back
 * into its table, as the table's whitespace: Parsoid's template markers end a run of fostered
 * text, so the whitespace after the output (or before a template) was never fostered there.
 */
function returnToTable(node: WNode): void {
  const kids = node.parent?.children;
  if (!kids) return;
  let k = kids.indexOf(node) + 1;
  while (k < kids.length && isFosteredNode(kids[k]!) && kids[k]!.kind !== "element") k++;
  const table = kids[k];
  if (!table || table.kind !== "element" || table.name !== "table") return;
  detach(node);
  table.insertBefore(node, table.children[0] ?? null);
}

/** A node the group can put attributes on: elements as they are, text/comments in a span. */
function asElement(node: WNode): WElement {
  if (node.kind === "element") return node;
  const span = new WElement("span");
  span.dp = {};
  const parent = node.parent!;
  parent.insertBefore(span, node);
  span.appendChild(node);
  return span;
}

/**
 * The group's nodes as elements. French spacing's no-break space spans count as the text they
 * stand in: Parsoid marks them after encapsulation, inside the span that wraps the template's
 * text (`{{1x|a : b}}` is one span holding `a`, the space's span and `: b`), so a run of text and
 * such spans goes into one span.
 */
function groupElements(nodes: readonly WNode[]): WElement[] {
  const out: WElement[] = [];
  let i = 0;
  while (i < nodes.length) {
    const node = nodes[i]!;
    let j = i;
    let spaces = 0;
    while (j < nodes.length && (nodes[j]!.kind === "text" || isDisplaySpace(nodes[j]!))) {
      if (nodes[j]!.kind !== "text") spaces++;
      j++;
    }
    // Contiguous siblings only (the group's nodes are), and only when a space's span is among them.
    if (spaces === 0 || j - i < 2) {
      out.push(asElement(node));
      i++;
      continue;
    }
    const span = new WElement("span");
    span.dp = {};
    node.parent!.insertBefore(span, node);
    for (let k = i; k < j; k++) span.appendChild(nodes[k]!);
    out.push(span);
    i = j;
  }
  return out;
}

/** Nodes a paragraph does not need (Parsoid's pWrapOptional): whitespace, comments, metadata. */
function isParagraphOptional(node: WNode): boolean {
  if (node.kind === "comment") return true;
  if (node.kind === "text") return isWhitespaceText(node);
  return node.name === "meta" || node.name === "link";
}

/**
 * Parsoid's paragraph wrapping leaves out of a paragraph the nodes that end it and need none
 * (whitespace, comments, metadata) when a transclusion starts among them: otherwise the
 * transclusion would take the whole paragraph (`b{{1x|\n<div>c</div>}}` keeps <p>b</p> out of
 * the template's group). Here the paragraph wrapping is done, so such a tail of an implicit
 * paragraph, from where an expansion that goes on after the paragraph starts, moves out after
 * it. Returns whether anything moved.
 */
function releaseTrailingOptional(parent: WElement, ranges: readonly NodeRange[], expansions: readonly Expansion[], text: string): boolean {
  const children = parent.children;
  let i = 0;
  for (const e of expansions) {
    while (i < children.length && ranges[i]!.end <= e.outStart) i++;
    const p = children[i];
    const r = ranges[i];
    if (!p || !r || p.kind !== "element" || !isImplicitParagraph(p) || r.start >= e.outStart || e.outEnd <= r.end) continue;
    // The paragraph's children from the expansion's start must all be optional.
    const inner = childRanges(p.children, contentRange(p, r), text, { own: null });
    let k = 0;
    while (k < p.children.length && inner[k]!.end <= e.outStart) k++;
    if (k >= p.children.length) continue;
    const first = p.children[k]!;
    const firstRange = inner[k]!;
    // Something of the paragraph's own stays in it.
    if (k === 0 && (first.kind !== "text" || firstRange.start >= e.outStart)) continue;
    // A text the expansion starts inside of: only its part from there counts.
    const tailOfFirst = first.kind === "text" && firstRange.start < e.outStart ? (first.value.length === firstRange.end - firstRange.start ? first.value.slice(e.outStart - firstRange.start) : null) : null;
    if (first.kind === "text" && firstRange.start < e.outStart && (tailOfFirst === null || !/^[ \t\n]*$/.test(tailOfFirst))) continue;
    let optional = true;
    for (let j = k + (tailOfFirst === null ? 0 : 1); j < p.children.length && optional; j++) optional = isParagraphOptional(p.children[j]!);
    if (!optional || (tailOfFirst === null && !isParagraphOptional(first))) continue;
    const tail = p.children.splice(k + (tailOfFirst === null ? 0 : 1));
    if (tailOfFirst !== null && first.kind === "text") {
      first.value = first.value.slice(0, e.outStart - firstRange.start);
      if (tailOfFirst !== "") tail.unshift(new WText(tailOfFirst));
    }
    const at = children.indexOf(p) + 1;
    for (const n of tail) n.parent = parent;
    children.splice(at, 0, ...tail);
    // The paragraph now ends where the expansion starts (one made around bare text had no range).
    const dsr = p.dp?.dsr;
    if (dsr) {
      if (dsr[1] > e.outStart) dsr[1] = e.outStart;
    } else {
      (p.dp ??= {}).dsr = [r.start, e.outStart, 0, 0];
    }
    return true;
  }
  return false;
}

/**
 * `{|…` (no end) then `{|{{T}}…`: a table start whose attributes a template wrote closes the
 * table still open before it. Parsoid's marker for the template's start comes before that start
 * tag, inside the open table, so its range begins at that table and overlaps the range of the
 * template that made it (Templates with intersecting and overlapping ranges): the two groups
 * become one transclusion. Merges, in `plan`, each group that starts at such a table (or the
 * content fostered out of it) with the group ending at the table it closed.
 */
function joinTablesClosedByTemplatedTables(plan: EncapsulationGroup[], children: readonly WNode[], source: string): void {
  for (let k = plan.length - 1; k > 0; k--) {
    const g = plan[k]!;
    const prev = plan[k - 1]!;
    if (g.first < 0 || prev.last < 0 || prev.last >= g.first) continue;
    // The group's table: its first node, or the table its fostered first nodes stand before.
    let t = g.first;
    for (let c = children[t]; t < g.last && c && c.kind === "element" && c.dp?.fostered === true && c.name !== "table"; c = children[++t]);
    const table = children[t];
    const closed = children[prev.last];
    if (!table || table.kind !== "element" || table.name !== "table" || !closed || closed.kind !== "element" || closed.name !== "table") continue;
    const dsr = table.dp?.dsr;
    const closedDsr = closed.dp?.dsr;
    if (!dsr || !closedDsr || closedDsr[3] !== 0 || closedDsr[1] !== dsr[0]) continue;
    // Nothing but whitespace between the two groups.
    let between = true;
    for (let i = prev.last + 1; i < g.first && between; i++) between = isWhitespaceText(children[i]!);
    if (!between) continue;
    // A template of this group wrote the table's attributes (it starts inside the start tag).
    if (!g.expansions.some((e) => e.outStart > dsr[0] && e.outStart < dsr[0] + dsr[2])) continue;
    plan.splice(k - 1, 2, mergeGroups(prev, g, source));
  }
}

/**
 * Removes the line break MediaWiki puts before block syntax a template wrote mid-line (T2529:
 * `foo {{table}}`, `*a{{list}}`): in Parsoid's tree it leaves no text between the paragraph or
 * item before and the template's block. Found as the end of a text child that ends where such an
 * expansion starts. Returns the ranges, updated when a child went.
 */
function dropBlockNewlines(parent: WElement, ranges: NodeRange[], expansions: readonly Expansion[]): NodeRange[] {
  let i = 0;
  for (const e of expansions) {
    if (e.blockNewline === true) {
      ranges = dropNewlineEndingAt(parent, ranges, i, e.outStart);
      i = firstRangeReaching(ranges, i, e.outStart);
    }
    // Those put inside the output, before a nested call's block syntax, leave no text either
    // (Parsoid expands the nested call on its own: `;a: {{list}}` in a template).
    for (const at of e.innerBlockNewlines ?? NO_NEWLINES) {
      ranges = dropNewlineEndingAt(parent, ranges, i, at + 1);
      i = firstRangeReaching(ranges, i, at + 1);
    }
  }
  return ranges;
}

const NO_NEWLINES: readonly number[] = [];

/** The first index from `i` whose range ends at or after `at`. */
function firstRangeReaching(ranges: readonly NodeRange[], i: number, at: number): number {
  while (i < ranges.length && ranges[i]!.end < at) i++;
  return i;
}

/**
 * Drops the line break that a text child (the first from `i` reaching `end`) ends with, when
 * that child ends exactly at `end` and reads as its source. Returns the ranges, updated when a
 * child went.
 */
function dropNewlineEndingAt(parent: WElement, ranges: NodeRange[], from: number, end: number): NodeRange[] {
  const i = firstRangeReaching(ranges, from, end);
  const child = parent.children[i];
  const range = ranges[i];
  if (!child || !range || child.kind !== "text" || range.end !== end || child.value.length !== range.end - range.start || !child.value.endsWith("\n")) return ranges;
  if (child.value.length > 1) {
    child.value = child.value.slice(0, -1);
    ranges[i] = { start: range.start, end: range.end - 1 };
    return ranges;
  }
  detach(child);
  return ranges.slice(0, i).concat(ranges.slice(i + 1));
}

/**
 * `{{cell}} ||a||b` on a row's line, the template writing the line's first cell: Parsoid's
 * tokenizer sees no cells in the page's ` ||a||b` after a template at the line start; its token
 * stream patcher reparses that text as cells, which carry no source range of their own, so the
 * transclusion takes every cell of the line. Extends, in `plan`, each group that starts a table
 * line with a cell over the cells the page writes after it on that line.
 */
function takeCellsOfTemplatedLine(plan: EncapsulationGroup[], children: readonly WNode[], ranges: readonly NodeRange[], pages: Texts): void {
  const { text } = pages;
  for (let k = 0; k < plan.length; k++) {
    const g = plan[k]!;
    if (g.first < 0) continue;
    const first = children[g.first]!;
    if (first.kind !== "element" || !CELLS.has(first.name) || first.dp?.stx === "html") continue;
    const start = g.expansions[0]!.outStart;
    const c = text.charCodeAt(start);
    if ((start > 0 && text.charCodeAt(start - 1) !== 10) || (c !== 0x7c && c !== 0x21)) continue;
    const end = g.expansions[g.expansions.length - 1]!.outEnd;
    let lineEnd = text.indexOf("\n", end);
    if (lineEnd < 0) lineEnd = text.length;
    const stop = plan[k + 1]?.first ?? -1;
    let last = g.last;
    for (let i = g.last + 1; i < children.length && i !== stop; i++) {
      const cell = children[i]!;
      if (cell.kind !== "element" || !CELLS.has(cell.name) || ranges[i]!.start >= lineEnd) break;
      last = i;
    }
    if (last > g.last) plan[k] = extendGroup(g, last, ranges, pages.source, pages.map);
  }
}

function encapsulateLevel(parent: WElement, outer: NodeRange, expansions: readonly Expansion[], pages: Texts, out: PendingGroup[]): void {
  const { map, source } = pages;
  let fostered: FosteredRanges = { own: null };
  let ranges = splitTexts(parent, childRanges(parent.children, outer, pages.text, fostered), expansions, pages.text);
  if (expansions.some((e) => e.blockNewline === true || e.innerBlockNewlines !== undefined)) ranges = dropBlockNewlines(parent, ranges, expansions);
  while (releaseTrailingOptional(parent, ranges, expansions, pages.text)) {
    // Children moved out of a paragraph: their ranges are taken again (one paragraph at a time).
    fostered = { own: null };
    ranges = childRanges(parent.children, outer, pages.text, fostered);
  }
  const fosteredOwn = fostered.own;
  const children = parent.children;
  // An expansion lying inside one element that also holds page text is wrapped further down;
  // one that produced the element's start (a list from a template) wraps the whole element.
  const target: number[] = [];
  // Expansions and children are both in document order: a pointer skips the children that end
  // before the current expansion.
  let lo = 0;
  for (const e of expansions) {
    let only = -1;
    let count = 0;
    if (e.outEnd > e.outStart) {
      while (lo < children.length && ranges[lo]!.end <= e.outStart && ranges[lo]!.start < e.outStart) lo++;
      for (let i = lo; i < children.length; i++) {
        const r = ranges[i]!;
        if (r.start >= e.outEnd) break;
        if (r.end > e.outStart) {
          // Content fostered out of a table the expansion lies in counts only when the expansion
          // produced some of it (then the two are wrapped together, not the expansion inside).
          const own = fosteredOwn?.get(children[i] as WElement);
          if (own && (own.start >= e.outEnd || own.end <= e.outStart)) continue;
          only = i;
          count++;
        }
      }
    }
    // A template that rendered nothing stands where its source was: inside the element whose
    // content holds that point ("*{{NAMESPACE}}" in its list item), not after the whole level.
    if (e.outEnd === e.outStart) {
      target.push(emptyExpansionTarget(children, ranges, e.outStart));
      continue;
    }
    const child = only >= 0 ? children[only] : undefined;
    // An expansion in the element's own tags (templated attributes) cannot be wrapped inside it:
    // the whole element joins the group instead.
    const into = count === 1 && child?.kind === "element" && child.children.length > 0 && overlapsContent(child, ranges[only]!, e);
    const pipe = isPipeCall(e);
    const descends =
      into &&
      (isImplicitParagraph(child) ? staysInsideParagraph(child, ranges[only]!, e) : e.outStart > ranges[only]!.start) &&
      (pipe || !startsCellOnItsLine(child, ranges[only]!, e, pages.text));
    // A {{!}} is wrapped only where its pipe is text of its own; elsewhere it became syntax.
    const syntax = pipe && !descends && (count !== 1 || child?.kind !== "text" || !isOwnText(ranges[only]!, e) || inLinkBrackets(pages.text, e.outStart));
    target.push(descends ? only : syntax ? DROPPED : -1);
  }
  // A child that an expansion at this level wraps as a whole takes along the expansions inside
  // it: they become parts of one multi-part transclusion.
  // Only needed when some expansion descends (most levels: none), so made on first need.
  let claimed: Set<number> | null = null;
  if (target.some((index) => index >= 0)) {
    claimed = new Set<number>();
    lo = 0;
    for (let k = 0; k < expansions.length; k++) {
      const e = expansions[k]!;
      if (target[k]! >= 0 || target[k] === DROPPED || e.outEnd <= e.outStart) continue;
      while (lo < children.length && ranges[lo]!.end <= e.outStart && ranges[lo]!.start < e.outStart) lo++;
      for (let i = lo; i < children.length; i++) {
        const r = ranges[i]!;
        if (r.start >= e.outEnd) break;
        if (r.end > e.outStart) claimed.add(i);
      }
    }
  }
  // (Made on first need: most levels send nothing further down.)
  let descend: Map<number, Expansion[]> | null = null;
  const here: Expansion[] = [];
  let attrTextRanges: Map<WElement, Array<[number, number]>> | null = null;
  for (let k = 0; k < expansions.length; k++) {
    const e = expansions[k]!;
    const index = target[k]!;
    if (index === DROPPED) continue;
    if (index < 0) {
      here.push(e);
      continue;
    }
    if (claimed!.has(index)) {
      // A {{!}} inside what another transclusion takes whole is that group's literal source.
      if (isPipeCall(e)) continue;
      attrTextRanges ??= new Map();
      if (!inAttributeTextKeptAsContent(children[index] as WElement, e, attrTextRanges)) here.push(e);
      continue;
    }
    descend ??= new Map();
    const list = descend.get(index);
    if (list) list.push(e);
    else descend.set(index, [e]);
  }
  const planned = here.length > 1 ? withoutAttributesLostInMerge(children, ranges, here) : here;
  // Planned before descending: wrapping further down does not change this level's children.
  // The page's map: expansions planned elsewhere (or not wrapped) shift this level's offsets too.
  const plan = planned.length > 0 ? planEncapsulation(ranges, planned, source, map) : [];
  if (plan.length > 1) joinTablesClosedByTemplatedTables(plan, children, source);
  if (parent.name === "tr") takeCellsOfTemplatedLine(plan, children, ranges, pages);
  const targets = plan.map((g) => (g.first >= 0 ? children.slice(g.first, g.last + 1) : children[g.insertAt] ?? null));
  if (descend) {
    for (const [index, list] of descend) {
      const child = children[index] as WElement;
      encapsulateLevel(child, contentRange(child, ranges[index]!), list, pages, out);
    }
  }
  plan.forEach((g, k) => {
    let target = targets[k];
    // Stripped tags' placeholders leave the output after encapsulation: none carries a group
    // (a group of nothing else stands as an empty span where they were).
    if (Array.isArray(target) && target.some(isTransientPlaceholder)) {
      const kept = target.filter((n) => !isTransientPlaceholder(n));
      target = kept.length > 0 ? kept : target[0]!;
    }
    let nodes: WElement[];
    if (Array.isArray(target) && onlyPageProperties(target)) {
      nodes = [wrapPageProperties(target)];
    } else if (Array.isArray(target)) {
      for (const n of target) if (isMovedFosteredNewline(n)) returnToTable(n);
      const wrappable = target.filter((n) => !isTableWhitespace(n) && !isMovedFosteredNewline(n));
      nodes = wrappable.length > 0 ? groupElements(wrappable) : [fosteredPlaceholder(parent)];
    } else {
      const placeholder = new WElement("span");
      placeholder.dp = {};
      parent.insertBefore(placeholder, target ?? null);
      nodes = [placeholder];
    }
    out.push({
      nodes,
      paramInfos: g.expansions.map((e) => e.paramInfos),
      typeOf: g.typeof,
      dataMwJson: g.dataMwJson,
      srcStart: g.srcStart,
      srcEnd: g.srcEnd,
    });
  });
}

/**
 * The index of the element child whose content holds `at` strictly inside its range, or -1. At
 * an element's end the placeholder follows it, as Parsoid places one after a paragraph (its
 * paragraph closes before the template's markers), unless the element has no end syntax and is
 * not a paragraph: a list item (or its list, or a cell) that ends at the line's end takes the
 * markers of a template that ends the line (`*{{NAMESPACE}}`: Parsoid's item closes at the
 * newline after them).
 */
function emptyExpansionTarget(children: readonly WNode[], ranges: readonly NodeRange[], at: number): number {
  for (let i = 0; i < children.length; i++) {
    const r = ranges[i]!;
    if (r.start >= at) return -1;
    if (r.end < at) continue;
    const child = children[i]!;
    if (r.end === at && (child.kind !== "element" || child.name === "p" || contentRange(child, r).end !== at)) continue;
    if (child.kind !== "element") return -1;
    const content = contentRange(child, r);
    return content.start <= at && at <= content.end ? i : -1;
  }
  return -1;
}

/**
 * The transclusion's type joins the node's own as Parsoid orders them: after an extension's
 * (the extension is what the node is), before the others (an entity, expanded attributes, a
 * file: what the template's output happens to be).
 */
function joinTypeOf(existing: string, transclusion: string): string {
  return existing.startsWith("mw:Extension/") || existing.startsWith("mw:Nowiki") ? `${existing} ${transclusion}` : `${transclusion} ${existing}`;
}

function moveToEnd(el: WElement, name: string): void {
  const value = el.getAttribute(name);
  if (value === null) return;
  el.removeAttribute(name);
  el.setAttribute(name, value);
}

/**
 * Marks the transclusions' nodes; `about` ids follow source order, like Parsoid's, from
 * `#mwt{firstAbout}` (the ids before it went to the document's other parts: extension bodies).
 */
export function encapsulateTransclusions(
  body: WElement,
  expansions: readonly Expansion[],
  map: ExpansionMap,
  source: string,
  text: string,
  firstAbout = 1,
): EncapsulatedGroup[] {
  if (expansions.length === 0) return [];
  const pending: PendingGroup[] = [];
  encapsulateLevel(body, { start: 0, end: text.length }, expansions, { map, source, text }, pending);
  pending.sort((a, b) => a.srcStart - b.srcStart);
  return pending.map((g, i) => {
    const about = `#mwt${firstAbout + i}`;
    const first = g.nodes[0]!;
    for (const node of g.nodes) node.setAttribute("about", about);
    // html2wt rebuilds each call's parameter spacing and order from these.
    const dp = first.dp ?? (first.dp = {});
    dp["pi"] = g.paramInfos;
    const existing = first.getAttribute("typeof");
    first.setAttribute("typeof", existing ? joinTypeOf(existing, g.typeOf) : g.typeOf);
    // A link's classes (external, interwiki, red link) come after the transclusion's attributes,
    // as Parsoid adds them after encapsulating (seen in HTML kept in data-mw, where order shows).
    if (first.name === "a" && existing === null) moveToEnd(first, "class");
    if (first.mw) {
      // Already has data-mw (an extension's): the parts join it.
      // (Parsed keeping the parameters' written order, which JSON.parse loses for numbered names.)
      first.mw = { ...first.mw, ...parseDataMwParts(g.dataMwJson) };
    } else {
      // Kept as the attribute text: parsing would move numeric parameter names first.
      first.setAttribute("data-mw", g.dataMwJson);
    }
    return { first, srcStart: g.srcStart, srcEnd: g.srcEnd };
  });
}
