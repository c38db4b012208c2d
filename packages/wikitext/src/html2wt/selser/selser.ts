// Selective serialization: the edited DOM is diffed against the original; nodes that did not
// change write their original source slice (with the original whitespace between them when
// their neighbours are unchanged too), containers whose content changed keep their original
// open and close syntax, and everything else goes to the ordinary handlers.
import type { WElement, WNode } from "../../dom/node.js";
import { ANY, OWN_LINE, isSeparatorText, previousContentSibling } from "../constraints.js";
import { handlerFor } from "../handlers/index.js";
import { isBlockElement, isListItemTag, isListTag, isTransclusion } from "../handlers/block-kinds.js";
import { guardCellStart } from "../handlers/table.js";
import type { Serializer, TextContext } from "../serializer.js";
import { diffDom, type DiffResult } from "./diff.js";
import { fosteredRunBefore, isFostered, tableAfterRun, withRunInside } from "./fostered.js";
import { isStrayTagRun, LazySourceRanges, withoutStrayTags, type RangeLookup, type SourceRange } from "./ranges.js";
import type { SourceReuse } from "./reuse.js";

/** The text context an element's content is written in (for new text inside kept syntax). */
function contentContext(el: WElement): Partial<TextContext> {
  const name = el.name;
  if (/^h[1-6]$/.test(name)) return { heading: true };
  if (name === "td" || name === "th" || name === "caption") return { cell: name, htmlBlock: el.dp?.stx === "html", listItem: false };
  if (isListItemTag(name)) return { listItem: true };
  if (name === "a") return { link: (el.getAttribute("rel") ?? "").includes("mw:ExtLink") ? "ext" : "wiki" };
  if (name === "pre" && el.dp?.stx !== "html") return { indentPre: true };
  return {};
}

/** An item whose first content is a nested list: its bullets belong to the nested items' lines. */
function startsWithList(item: WElement): boolean {
  const first = item.children[0];
  return first !== undefined && first.kind === "element" && isListTag(first.name);
}

/**
 * Output of an extension tag or a transclusion (its source is the call, not the content), or a
 * media element (one link whose options the image's attributes stand for): an edit inside
 * rewrites the whole, by its handler.
 */
function writtenAsWhole(el: WElement): boolean {
  const type = el.getAttribute("typeof");
  return type !== null && /\bmw:(?:Extension\/|Transclusion\b|File\b|Image\b|Audio\b|Video\b)/.test(type);
}

/** Elements that disappear when an edit leaves them empty. */
const EMPTIED_AWAY = /^(?:h[1-6]|i|b)$/;

/**
 * An edit emptied the element: nothing inside but whitespace and (empty) formatting, no content
 * such as images, line breaks or transclusions. Iterative, and it stops at the first content:
 * selser asks this of each changed heading or quote down a chain that may be thousands deep.
 */
function isEmptiedAway(el: WElement): boolean {
  const stack: WNode[] = [...el.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === "text") {
      if (node.value.trim() !== "") return false;
    } else if (node.kind === "element") {
      if (!EMPTIED_AWAY.test(node.name)) return false;
      for (const child of node.children) stack.push(child);
    }
  }
  return true;
}

/**
 * A cell written with row syntax ("||x", "!!x") that now starts a line (the cell before it was
 * deleted, or its content now ends the line): "||" there would be an empty cell and a second
 * one, so it takes the single marker, with a space before "-", "+" or "}" (see guardCellStart).
 */
function ownLineCellSource(el: WElement, source: string): string {
  // (A line's first cell written "||x" is "|" with an empty attribute list: no row syntax.)
  if ((el.name !== "td" && el.name !== "th") || el.dp?.stx !== "row" || !(source.startsWith("||") || source.startsWith("!!"))) return source;
  const rest = source.slice(2);
  const marker = el.name === "th" ? "!" : "|";
  return marker + (marker === "|" && /^[-+}]/.test(rest) ? " " : "") + rest;
}

/** Elements whose content the parser trims of the spaces next to their markup. */
const TRIMMING_PARSER = /^(?:h[1-6]|li|dt|dd|td|th|caption)$/;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/**
 * The spaces at the edges of an original element's content range that its DOM does not hold
 * (its first and last text do not start or end with them).
 */
function trimmedEdges(orig: WElement, range: SourceRange, source: string): { leading: string; trailing: string } {
  const from = range.contentStart!;
  const to = range.contentEnd!;
  let lead = from;
  while (lead < to && isSpace(source.charCodeAt(lead))) lead++;
  if (lead === to) return { leading: "", trailing: "" };
  let trail = to;
  while (trail > lead && isSpace(source.charCodeAt(trail - 1))) trail--;
  const first = orig.children[0];
  const last = orig.children[orig.children.length - 1];
  // Spaces inside the range of a child element (a nested list item's) are that child's.
  let heldLead = 0;
  if (first?.kind === "text") while (heldLead < first.value.length && isSpace(first.value.charCodeAt(heldLead))) heldLead++;
  else if (first?.kind === "element" && (first.dp?.dsr?.[0] ?? lead) < lead) heldLead = lead - from;
  let heldTrail = 0;
  if (last?.kind === "text") while (heldTrail < last.value.length && isSpace(last.value.charCodeAt(last.value.length - 1 - heldTrail))) heldTrail++;
  else if (last?.kind === "element" && (last.dp?.dsr?.[1] ?? trail) > trail) heldTrail = to - trail;
  return {
    leading: lead - from > heldLead ? source.slice(from + heldLead, lead) : "",
    trailing: to - trail > heldTrail ? source.slice(trail, to - heldTrail) : "",
  };
}

/** Whether the element's last child is text or an inline element (nothing after it needs a line of its own). */
function endsInline(el: WElement): boolean {
  const last = el.children[el.children.length - 1];
  return last !== undefined && !isBlockElement(last) && !(last.kind === "text" && /\n$/.test(last.value));
}

/** Whether the element's new content starts with a space of its own. */
function startsWithSpace(el: WElement): boolean {
  const first = el.children[0];
  return first !== undefined && first.kind === "text" && isSpace(first.value.charCodeAt(0));
}

/** Whitespace and comments only: what separates nodes without being one. */
/** Source whose first character would extend a bare "|" into row, caption or table-end syntax. */
function startsLikeTableSyntax(slice: string): boolean {
  const c = slice.charCodeAt(0);
  return c === 45 || c === 43 || c === 125; // "-" "+" "}"
}

/**
 * Characters that join a neighbour's into markup ("[" "[", "''", "{{", "-{", "~~~", "__", "||",
 * "!!", "]]", "}}"): text starting or ending with one is escaped anew next to an edit.
 */
const JOINING = /['[\]{}\-~_|!]/;

/**
 * Whether text holding line breaks keeps its lines' meaning when written as it was: between
 * inline neighbours (a line break next to a block is a separator, fitted anew) and where no
 * context rewrites line breaks or line starts (headings, list items, cells, indent-pre).
 */
function keepsLinesAsWritten(node: WNode, index: number, s: Serializer): boolean {
  const c = s.context;
  if (c.heading || c.listItem || c.cell !== null || c.indentPre || c.link !== null) return false;
  const siblings = node.parent?.children ?? [];
  return !isBlockElement(siblings[index - 1] ?? null) && !isBlockElement(siblings[index + 1] ?? null);
}

const LAYOUT_ONLY = /^(?:[ \t\r\n]|<!--(?:[^-]|-(?!->))*-->)*$/;

function isLayoutOnly(gap: string): boolean {
  return gap === "" || gap === "\n" || LAYOUT_ONLY.test(gap);
}

/** Whether `target` is `siblings[from]` or follows it after separators (whitespace with a newline) only. */
function nextAfterSeparators(siblings: readonly WNode[], from: number, target: WNode | undefined): boolean {
  for (let k = from; k < siblings.length; k++) {
    const node = siblings[k]!;
    if (node === target) return true;
    if (!isSeparatorText(node) && !(target !== undefined && isFostered(node))) return false;
  }
  return target === undefined;
}

/** `range` without the source before `start`. */
function startingAt(range: SourceRange, start: number): SourceRange {
  const clip = (at: number | undefined): number | undefined => (at === undefined ? undefined : Math.min(Math.max(at, start), range.end));
  return { start: Math.min(start, range.end), end: range.end, contentStart: clip(range.contentStart), contentEnd: clip(range.contentEnd) };
}

export class SelectiveSerializer implements SourceReuse {
  private readonly siblingIndex = new Map<WNode, number>();
  /** Edited nodes whose output ended exactly where their original source ended. */
  private readonly endsExactly = new Set<WNode>();
  /** Edited containers whose content started exactly where the original's did. */
  private readonly opensExactly = new Set<WNode>();
  /** About groups whose source was written with their first node (a reused transclusion). */
  private readonly reusedGroups = new Map<string, WElement>();
  /** Fostered nodes the source of the table after them wrote (see writtenWithItsTable). */
  private readonly insideTableSource = new Set<WNode>();
  /** Paragraphs an edit emptied: they wrote nothing, not even their separators. */
  private readonly vanished = new Set<WNode>();
  /** The rest of such a group → its first node (whose range stands for the whole group). */
  private readonly groupHeads = new Map<WNode, WElement>();

  /** Tables whose fostered content an edit touched → that content (null: the table keeps its source). */
  private readonly fosteredRewrites = new Map<WElement, WNode[] | null>();

  constructor(
    private readonly source: string,
    private readonly ranges: RangeLookup,
    private readonly diff: DiffResult,
  ) {}

  unchangedOriginal(node: WNode): WNode | null {
    return this.diff.change.get(node) === "unchanged" ? (this.diff.original.get(node) ?? null) : null;
  }

  originalOf(node: WNode): WNode | null {
    return this.diff.original.get(node) ?? null;
  }

  serializeBody(body: WElement, s: Serializer): void {
    // An unedited document is its original source, as in Parsoid's selser: also the bytes no
    // node stands for (a stray end tag, the missing end of a comment left open) come back.
    if (this.diff.change.get(body) === "unchanged") {
      s.emitVerbatim(this.source);
      return;
    }
    this.opensExactly.add(body);
    s.serializeChildren(body);
  }

  private indexInParent(node: WNode): number {
    let index = this.siblingIndex.get(node);
    if (index === undefined) {
      const siblings = node.parent?.children ?? [];
      siblings.forEach((c, i) => this.siblingIndex.set(c, i));
      index = this.siblingIndex.get(node) ?? -1;
    }
    return index;
  }

  /**
   * The edited sibling before `index` that stands for source, stepping over whitespace between
   * blocks that matched nothing of the original (a pretty-printer's newlines): such separators
   * are layout, and a verbatim gap after them overrides them. -1 when there is none.
   */
  private previousWithSource(siblings: readonly WNode[], index: number): number {
    let k = index - 1;
    while (k >= 0 && ((isSeparatorText(siblings[k]!) && !this.diff.original.has(siblings[k]!)) || this.insideTableSource.has(siblings[k]!))) k--;
    return k;
  }

  /**
   * Whether an unedited node was fostered out of the unedited table after it: the table's source,
   * written when the table is reused, holds the node's (it stands inside the table there).
   */
  private writtenWithItsTable(node: WNode, orig: WNode, range: SourceRange): boolean {
    if (!isFostered(node)) return false;
    const siblings = node.parent?.children ?? [];
    let k = this.indexInParent(node) + 1;
    while (k < siblings.length && (isFostered(siblings[k]!) || isSeparatorText(siblings[k]!))) k++;
    const table = siblings[k];
    if (!table || table.kind !== "element" || table.name !== "table" || this.diff.change.get(table) !== "unchanged") return false;
    const origTable = this.diff.original.get(table);
    const tableRange = origTable ? this.ranges.get(origTable) : undefined;
    return orig.parent === origTable?.parent && tableRange !== undefined && tableRange.start <= range.start && range.end <= tableRange.end;
  }

  /**
   * Whether text written as it was meets neighbours it cannot join into markup: at each edge
   * either a character that joins nothing, or the same neighbour as in the source (the output so
   * far ends with the character the source had before it; the next node is the unedited one
   * that followed it, or the parent's end).
   */
  private edgesHold(node: WNode, index: number, range: SourceRange, slice: string, s: Serializer): boolean {
    const sameBefore = !s.hasPendingSeparator && s.line.length > 0 && s.line.lastChar() === this.source.charAt(range.start - 1);
    if (!sameBefore && JOINING.test(slice[0]!)) return false;
    const next = node.parent?.children[index + 1];
    const nextOrig = next !== undefined && this.diff.change.get(next) === "unchanged" ? this.diff.original.get(next) : undefined;
    const sameAfter = next === undefined || (nextOrig !== undefined && this.ranges.get(nextOrig)?.start === range.end);
    return sameAfter || !JOINING.test(slice[slice.length - 1]!);
  }

  /**
   * The fostered content before `table` when the table must be written anew with it inside (see
   * fostered.ts): the content or the table was edited, and the content's source comes first in
   * the table's content (it is written there). Null otherwise.
   */
  private fosteredRunToRewrite(table: WElement): WNode[] | null {
    let run = this.fosteredRewrites.get(table);
    if (run === undefined) {
      run = this.findFosteredRunToRewrite(table);
      this.fosteredRewrites.set(table, run);
    }
    return run;
  }

  /** While a table is written with its fostered content inside: where its content starts in the source. */
  private fosteredFrom: number | null = null;

  /** A node an edit inserted (it matched no original node). */
  private readonly isNew = (node: WNode): boolean => !this.diff.original.has(node);

  private findFosteredRunToRewrite(table: WElement): WNode[] | null {
    const run = fosteredRunBefore(table, this.isNew);
    const tableChange = this.diff.change.get(table);
    if (run.length === 0 || tableChange === undefined || tableChange === "modified") return null;
    if (tableChange === "unchanged" && run.every((n) => isSeparatorText(n) || this.diff.change.get(n) === "unchanged")) return null;
    const origTable = this.diff.original.get(table) as WElement | undefined;
    const range = origTable ? this.ranges.get(origTable) : undefined;
    if (!origTable || range?.contentStart === undefined || range.contentEnd === undefined) return null;
    let firstChildStart = range.contentEnd;
    for (const c of origTable.children) {
      const r = c.kind === "element" ? this.ranges.get(c) : undefined;
      if (r && r.start < firstChildStart) firstChildStart = r.start;
    }
    for (const n of run) {
      if (!isFostered(n)) continue;
      const orig = this.diff.original.get(n);
      const r = orig ? this.ranges.get(orig) : undefined;
      // (A fostered paragraph's range may start with the table's: it holds the table's start.)
      if (!r || r.start < range.start || r.end > firstChildStart) return null;
    }
    return run;
  }

  /** Writes `table` with its original open and close syntax, the fostered `run` first inside it. */
  private writeTableWithFostered(table: WElement, run: readonly WNode[], s: Serializer): void {
    const origTable = this.diff.original.get(table) as WElement;
    const range = this.ranges.get(origTable)!;
    // An unchanged table's children are its original's (the diff did not look inside it): each
    // is reused as it was.
    if (this.diff.change.get(table) === "unchanged") {
      table.children.forEach((child, i) => {
        this.diff.original.set(child, origTable.children[i]!);
        this.diff.change.set(child, "unchanged");
      });
    }
    this.writeStart(table, this.source.slice(range.start, range.contentStart), this.gapBeforeRun(run[0]!, range.start), s);
    // (Sibling indices change while the run stands inside the table.)
    this.siblingIndex.clear();
    const outer = this.fosteredFrom;
    this.fosteredFrom = range.contentStart!;
    try {
      withRunInside(table, run, () => s.withContext(contentContext(table), () => s.serializeChildren(table)));
    } finally {
      this.fosteredFrom = outer;
    }
    this.siblingIndex.clear();
    const close = this.source.slice(range.contentEnd, range.end);
    if (close.startsWith("|}")) s.requireNewlines(OWN_LINE);
    s.emit(close);
    this.endsExactly.add(table);
  }

  /**
   * The original source before a table written with its fostered content, from the node before
   * that content (or its parent's content start) when that ended exactly: layout and stray tags
   * only, else null (fitted anew).
   */
  private gapBeforeRun(first: WNode, tableStart: number): string | null {
    const parent = first.parent!;
    const prevIndex = this.previousWithSource(parent.children, parent.children.indexOf(first));
    let from: number | undefined;
    if (prevIndex < 0) {
      const origParent = this.diff.original.get(parent);
      from = this.opensExactly.has(parent) && origParent ? this.ranges.get(origParent)?.contentStart : undefined;
    } else {
      const prev = parent.children[prevIndex]!;
      const prevOrig = this.endsExactly.has(prev) ? this.diff.original.get(prev) : undefined;
      from = prevOrig ? this.ranges.get(prevOrig)?.end : undefined;
    }
    if (from === undefined || from > tableStart) return null;
    const gap = this.source.slice(from, tableStart);
    return isLayoutOnly(withoutStrayTags(gap)) ? gap : null;
  }

  /** Whether the next sibling is new or changed. */
  private nextIsEdited(node: WNode, index: number): boolean {
    const next = node.parent?.children[index + 1];
    return next !== undefined && this.diff.change.get(next) !== "unchanged";
  }

  /** The original source between the previous node and this one, when both sides are exact. */
  private gapBefore(node: WNode, index: number, orig: WNode, range: SourceRange): string | null {
    const parent = node.parent;
    const origParent = orig.parent;
    if (!parent || !origParent) return null;
    const prevIndex = this.previousWithSource(parent.children, index);
    if (prevIndex < 0) {
      if (!this.opensExactly.has(parent) || this.diff.original.get(parent) !== origParent) return null;
      if (!nextAfterSeparators(origParent.children, 0, orig)) return null;
      const parentRange = this.ranges.get(origParent);
      if (parentRange?.contentStart === undefined) return null;
      return this.source.slice(parentRange.contentStart, range.start);
    }
    // After a reused transclusion, the gap starts where its whole group's source ended.
    let prev = parent.children[prevIndex]!;
    const head = this.groupHeads.get(prev);
    if (head) prev = head;
    if (!this.endsExactly.has(prev)) return this.strayTagsBefore(node, orig, range);
    const prevOrig = this.diff.original.get(prev);
    if (!prevOrig || prevOrig.parent !== origParent) return null;
    const about = head ? (prevOrig as WElement).getAttribute("about") : null;
    let following = this.indexInParent(prevOrig) + 1;
    while (about !== null && origParent.children[following]?.kind === "element" && (origParent.children[following] as WElement).getAttribute("about") === about) following++;
    // Separators the edited HTML left out: their source is part of the gap.
    if (!nextAfterSeparators(origParent.children, following, orig)) return null;
    const prevRange = this.ranges.get(prevOrig);
    if (!prevRange || prevRange.end > range.start) return null;
    const gap = this.source.slice(prevRange.end, range.start);
    // Other bytes no node stands for come back only between unedited nodes, as in Parsoid: before
    // an edited node the separator is fitted anew. Stray tags (the end tags tree building
    // ignored) are kept there too: they lie outside the edit, and nothing else writes them.
    if (this.diff.change.get(node) !== "unchanged" && !isLayoutOnly(withoutStrayTags(gap))) return null;
    return gap;
  }

  /**
   * After an edited or new node: the stray tags (end tags tree building ignored, which no node
   * stands for) right before an unedited node's source, between it and its original previous
   * sibling, come back with it. They lie outside the edit; nothing else would write them.
   */
  private strayTagsBefore(node: WNode, orig: WNode, range: SourceRange): string | null {
    if (this.diff.change.get(node) !== "unchanged") return null;
    // (Content fostered out of this node, a table, stands before it but inside its source.)
    const origSiblings = orig.parent?.children ?? [];
    let k = this.indexInParent(orig) - 1;
    while (k >= 0 && isFostered(origSiblings[k]!)) k--;
    const origPrev = origSiblings[k];
    const prevRange = origPrev ? this.ranges.get(origPrev) : undefined;
    if (!prevRange || prevRange.end >= range.start) return null;
    const gap = this.source.slice(prevRange.end, range.start);
    return isStrayTagRun(gap) ? gap : null;
  }

  /** Writes `text` after the node's separator: verbatim after an exact gap, else fitted. */
  private writeStart(node: WNode, text: string, gap: string | null, s: Serializer): void {
    if (gap !== null) {
      s.emitVerbatim(gap + text);
      return;
    }
    if (node.kind === "element") {
      const handler = handlerFor(node, s);
      s.requireNewlines(handler.before?.(node, previousContentSibling(node), s) ?? ANY);
      if (s.atLineStart) text = ownLineCellSource(node, text);
      // Table syntax may follow blanks and comments on its line, as when it is written anew.
      s.startNode(node);
    }
    s.emit(text);
  }

  tryReuse(node: WNode, index: number, s: Serializer): boolean {
    // The line break after a block an edit emptied away: the one before it already ends the line.
    if (isSeparatorText(node) && index > 0 && this.vanished.has(node.parent!.children[index - 1]!) && s.atLineStart && !s.isEmpty) return true;
    // The rest of a transclusion's group: its first node's source range covered it all.
    const about = node.kind === "element" ? node.getAttribute("about") : null;
    if (about !== null && node.parent && this.reusedGroups.get(about)?.parent === node.parent) {
      this.groupHeads.set(node, this.reusedGroups.get(about)!);
      return true;
    }
    // Fostered content whose table is written anew with it inside (see fostered.ts).
    if (isFostered(node) || isSeparatorText(node) || this.isNew(node)) {
      const table = tableAfterRun(node, index, this.isNew);
      if (table !== null && this.fosteredRunToRewrite(table) !== null) return true;
    }
    if (node.kind === "element" && node.name === "table") {
      const run = this.fosteredRunToRewrite(node);
      if (run !== null) {
        this.writeTableWithFostered(node, run, s);
        return true;
      }
    }
    const orig = this.diff.original.get(node);
    if (!orig) return false;
    const change = this.diff.change.get(node);
    let range = this.ranges.get(orig);
    if (!range) return false;
    // Fostered content written inside its table: its range may hold the table's start or the
    // fostered nodes before it (a holder paragraph's range is the table's), written already.
    if (this.fosteredFrom !== null && isFostered(node)) {
      if (range.start < this.fosteredFrom) range = startingAt(range, this.fosteredFrom);
      this.fosteredFrom = Math.max(this.fosteredFrom, range.end);
      // (Content whose range says nothing of its source is written anew.)
      if (range.start === range.end && node.kind === "element" && node.textContent() !== "") return false;
    }
    if (change === "modified") {
      // Written anew by its handler; stray tags right before it (which no node stands for) lie
      // outside the edit and come back first.
      const strayTags = this.gapBefore(node, index, orig, range);
      if (strayTags !== null && isStrayTagRun(strayTags)) s.emitVerbatim(strayTags);
      return false;
    }
    const gap = this.gapBefore(node, index, orig, range);

    if (change === "unchanged" && this.writtenWithItsTable(node, orig, range)) {
      this.insideTableSource.add(node);
      return true;
    }
    if (change === "unchanged") {
      const slice = this.source.slice(range.start, range.end);
      // Inside a table written with its fostered content: the table's whitespace right after
      // that content (which ended exactly) is its source, the rest of what the content left.
      const before = node.parent?.children[index - 1];
      if (this.fosteredFrom !== null && isSeparatorText(node) && before !== undefined && isFostered(before) && this.endsExactly.has(before) && isLayoutOnly(slice)) {
        s.emitVerbatim(slice);
        this.endsExactly.add(node);
        return true;
      }
      // A separator whose source also holds stray tags (which no node stands for): written as
      // it was, next to an edit too, since nothing else would write the tags.
      if (gap === null && isSeparatorText(node) && node.kind === "text" && slice !== node.value && isLayoutOnly(withoutStrayTags(slice)) && (slice.startsWith(node.value) || slice.endsWith(node.value))) {
        s.emitVerbatim(slice);
        this.endsExactly.add(node);
        return true;
      }
      // A nested list's source lacks the bullets of the items around it, and separators are
      // better fitted anew: both only come back verbatim between exact neighbours.
      if (gap === null && (isSeparatorText(node) || (node.kind === "element" && isListTag(node.name) && node.parent && isListItemTag(node.parent.name)))) {
        return false;
      }
      // A separator whose source holds bytes no node stands for (a stray end tag): kept only
      // between unedited nodes (see gapBefore).
      if (isSeparatorText(node) && !isLayoutOnly(slice) && this.nextIsEdited(node, index)) return false;
      // Plain text (its source is itself) next to an edit may land where it means markup ("-"
      // right after a cell's "|"): the ordinary writer escapes it, and leaves it as is otherwise.
      // Mid-line on both sides, text whose edges cannot join the markup next to them ("<ref x>" an
      // unclosed tag left as text, after an edited link) is kept as written: escaped anew it
      // would gain nowiki tags the source never had.
      if (gap === null && node.kind === "text" && slice === node.value) {
        if (s.atLineStart || range.start === 0 || this.source.charCodeAt(range.start - 1) === 10 || !this.edgesHold(node, index, range, slice, s) || (slice.includes("\n") && !keepsLinesAsWritten(node, index, s))) return false;
        s.emit(slice);
        this.endsExactly.add(node);
        return true;
      }
      // So may markup starting with "-", "+" or "}" (language-variant "-{...}-") right after a
      // bare "|": the line would read "|-", "|+" or "|}". Its handler writes it anew, guarded.
      if (gap === null && s.context.cell !== null && startsLikeTableSyntax(slice) && s.line.isCellMarkerOnly()) return false;
      this.writeStart(node, slice, gap, s);
      this.endsExactly.add(node);
      if (about !== null && node.kind === "element" && node.mw && isTransclusion(node)) this.reusedGroups.set(about, node);
      return true;
    }

    // An edit emptied a heading or a quote: "====" or "''''''" alone would be text, not markup.
    if (node.kind === "element" && EMPTIED_AWAY.test(node.name) && isEmptiedAway(node)) return true;
    // Content changed: keep the original open and close syntax around the new content.
    if (node.kind !== "element" || range.contentStart === undefined || range.contentEnd === undefined) return false;
    // An extension's or a template's output is not its source: the handler writes it anew.
    if (writtenAsWhole(node)) return false;
    if (isListItemTag(node.name) && (gap === null || startsWithList(node))) return false;
    let open = this.source.slice(range.start, range.contentStart);
    // An external link whose text an edit removed: "[url ]" would keep a space for nothing.
    if (node.name === "a" && node.children.length === 0) open = open.trimEnd();
    this.writeStart(node, open, gap, s);
    const edges = TRIMMING_PARSER.test(node.name) && node.dp?.stx !== "html" ? trimmedEdges(orig as WElement, range, this.source) : null;
    // The parser trimmed the spaces inside the markers ("== a ==", "| a"): they come back around
    // new content (as a separator, which an exactly reused first child's gap replaces).
    if (edges && edges.leading !== "" && !startsWithSpace(node)) s.addSeparator(edges.leading);
    else if (node.name === "td" && node.dp?.stx !== "html") guardCellStart(node, s);
    // An open syntax of nothing (a list's) after a fitted separator leaves that separator
    // pending: the first child settles it, so its original gap must not override it.
    if (open !== "" || gap !== null) this.opensExactly.add(node);
    s.withContext(contentContext(node), () => s.serializeChildren(node));
    const close = this.source.slice(range.contentEnd, range.end);
    if (this.endsExactly.has(node)) {
      // finishChildren wrote the original trailing whitespace: the close follows verbatim.
      s.emitVerbatim(close);
    } else {
      // (Not after a block such as a nested list: its line is not this element's.)
      const lastChild = node.children[node.children.length - 1] ?? null;
      if (edges && edges.trailing !== "" && !isBlockElement(lastChild) && !/[ \t\n]$/.test(s.line.lastChar() || "\n")) s.emit(edges.trailing);
      // "|}" closes a wikitext table only at the start of a line.
      if (node.name === "table" && close.startsWith("|}")) s.requireNewlines(OWN_LINE);
      s.emit(close);
      if (node.name === "p" && open === "" && close === "" && node.children.length === 0) this.vanished.add(node);
      // A paragraph ends where its last inline content ends: the original line break after it
      // still fits. (After other content, such as a block, the separator is fitted anew.)
      if (close === "" && !(node.name === "p" && endsInline(node))) return true;
    }
    this.endsExactly.add(node);
    return true;
  }

  finishChildren(el: WElement, s: Serializer): void {
    if (!this.opensExactly.has(el)) return;
    const origParent = this.diff.original.get(el);
    const parentRange = origParent ? this.ranges.get(origParent) : undefined;
    if (!origParent || origParent.kind !== "element" || parentRange?.contentEnd === undefined) return;
    const last = el.children[this.previousWithSource(el.children, el.children.length)];
    if (!last) return;
    const lastOrig = this.diff.original.get(last);
    if (!this.endsExactly.has(last) || !lastOrig || lastOrig.parent !== origParent) return;
    if (!nextAfterSeparators(origParent.children, this.indexInParent(lastOrig) + 1, undefined)) return;
    const lastRange = this.ranges.get(lastOrig);
    if (!lastRange || lastRange.end > parentRange.contentEnd) return;
    const rest = this.source.slice(lastRange.end, parentRange.contentEnd);
    // (After a node that stands for no source, such as Cite's generated references list, the
    // separator before it is still wanted: nothing verbatim overrides it.)
    if (rest !== "" || lastRange.start !== lastRange.end) s.emitVerbatim(rest);
    // Marks the container as ending exactly once its close syntax is written.
    this.endsExactly.add(el);
  }
}

export function prepareSelser(originalBody: WElement, editedBody: WElement, source: string): SelectiveSerializer {
  const ranges = new LazySourceRanges(originalBody, source);
  const diff = diffDom(originalBody, editedBody);
  return new SelectiveSerializer(source, ranges, diff);
}
