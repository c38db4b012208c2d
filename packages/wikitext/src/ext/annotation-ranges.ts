// Annotation ranges in the DOM (Parsoid's annotation range builder). An annotation's start and
// end metas mark a range of the document; tree building and paragraph wrapping can leave them
// at different depths (start in one paragraph, end in the next, or end inside an <i>). Each
// range is brought to one level: its metas move out to the common ancestor's children that
// enclose them. A meta that only left a paragraph it opened or closed does not count as moved;
// any other move "extends" the range, which is then wrapped in a `mw:ExtendedAnnRange` span
// (div when it holds blocks) so editors treat it as a unit. A range nested in another range of
// the same type, at the top level, is dropped (its metas go); overlapping ranges of a type merge.
// Metas that tree building fostered out of a table (parse data `fostered`, on the meta or the
// fostered element holding it) first move as Parsoid's MarkFosteredContent moves them: a start
// before the table's first fostered node, an end right after the table; either extends its range.
import { WElement, WText, detach, holdsRemexBlock, type WNode } from "../dom/node.js";
import { parseDataMwParts } from "../util/json-key-order.js";
import { isFosteredNode } from "../tree/fostering.js";

export interface AnnotationRange {
  /** The annotation type (tag name). */
  type: string;
  startMeta: WElement;
  endMeta: WElement;
  /** First and last node of the range among the same parent's children. */
  start: WElement;
  end: WElement;
  /** Source offset of the start tag: the order of ranges. */
  startOffset: number;
  /** The end came before the start among siblings (fostering). */
  flipped: boolean;
  startMoved: boolean;
  endMoved: boolean;
  mergedOverlap: boolean;
}

function nextSibling(node: WNode): WNode | null {
  const parent = node.parent;
  if (!parent) return null;
  const kids = parent.children;
  return kids[kids.indexOf(node) + 1] ?? null;
}

/** Whether `b` is `a` or one of its following siblings. */
function inSiblingOrder(a: WNode, b: WNode): boolean {
  if (a.parent !== b.parent || !a.parent) return a === b;
  const kids = a.parent.children;
  return kids.indexOf(a) <= kids.indexOf(b);
}

/** The children of the closest common ancestor of the two metas that hold them. */
function enclosing(startMeta: WElement, endNode: WElement): { start: WElement; end: WElement } {
  const ancestors: WElement[] = [];
  for (let n: WElement | null = startMeta; n; n = n.parent) ancestors.push(n);
  let elem = endNode;
  let parent = elem.parent;
  while (parent) {
    const i = ancestors.indexOf(parent);
    if (i > 0) return { start: ancestors[i - 1]!, end: elem };
    elem = parent;
    parent = elem.parent;
  }
  return { start: startMeta, end: endNode };
}

function startOf(el: WElement): number {
  return el.dp?.dsr?.[0] ?? el.dp?.tsr?.[0] ?? -1;
}

/** `node`, or the first of the fostered elements right before it when it is a table. */
function startConsideringFostered(node: WElement): WElement {
  if (node.name !== "table" || !node.parent) return node;
  const kids = node.parent.children;
  let i = kids.indexOf(node);
  let first = i;
  // (The mark is on the top fostered node; newlines that moved out of a fostered paragraph
  // stand among them.)
  while (i > 0 && isFosteredNode(kids[i - 1]!)) {
    i--;
    if (kids[i]!.kind === "element") first = i;
  }
  return kids[first] as WElement;
}

function newRange(type: string, startMeta: WElement, endMeta: WElement): AnnotationRange {
  const enclosed = enclosing(startMeta, endMeta);
  const start = startConsideringFostered(enclosed.start);
  const end = enclosed.end;
  return {
    type, startMeta, endMeta, start, end,
    startOffset: startOf(startMeta),
    flipped: !inSiblingOrder(start, end),
    startMoved: false, endMoved: false, mergedOverlap: false,
  };
}

/**
 * The ranges of the paired metas among `metas` (document order), of every type; `startOf`
 * gives the start meta an end meta closes. An end meta seen before its start (fostered out of a
 * table ahead of it) still pairs.
 */
export function findRanges(metas: readonly WElement[], typeOf: (meta: WElement) => string | null, startFor: (end: WElement) => WElement | null): AnnotationRange[] {
  const ranges: AnnotationRange[] = [];
  const seen = new Set<WElement>();
  const endsBeforeStart = new Map<WElement, WElement>();
  for (const meta of metas) {
    const type = typeOf(meta);
    if (type === null) continue;
    const start = startFor(meta);
    if (start === null) {
      // A start meta: its end may already have been seen.
      seen.add(meta);
      const end = endsBeforeStart.get(meta);
      if (end) ranges.push(newRange(type, meta, end));
    } else if (seen.has(start)) {
      ranges.push(newRange(type, start, meta));
    } else {
      endsBeforeStart.set(start, meta);
    }
  }
  return ranges;
}

/**
 * The ranges of one type that are not nested in another: nested ones lose their metas, and a
 * range overlapping the previous one is merged into it.
 */
function topLevelRanges(ranges: AnnotationRange[]): AnnotationRange[] {
  const nodeRanges = new Map<WElement, Set<AnnotationRange>>();
  for (const r of ranges) {
    const first: WNode = r.flipped ? r.end : r.start;
    const e = r.flipped ? r.start : r.end;
    // The siblings from the range's first node on (one index lookup, not one per step).
    const kids = first.parent?.children ?? [first];
    for (let i = kids.indexOf(first); i >= 0 && i < kids.length; i++) {
      const n = kids[i]!;
      if (n.kind !== "element") continue;
      let set = nodeRanges.get(n);
      if (!set) nodeRanges.set(n, (set = new Set()));
      set.add(r);
      if (n === e) break;
    }
  }
  // A range is nested when an ancestor of its start (or its start itself, together with its
  // end) belongs to another range.
  const nestedIn = new Map<AnnotationRange, AnnotationRange>();
  for (const r of ranges) {
    for (let n: WElement | null = r.start; n && n.parent; n = n.parent) {
      const owners = nodeRanges.get(n);
      if (!owners) continue;
      if (n !== r.start) {
        let outermost: AnnotationRange | null = null;
        for (const o of owners) if (!outermost || o.startOffset < outermost.startOffset) outermost = o;
        if (outermost) nestedIn.set(r, outermost);
        break;
      }
      const endOwners = nodeRanges.get(r.end);
      let found = false;
      for (const o of owners) {
        if (o === r || !endOwners?.has(o)) continue;
        // Identical ranges: the later one is the nested one.
        if (o.start === r.start && o.end === r.end && o.startOffset >= r.startOffset) continue;
        if (introducesCycle(r, o, nestedIn)) continue;
        found = true;
        const current = nestedIn.get(r);
        if (!current || o.startOffset < current.startOffset) nestedIn.set(r, o);
      }
      if (found) break;
    }
  }
  const sorted = [...ranges].sort((a, b) => a.startOffset - b.startOffset);
  const top: AnnotationRange[] = [];
  let prev: AnnotationRange | null = null;
  for (const r of sorted) {
    if (nestedIn.has(r)) {
      detach(r.startMeta);
      detach(r.endMeta);
    } else if (prev && overlaps(prev, r)) {
      nestedIn.set(r, prev);
      detach(r.startMeta);
      detach(prev.endMeta);
      prev.end = r.end;
      prev.endMeta = r.endMeta;
      prev.mergedOverlap = true;
    } else {
      top.push(r);
      prev = r;
    }
  }
  return top;
}

function introducesCycle(r: AnnotationRange, other: AnnotationRange, nestedIn: Map<AnnotationRange, AnnotationRange>): boolean {
  const visited = new Set<AnnotationRange>([r]);
  for (let n = nestedIn.get(other); n; n = nestedIn.get(n)) {
    if (visited.has(n)) return true;
    visited.add(n);
  }
  return false;
}

function overlaps(prev: AnnotationRange, curr: AnnotationRange): boolean {
  const prevEnd = prev.flipped ? prev.start : prev.end;
  const currStart = curr.flipped ? curr.end : curr.start;
  return inSiblingOrder(currStart, prevEnd);
}

/** Moves the newlines that end `el` out, right after it; returns how many characters moved. */
function migrateTrailingNewlines(el: WElement): number {
  const last = el.children[el.children.length - 1];
  if (!last || last.kind !== "text") return 0;
  const m = /\n[ \t\n]*$/.exec(last.value);
  if (!m) return 0;
  const moved = m[0];
  last.value = last.value.slice(0, m.index);
  if (last.value === "") detach(last);
  const parent = el.parent;
  if (parent) parent.insertBefore(new WText(moved), nextSibling(el));
  return moved.length;
}

function moveStart(range: AnnotationRange, node: WElement): void {
  const meta = range.startMeta;
  if (node.name === "p" && node.children[0] === meta) {
    // The paragraph only took the meta in: it opens the range, not the paragraph.
    const pDsr = node.dp?.dsr;
    const mDsr = meta.dp?.dsr;
    if (pDsr && mDsr) pDsr[0] = mDsr[1];
  } else {
    range.startMoved = true;
  }
  node = startConsideringFostered(node);
  node.parent?.insertBefore(meta, node);
  const about = node.getAttribute("about");
  if (about !== null) meta.setAttribute("about", about);
  range.start = meta;
}

function moveEnd(range: AnnotationRange, node: WElement): void {
  const meta = range.endMeta;
  const wasLast = node.children[node.children.length - 1] === meta;
  node.parent?.insertBefore(meta, nextSibling(node));
  const about = node.getAttribute("about");
  if (about !== null) meta.setAttribute("about", about);
  if (node.name === "p" && wasLast) {
    const pDsr = node.dp?.dsr;
    const mDsr = meta.dp?.dsr;
    const moved = migrateTrailingNewlines(node);
    if (pDsr && mDsr) pDsr[1] = mDsr[0] - moved;
  } else {
    range.endMoved = true;
  }
  range.end = meta;
}

/** Puts both metas of each range at the level of the nodes the range spans. */
function hoistMetas(ranges: readonly AnnotationRange[]): void {
  for (const range of ranges) {
    if (range.startMeta !== range.start) moveStart(range, range.start);
    if (range.endMeta !== range.end) moveEnd(range, range.end);
    if (range.start.parent !== range.end.parent) {
      const corrected = enclosing(range.start, range.end);
      if (corrected.start !== range.start) moveStart(range, corrected.start);
      if (corrected.end !== range.end) moveEnd(range, corrected.end);
    }
  }
}

/** Wraps an extended range in a `mw:ExtendedAnnRange` element so it is edited as a whole. */
function wrapExtended(range: AnnotationRange): WElement | null {
  const first = range.startMeta;
  const last = range.endMeta;
  const parent = first.parent;
  if (!parent || last.parent !== parent) return null;
  const kids = parent.children;
  const from = kids.indexOf(first);
  const to = kids.indexOf(last);
  if (from < 0 || to < from) return null;
  const nodes = kids.slice(from, to + 1);
  const wrapper = new WElement(nodes.some(holdsRemexBlock) ? "div" : "span", [{ name: "typeof", value: "mw:ExtendedAnnRange" }]);
  wrapper.dp = { autoInsertedStart: true, autoInsertedEnd: true };
  // The source the wrapped nodes span (wider than the metas' when a moved meta left markup
  // behind it: that markup is inside now).
  let from0 = Infinity;
  let to1 = -1;
  for (const n of nodes) {
    const dsr = n.kind === "element" ? n.dp?.dsr : undefined;
    if (!dsr || dsr[0] < 0 || dsr[1] < dsr[0]) continue;
    if (dsr[0] < from0) from0 = dsr[0];
    if (dsr[1] > to1) to1 = dsr[1];
  }
  const startDsr = first.dp?.dsr;
  const endDsr = last.dp?.dsr;
  if (startDsr && endDsr && from0 <= startDsr[0] && to1 >= endDsr[1]) wrapper.dp.dsr = [from0, to1, 0, 0];
  const about = first.getAttribute("about");
  if (about !== null) {
    const before = kids.slice(0, from).reverse().find((n) => n.kind === "element");
    const after = kids.slice(to + 1).find((n) => n.kind === "element");
    const continues = (before?.kind === "element" && before.hasAttribute("about")) || (after?.kind === "element" && after.hasAttribute("about"));
    if (continues) wrapper.setAttribute("about", about);
  }
  parent.insertBefore(wrapper, first);
  for (const n of nodes) wrapper.appendChild(n);
  return wrapper;
}

/**
 * Moves the annotation metas that tree building fostered out of a table where Parsoid puts
 * them: a start meta before the first fostered node of its table (unless it is that node), an
 * end meta after the table (ends keep their document order there). Only tables whose start tag
 * the page wrote count: Parsoid does not look for fostered content of a template's table.
 * Returns the metas moved (their ranges are extended).
 */
export function moveFosteredMetas(metas: readonly WElement[], isEnd: (meta: WElement) => boolean, writtenOnPage: (table: WElement) => boolean): Set<WElement> {
  const moved = new Set<WElement>();
  // Per table: its first fostered node and the node that followed it before any end moved.
  let anchors: Map<WElement, { first: WNode; after: WNode | null }> | null = null;
  for (const meta of metas) {
    let top: WElement | null = meta;
    while (top && !isFosteredNode(top)) top = top.parent;
    const parent = top?.parent;
    if (!top || !parent) continue;
    const kids = parent.children;
    const at = kids.indexOf(top);
    let t = at + 1;
    while (t < kids.length && isFosteredNode(kids[t]!)) t++;
    const table = kids[t];
    if (!table || table.kind !== "element" || table.name !== "table" || !writtenOnPage(table)) continue;
    anchors ??= new Map();
    let anchor = anchors.get(table);
    if (!anchor) {
      let f = at;
      while (f > 0 && isFosteredNode(kids[f - 1]!)) f--;
      anchor = { first: kids[f]!, after: kids[t + 1] ?? null };
      anchors.set(table, anchor);
    }
    if (isEnd(meta)) {
      parent.insertBefore(meta, anchor.after);
    } else if (meta === anchor.first) {
      continue;
    } else {
      parent.insertBefore(meta, anchor.first);
      if (anchor.first.kind === "element") takeOverTransclusion(meta, anchor.first);
    }
    moved.add(meta);
  }
  return moved;
}

/**
 * A start meta moved in front of the first node of a transclusion's output becomes that first
 * node: Parsoid moves fostered annotation metas before it wraps templates, so the transclusion's
 * range starts at the meta, which carries its typeof and data-mw (the parts first).
 */
function takeOverTransclusion(meta: WElement, first: WElement): void {
  const about = first.getAttribute("about");
  const type = first.getAttribute("typeof");
  const dataMw = first.getAttribute("data-mw");
  if (about === null || type === null || dataMw === null || !/(?:^|\s)mw:(?:Transclusion|Param)(?:\s|$)/.test(type)) return;
  let parts: unknown;
  try {
    // (Keeping the parameters' written order, which JSON.parse loses for numbered names.)
    parts = parseDataMwParts(dataMw)["parts"];
  } catch {
    return;
  }
  if (!Array.isArray(parts)) return;
  meta.setAttribute("about", about);
  meta.setAttribute("typeof", `${type} ${meta.getAttribute("typeof") ?? ""}`.trim());
  meta.mw = { parts, ...meta.mw };
  first.attrs = first.attrs.filter((a) => a.name !== "typeof" && a.name !== "data-mw");
  const pi = first.dp?.["pi"];
  if (pi !== undefined && meta.dp) {
    meta.dp["pi"] = pi;
    first.dp!["pi"] = undefined;
  }
}

export interface BuiltRange {
  range: AnnotationRange;
  extended: boolean;
  /** The mw:ExtendedAnnRange element of an extended range. */
  wrapper: WElement | null;
}

/**
 * Builds the ranges of every type, hoists their metas and wraps the extended ones. Returns the
 * top-level ranges; their metas' data-mw is the caller's.
 */
export function buildAnnotationRanges(ranges: readonly AnnotationRange[], movedMetas: ReadonlySet<WElement> | null = null): BuiltRange[] {
  const byType = new Map<string, AnnotationRange[]>();
  for (const r of ranges) {
    let list = byType.get(r.type);
    if (!list) byType.set(r.type, (list = []));
    list.push(r);
  }
  const result: BuiltRange[] = [];
  for (const list of byType.values()) {
    const top = topLevelRanges(list);
    hoistMetas(top);
    for (const range of top) {
      const extended = range.mergedOverlap || range.startMoved || range.endMoved || (movedMetas !== null && (movedMetas.has(range.startMeta) || movedMetas.has(range.endMeta)));
      result.push({ range, extended, wrapper: extended ? wrapExtended(range) : null });
    }
  }
  return result;
}
