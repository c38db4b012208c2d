// Content HTML5 fostered out of a table stands before the table in the DOM but inside its source.
// When that content or the table is edited, the table is written anew with the fostered content
// inside it, where its source had it (Parsoid's behaviour): written at its DOM position, it would
// come out before the table's syntax, and the table's reused source would hold it a second time.
import type { WElement, WNode } from "../../dom/node.js";
import { isSeparatorText } from "../constraints.js";

/** Content tree building fostered out of a table (it stands before the table, its source inside it). */
export function isFostered(node: WNode): boolean {
  return node.kind === "element" && node.dp?.fostered === true;
}

/**
 * The fostered nodes right before `table`, with the whitespace and the new nodes (`isNew`: an
 * edit inserted them) between them and the table, from the first fostered node on: what HTML5
 * moved out of the table and what an edit put next to it. Empty when there is none.
 */
export function fosteredRunBefore(table: WElement, isNew: (n: WNode) => boolean): WNode[] {
  const siblings = table.parent?.children ?? [];
  const at = siblings.indexOf(table);
  let k = at - 1;
  let first = -1;
  while (k >= 0 && inRun(siblings[k]!, isNew)) {
    if (isFostered(siblings[k]!)) first = k;
    k--;
  }
  return first < 0 ? [] : siblings.slice(first, at);
}

function inRun(n: WNode, isNew: (n: WNode) => boolean): boolean {
  return isFostered(n) || isSeparatorText(n) || isNew(n);
}

/** The table that a node of a fostered run (see fosteredRunBefore) stands before. */
export function tableAfterRun(node: WNode, index: number, isNew: (n: WNode) => boolean): WElement | null {
  const siblings = node.parent?.children ?? [];
  if (!isFostered(node)) {
    // Whitespace and new nodes belong to the run only after a fostered node.
    let b = index - 1;
    while (b >= 0 && !isFostered(siblings[b]!) && inRun(siblings[b]!, isNew)) b--;
    if (b < 0 || !isFostered(siblings[b]!)) return null;
  }
  let k = index + 1;
  while (k < siblings.length && inRun(siblings[k]!, isNew)) k++;
  const table = siblings[k];
  return table !== undefined && table.kind === "element" && table.name === "table" ? table : null;
}

/**
 * Runs `write` with `run` moved to the start of `table`'s children (where the fostered source
 * stood), and puts the run back before the table afterwards: the caller walks the table's
 * parent's children by index.
 */
export function withRunInside<T>(table: WElement, run: readonly WNode[], write: () => T): T {
  const parent = table.parent!;
  const first = table.children[0] ?? null;
  for (const n of run) table.insertBefore(n, first);
  try {
    return write();
  } finally {
    for (const n of run) parent.insertBefore(n, table);
  }
}
