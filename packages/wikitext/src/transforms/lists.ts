// Lists from list item markers: compares each item's bullets with the open lists, closes and
// opens ul/ol/dl levels and li/dt/dd items. `;` and `:` share a dl, so `;a` then `:b` give one
// list with a term and a definition. Item closers go before the newline that ends an item,
// openers after it, as Parsoid writes them.
import type { Token, ListItemTk, NewlineTk } from "../tokenizer/tokens.js";
import { startTag, endTag, hasTokenOfType } from "../tokenizer/tokens.js";
import type { DataParser } from "../dom/data-parser.js";
import type { Attr } from "../dom/node.js";
import { isSolTransparent } from "./paragraphs.js";

interface Level {
  list: string;
  item: string;
  char: string;
}

function listTag(c: string): string {
  return c === "*" ? "ul" : c === "#" ? "ol" : "dl";
}

function itemTag(c: string): string {
  return c === "*" || c === "#" ? "li" : c === ";" ? "dt" : "dd";
}

function sameList(a: string, b: string): boolean {
  return a === b || ((a === ";" || a === ":") && (b === ";" || b === ":"));
}

/** Block end tags that close open wikitext lists before them. */
const CLOSES_LISTS = new Set(["div", "p", "blockquote", "center", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "figure", "aside", "td", "th", "tr", "caption"]);

/**
 * From `from` (a line start): the index after a run of whole lines made of page properties
 * (category/language links), whitespace and comments, each ending in a newline; `from` if none.
 */
function pagePropertyLines(tokens: Token[], from: number): number {
  let k = from;
  let end = from;
  let hasProperty = false;
  while (k < tokens.length) {
    const tk = tokens[k]!;
    if (tk.type === "nl") {
      if (!hasProperty) break;
      end = k + 1;
      hasProperty = false;
    } else if (tk.type === "self" && tk.name === "link" && isSolTransparent(tk)) {
      hasProperty = true;
    } else if (!(isTransparent(tk) || (tk.type === "text" && /^[ \t]*$/.test(tk.value)))) {
      break;
    }
    k++;
  }
  return end;
}

function isTransparent(tk: Token): boolean {
  return tk.type === "comment" || (tk.type === "text" && tk.transparent === true);
}

/**
 * The attributes of every list and item tag this transform writes: one empty list for all. No
 * stage changes a token's attribute list in place (the sanitizer replaces it, tree building gives
 * each element a copy), and a fresh one per tag cost 64 bytes per list level.
 */
const NO_ATTRIBUTES: Attr[] = [];

/**
 * `emitted`: whether the grammar emitted list item tokens (it knows, and the list need not be
 * scanned); without it the list is searched. A list without items comes back as it is.
 */
export function transformLists(tokens: Token[], emitted?: boolean): Token[] {
  if (emitted === false || (emitted === undefined && !hasTokenOfType(tokens, "listitem"))) return tokens;
  const out: Token[] = [];
  let stack: Level[] = [];
  // Tables start a new list context (a list item may hold a table whose cells hold lists);
  // the outer lists resume after the table.
  const frames: Level[][] = [];
  /** Block tags opened inside the current lists (their end tags do not end the lists). */
  const openedInList = new Map<string, number>();
  let pendingNl: NewlineTk | null = null;
  /** Comment-only lines between the newline and the next item. */
  let pendingBetween: Token[] = [];

  const closeTo = (depth: number, at: number) => {
    if (stack.length <= depth) return;
    // One parse data object for all the end tags closed here: they all stand at `at`, and tree
    // building only reads an end tag's tsr. A line ending 10,000 levels deep closes 20,000 tags.
    const dp: DataParser = { tsr: [at, at] };
    while (stack.length > depth) {
      const level = stack.pop()!;
      out.push(endTag(level.item, dp), endTag(level.list, dp));
    }
  };

  for (let t = 0; t < tokens.length; t++) {
    const tk = tokens[t]!;
    if (tk.type === "nl" && stack.length > 0) {
      // Comment-only lines between items do not end the list.
      let ahead = t + 1;
      while (ahead < tokens.length && isTransparent(tokens[ahead]!)) ahead++;
      const next = tokens[ahead];
      if (next && next.type === "listitem") {
        pendingBetween = tokens.slice(t + 1, ahead);
        t = ahead - 1;
        pendingNl = tk;
        continue;
      }
      // Lines holding only category/language links between items stay in the current item.
      const propsEnd = pagePropertyLines(tokens, t + 1);
      if (propsEnd > t + 1 && tokens[propsEnd]?.type === "listitem") {
        out.push(tk);
        for (let k = t + 1; k < propsEnd - 1; k++) out.push(tokens[k]!);
        pendingNl = tokens[propsEnd - 1] as NewlineTk;
        t = propsEnd - 1;
        continue;
      }
      closeTo(0, tk.start);
      out.push(tk);
      continue;
    }
    if (tk.type === "listitem") {
      item(tk, pendingNl);
      pendingNl = null;
      continue;
    }
    if (stack.length > 0 && CLOSES_LISTS.has((tk as { name?: string }).name ?? "")) {
      const name = (tk as { name: string }).name;
      if (tk.type === "start") openedInList.set(name, (openedInList.get(name) ?? 0) + 1);
      else if (tk.type === "end") {
        const open = openedInList.get(name) ?? 0;
        // An end tag of a block opened before the list (`<div>\n*a</div>`) ends the lists.
        if (open > 0) openedInList.set(name, open - 1);
        else closeTo(0, tk.dp.tsr?.[0] ?? 0);
      }
    }
    if (tk.type === "start" && tk.name === "table") {
      frames.push(stack);
      stack = [];
    } else if (tk.type === "end" && tk.name === "table" && frames.length > 0) {
      closeTo(0, tk.dp.tsr?.[0] ?? 0);
      stack = frames.pop()!;
    }
    out.push(tk);
  }
  while (frames.length > 0) {
    closeTo(0, 0);
    stack = frames.pop()!;
  }
  if (stack.length > 0) {
    const last = out[out.length - 1];
    const at = last && "end" in last && typeof last.end === "number" ? last.end : 0;
    closeTo(0, at);
  }
  return out;

  function pushNl(nl: NewlineTk): void {
    out.push(nl);
    for (const t of pendingBetween) out.push(t);
    pendingBetween = [];
  }

  function item(tk: ListItemTk, nl: NewlineTk | null): void {
    const bullets = tk.bullets;
    let common = 0;
    while (common < stack.length && common < bullets.length && sameList(stack[common]!.char, bullets[common]!)) common++;
    const at = tk.start;
    // Close deeper levels (before the newline).
    closeTo(common, nl ? nl.start : at);
    const tsr: [number, number] = [tk.start, tk.end];
    if (common > 0 && common === bullets.length) {
      // Next item at the same level (dt/dd may switch).
      const level = stack[common - 1]!;
      const c = bullets[common - 1]!;
      out.push(endTag(level.item, { tsr: [at, at] }));
      if (nl) pushNl(nl);
      level.item = itemTag(c);
      level.char = c;
      out.push(startTag(level.item, NO_ATTRIBUTES, { tsr }));
      return;
    }
    if (common > 0) {
      const level = stack[common - 1]!;
      const c = bullets[common - 1]!;
      if (level.char !== c) {
        // `;a` then `:*b`: the definition starts, then nests.
        out.push(endTag(level.item, { tsr: [at, at] }));
        if (nl) pushNl(nl);
        nl = null;
        level.item = itemTag(c);
        level.char = c;
        out.push(startTag(level.item, NO_ATTRIBUTES, { tsr: [at, at] }));
      }
    }
    if (nl) pushNl(nl);
    if (stack.length === 0) openedInList.clear();
    // The first level opened on the line starts at the line's bullets (those of the levels it
    // continues are its syntax too); each deeper one starts at its own bullet.
    for (let k = common; k < bullets.length; k++) {
      const c = bullets[k]!;
      const level: Level = { list: listTag(c), item: itemTag(c), char: c };
      stack.push(level);
      const start = k === common ? at : at + k;
      out.push(startTag(level.list, NO_ATTRIBUTES, { tsr: [start, start] }));
      out.push(startTag(level.item, NO_ATTRIBUTES, { tsr: [start, k === bullets.length - 1 ? tk.end : at + k + 1] }));
    }
  }
}
