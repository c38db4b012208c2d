// Fostered content (Parsoid's MarkFosteredContent): what HTML5 tree construction moved out of a
// table ("foster parenting") stands right before that table. Parsoid marks it so that later
// passes know it came from inside the table: block elements and rendering-transparent ones
// (links, metas) get `fostered: true` themselves; runs of other nodes (text, inline elements) go
// into a holder that carries the mark, a <p> (a <span> inside a paragraph). Holders know the
// source range of what they hold, which lies inside the table's.
import { WElement, type WNode } from "../dom/node.js";
import { REMEX_BLOCK_TAGS } from "../util/html-tags.js";
import { holdsBlock } from "../dom/passes/pwrap.js";
import { takeTrailingNewlines } from "../dom/passes/trailing-newlines.js";
import type { FosteredRecord } from "./adapter.js";

/**
 * The holders made here, with the source range of what they hold ([-1, -1]: unknown). The range
 * is not the holder's dsr: the content's source lies inside the table's, and the selective
 * serializer would write it twice. Encapsulation reads it from here.
 */
const holders = new WeakMap<WElement, [number, number]>();

/** The newlines (and comments among them) that moved out of a <p> holder to follow it. */
const movedOut = new WeakSet<WNode>();

/**
 * Whether `node` is fostered content: an element marked so, or the newlines and comments that
 * moved out of a fostered paragraph (they stand between it and the table).
 */
export function isFosteredNode(node: WNode): boolean {
  return node.kind === "element" ? node.dp?.fostered === true : movedOut.has(node);
}

/** Whether `node` is newlines (or a comment) that moved out of a fostered paragraph. */
export function isMovedFosteredNewline(node: WNode): boolean {
  return node.kind !== "element" && movedOut.has(node);
}

export function isFosterHolder(el: WElement): boolean {
  return holders.has(el);
}

/** Where a holder's content stands in the source, or undefined (not a holder, or unknown). */
export function fosterHolderRange(el: WElement): [number, number] | undefined {
  const range = holders.get(el);
  return range && range[0] >= 0 ? range : undefined;
}

/** Elements that are fostered as they are: blocks, and what renders nothing in a paragraph. */
function standsAlone(el: WElement): boolean {
  return REMEX_BLOCK_TAGS.has(el.name) || el.name === "link" || el.name === "meta";
}

/**
 * Whether `el` must stay out of a <p> holder: an inline element holding a block (`<small><div>`
 * left open in a table) would put the block in the paragraph, which an HTML5 parser reading the
 * output closes before the block. Marked as it stands, it is split around its blocks by paragraph
 * wrapping like any inline element holding blocks.
 */
function holdsBlockOutOfParagraph(el: WElement, inParagraph: boolean): boolean {
  return !inParagraph && el.children.length > 0 && holdsBlock(el);
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
 * the run was, and records the source range of the run.
 */
function wrapInHolder(run: WNode[], record: FosteredRecord, table: WNode | undefined): void {
  const first = run[0]!;
  const parent = first.parent!;
  const holder = new WElement(insideParagraph(parent) ? "span" : "p");
  holder.dp = { fostered: true, autoInsertedEnd: true, autoInsertedStart: true };
  let start = -1;
  let end = -1;
  for (const n of run) {
    const [s, e] = sourceRange(n, record);
    if (s >= 0 && (start < 0 || s < start)) start = s;
    if (e > end) end = e;
  }
  holders.set(holder, [start, Math.max(start, end)]);
  // Its own dsr is empty, where the table starts (whose source holds the content): an unchanged
  // holder is written back as nothing by the selective serializer, the table as written.
  const tableTsr = table && table.kind === "element" ? table.dp?.tsr : undefined;
  if (tableTsr && tableTsr[0] >= 0) {
    holder.dp.tsr = [tableTsr[0], tableTsr[0]];
    holder.closeEnd = tableTsr[0];
  }
  const kids = parent.children;
  const at = kids.indexOf(first);
  kids.splice(at, run.length, holder);
  holder.parent = parent;
  holder.children = run;
  for (const n of run) n.parent = holder;
  // A <p> holder ends a line like any paragraph: the newlines ending its content (also inside an
  // inline element whose end tag was implied) move out to follow it, before the table, as
  // Parsoid's MigrateTrailingNLs moves them out of a fostered paragraph.
  if (holder.name === "p") {
    const moved = takeTrailingNewlines(run);
    if (moved !== null) {
      for (const n of moved) {
        n.parent = parent;
        movedOut.add(n);
      }
      kids.splice(at + 1, 0, ...moved);
    }
  }
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
    // (Wrapping below changes the child list: the table is taken first.)
    const table = kids[to];
    for (const n of run) done.add(n);
    let pending: WNode[] = [];
    const inParagraph = insideParagraph(node.parent);
    for (const n of run) {
      if (n.kind === "element" && (standsAlone(n) || holdsBlockOutOfParagraph(n, inParagraph))) {
        if (pending.length > 0) wrapInHolder(pending, record, table);
        pending = [];
        (n.dp ??= {}).fostered = true;
      } else {
        pending.push(n);
      }
    }
    if (pending.length > 0) wrapInHolder(pending, record, table);
  }
}
