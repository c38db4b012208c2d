// Fostered content (Parsoid's MarkFosteredContent): what HTML5 tree construction moved out of a
// table ("foster parenting") stands right before that table. Parsoid marks it so that later
// passes know it came from inside the table: block elements and rendering-transparent ones
// (links, metas) get `fostered: true` themselves; runs of other nodes (text, inline elements) go
// into a holder that carries the mark, a <p> (a <span> inside a paragraph). Holders get the
// source range of what they hold, which lies inside the table's.
import { WElement, type WNode } from "../dom/node.js";
import { REMEX_BLOCK_TAGS } from "../util/html-tags.js";
import type { FosteredRecord } from "./adapter.js";

/** The holders made here (the tree-building property test gives their children back). */
const holders = new WeakSet<WElement>();

export function isFosterHolder(el: WElement): boolean {
  return holders.has(el);
}

/** Elements that are fostered as they are: blocks, and what renders nothing in a paragraph. */
function standsAlone(el: WElement): boolean {
  return REMEX_BLOCK_TAGS.has(el.name) || el.name === "link" || el.name === "meta";
}

function insideParagraph(el: WElement | null): boolean {
  for (let n = el; n; n = n.parent) if (n.name === "p") return true;
  return false;
}

/** Where a fostered node's source starts and ends, from its token ranges ([-1, -1]: unknown). */
function sourceRange(node: WNode, record: FosteredRecord): [number, number] {
  if (node.kind === "text") return record.texts.get(node) ?? [-1, -1];
  if (node.kind !== "element") return [-1, -1];
  const tsr = node.dp?.tsr;
  return tsr ? [tsr[0], Math.max(tsr[1], node.closeEnd)] : [-1, -1];
}

/**
 * Wraps `run` (consecutive fostered siblings that do not stand alone) in a holder inserted where
 * the run was. The holder's range covers its texts; its elements' ranges join when dsr is computed.
 */
function wrapInHolder(run: WNode[], record: FosteredRecord): void {
  const first = run[0]!;
  const parent = first.parent!;
  const holder = new WElement(insideParagraph(parent) ? "span" : "p");
  holder.dp = { fostered: true, autoInsertedEnd: true, autoInsertedStart: true };
  holders.add(holder);
  let start = -1;
  let end = -1;
  for (const n of run) {
    const [s, e] = sourceRange(n, record);
    if (s >= 0 && (start < 0 || s < start)) start = s;
    if (e > end) end = e;
  }
  if (start >= 0) {
    holder.dp.tsr = [start, start];
    holder.closeEnd = Math.max(start, end);
  }
  const kids = parent.children;
  const at = kids.indexOf(first);
  kids.splice(at, run.length, holder);
  holder.parent = parent;
  holder.children = run;
  for (const n of run) n.parent = holder;
}

/** Marks every run of fostered nodes (each stands right before its table). */
export function markFosteredContent(record: FosteredRecord): void {
  const fostered = new Set<WNode>(record.nodes);
  const done = new Set<WNode>();
  for (const node of record.nodes) {
    if (done.has(node) || !node.parent) continue;
    const kids = node.parent.children;
    // The whole run this node belongs to: fostered siblings up to the table.
    let from = kids.indexOf(node);
    while (from > 0 && fostered.has(kids[from - 1]!)) from--;
    let to = from;
    while (to < kids.length && fostered.has(kids[to]!)) to++;
    const run = kids.slice(from, to);
    for (const n of run) done.add(n);
    let pending: WNode[] = [];
    for (const n of run) {
      if (n.kind === "element" && standsAlone(n)) {
        if (pending.length > 0) wrapInHolder(pending, record);
        pending = [];
        (n.dp ??= {}).fostered = true;
      } else {
        pending.push(n);
      }
    }
    if (pending.length > 0) wrapInHolder(pending, record);
  }
}
