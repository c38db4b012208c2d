// Which sibling nodes each transclusion wraps, and with what metadata: the DOM-independent half
// of Parsoid's encapsulation. Given the output ranges of a list of sibling nodes, every
// expansion claims the nodes its output overlaps; groups that share nodes merge into one
// multi-part transclusion, whose data-mw lists the parts in order with the literal source
// between them (and before/after them, when the wrapped nodes reach beyond the expansions).
import { ExpansionMap } from "./offset-map.js";
import type { Expansion } from "./types.js";

/** Output offsets [start, end) of one sibling node in the preprocessed text. */
export interface NodeRange {
  start: number;
  end: number;
}

export interface EncapsulationGroup {
  /** First and last wrapped node (inclusive); -1 when the output is empty (see `insertAt`). */
  first: number;
  last: number;
  /** For an empty group: the index of the node before which a placeholder goes. */
  insertAt: number;
  /** typeof of the first wrapped node. */
  typeof: string;
  /** data-mw of the first wrapped node, with Parsoid's key order. */
  dataMwJson: string;
  /** The group's source range (its dsr). */
  srcStart: number;
  srcEnd: number;
  expansions: Expansion[];
}

function overlaps(node: NodeRange, e: Expansion): boolean {
  return node.start < e.outEnd && node.end > e.outStart;
}

/**
 * `{"parts":[...]}` of a group: the expansions' parts numbered in order, with the literal source
 * before, between and after them.
 */
function multiPartJson(exps: readonly Expansion[], srcStart: number, srcEnd: number, source: string): string {
  // Every part was written after a comma: the first one's goes.
  return `{"parts":[${partList(exps, srcStart, srcEnd, source, 0).slice(1)}]}`;
}

/** The parts of `exps` over [srcStart, srcEnd), each after a comma, numbered from `firstIndex`. */
function partList(exps: readonly Expansion[], srcStart: number, srcEnd: number, source: string, firstIndex: number): string {
  let out = "";
  let pos = srcStart;
  for (let i = 0; i < exps.length; i++) {
    const e = exps[i]!;
    if (e.srcStart > pos) out += `,${JSON.stringify(source.slice(pos, e.srcStart))}`;
    out += `,${e.partJson(firstIndex + i)}`;
    pos = e.srcEnd;
  }
  if (srcEnd > pos) out += `,${JSON.stringify(source.slice(pos, srcEnd))}`;
  return out;
}

/**
 * One transclusion of two consecutive groups (`a` before `b`): the nodes of both, the parts of
 * each over its own source range, in order (Parsoid appends a range that overlaps the previous
 * one to it: the literal source at the seam stays two parts).
 */
export function mergeGroups(a: EncapsulationGroup, b: EncapsulationGroup, source: string): EncapsulationGroup {
  const expansions = [...a.expansions, ...b.expansions];
  const parts = partList(a.expansions, a.srcStart, a.srcEnd, source, 0) + partList(b.expansions, b.srcStart, b.srcEnd, source, a.expansions.length);
  return {
    first: a.first >= 0 ? a.first : b.first,
    last: b.last >= 0 ? b.last : a.last,
    insertAt: a.insertAt,
    typeof: expansions.every((e) => e.typeof === "mw:Param") ? "mw:Param" : "mw:Transclusion",
    dataMwJson: `{"parts":[${parts.slice(1)}]}`,
    srcStart: Math.min(a.srcStart, b.srcStart),
    srcEnd: Math.max(a.srcEnd, b.srcEnd),
    expansions,
  };
}

/**
 * The group taking further nodes, up to `last`: its source range reaches their end and the page
 * source it now covers after its last expansion becomes a literal part.
 */
export function extendGroup(group: EncapsulationGroup, last: number, nodes: readonly NodeRange[], source: string, map: ExpansionMap): EncapsulationGroup {
  const srcEnd = Math.max(group.srcEnd, map.toSource(nodes[last]!.end, "end"));
  if (srcEnd === group.srcEnd) return { ...group, last };
  const allParams = group.expansions.every((e) => e.typeof === "mw:Param");
  return {
    ...group,
    last,
    srcEnd,
    typeof: allParams ? "mw:Param" : "mw:Transclusion",
    dataMwJson: multiPartJson(group.expansions, group.srcStart, srcEnd, source),
  };
}

/** The first node whose range starts at or after `offset` (nodes.length when none). */
function nodeIndexAt(nodes: readonly NodeRange[], offset: number): number {
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (nodes[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `map` maps node edges to the source; it defaults to these expansions only. A caller planning a
 * subset of the page's expansions passes the page's map, since the others shift offsets too.
 */
export function planEncapsulation(
  nodes: readonly NodeRange[],
  expansions: readonly Expansion[],
  source: string,
  map: ExpansionMap = new ExpansionMap(expansions),
): EncapsulationGroup[] {
  interface Draft { first: number; last: number; insertAt: number; expansions: Expansion[] }
  const drafts: Draft[] = [];
  for (const e of expansions) {
    let first = -1;
    let last = -1;
    if (e.outEnd > e.outStart) {
      // Nodes are in order: start at the first one that could overlap (several may share a
      // range: content fostered out of a table counts with the table's).
      let from = nodeIndexAt(nodes, e.outStart);
      while (from > 0 && nodes[from - 1]!.end > e.outStart) from--;
      for (let i = from; i < nodes.length; i++) {
        const node = nodes[i]!;
        if (node.start >= e.outEnd) break;
        if (overlaps(node, e)) {
          if (first < 0) first = i;
          last = i;
        }
      }
    }
    const draft: Draft = { first, last, insertAt: first < 0 ? nodeIndexAt(nodes, e.outStart) : first, expansions: [e] };
    const previous = drafts[drafts.length - 1];
    if (previous && first >= 0 && previous.first >= 0 && first <= previous.last) {
      // Shares nodes with the previous group: one multi-part transclusion.
      previous.last = Math.max(previous.last, last);
      previous.expansions.push(e);
    } else {
      drafts.push(draft);
    }
  }

  return drafts.map((draft) => {
    const exps = draft.expansions;
    const firstExpansion = exps[0]!;
    const lastExpansion = exps[exps.length - 1]!;
    let srcStart = firstExpansion.srcStart;
    let srcEnd = lastExpansion.srcEnd;
    if (draft.first >= 0) {
      srcStart = Math.min(srcStart, map.toSource(nodes[draft.first]!.start, "start"));
      srcEnd = Math.max(srcEnd, map.toSource(nodes[draft.last]!.end, "end"));
    }
    // A lone expansion covering the group's source is the whole data-mw: its own JSON is the group's.
    const single = exps.length === 1 && srcStart === firstExpansion.srcStart && srcEnd === firstExpansion.srcEnd;
    const allParams = exps.every((e) => e.typeof === "mw:Param");
    const typeOf = single ? firstExpansion.typeof : allParams ? "mw:Param" : "mw:Transclusion";
    return {
      first: draft.first,
      last: draft.last,
      insertAt: draft.insertAt,
      typeof: typeOf,
      dataMwJson: single ? firstExpansion.dataMwJson : multiPartJson(exps, srcStart, srcEnd, source),
      srcStart,
      srcEnd,
      expansions: exps,
    };
  });
}
