// Which sibling nodes each transclusion wraps, and with what metadata: the DOM-independent half
// of Parsoid's encapsulation. Given the output ranges of a list of sibling nodes, every
// expansion claims the nodes its output overlaps; groups that share nodes merge into one
// multi-part transclusion, whose data-mw lists the parts in order with the literal source
// between them (and before/after them, when the wrapped nodes reach beyond the expansions).
import { stringifyTransclusion } from "./data-mw.js";
import { ExpansionMap } from "./offset-map.js";
import type { DataMwPart, Expansion } from "./types.js";

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
  parts: DataMwPart[];
  /** The group's source range (its dsr). */
  srcStart: number;
  srcEnd: number;
  expansions: Expansion[];
}

function overlaps(node: NodeRange, e: Expansion): boolean {
  return node.start < e.outEnd && node.end > e.outStart;
}

function withIndex(part: Exclude<DataMwPart, string>, i: number): Exclude<DataMwPart, string> {
  const [kind, body] = Object.entries(part)[0] as [string, { target: unknown; params: unknown; i: number }];
  return { [kind]: { ...body, i } } as Exclude<DataMwPart, string>;
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
      // Nodes are in order: start at the first one that could overlap.
      for (let i = Math.max(0, nodeIndexAt(nodes, e.outStart) - 1); i < nodes.length; i++) {
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
    const parts: DataMwPart[] = [];
    const orders: Array<readonly string[] | undefined> = [];
    const literal = (from: number, to: number): void => {
      if (to > from) {
        parts.push(source.slice(from, to));
        orders.push(undefined);
      }
    };
    let pos = srcStart;
    exps.forEach((e, i) => {
      literal(pos, e.srcStart);
      parts.push(exps.length === 1 ? e.part : withIndex(e.part, i));
      orders.push(e.paramOrder);
      pos = e.srcEnd;
    });
    literal(pos, srcEnd);
    const single = parts.length === 1;
    const allParams = exps.every((e) => e.typeof === "mw:Param");
    const typeOf = single ? firstExpansion.typeof : allParams ? "mw:Param" : "mw:Transclusion";
    return {
      first: draft.first,
      last: draft.last,
      insertAt: draft.insertAt,
      typeof: typeOf,
      // A lone expansion's part already has i = 0: its own JSON is the group's.
      dataMwJson: single ? firstExpansion.dataMwJson : stringifyTransclusion(parts, orders),
      parts,
      srcStart,
      srcEnd,
      expansions: exps,
    };
  });
}
