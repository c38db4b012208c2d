// unclosed-quotes-in-heading from the tokenizer's records: the tokenizer records every heading
// line that holds a quote run, and a heading whose content is plain text and quotes is decided
// here from the line alone, with the engine's apostrophe algorithm (transforms/quotes.ts): the
// bold/italic elements still open where the heading ends are the ones the heading closed. Lines
// with other syntax in them (tags, links, entities, syntax that splits the text) are left to the
// tree check, which skips the lines decided here.
import type { LintContext } from "../context.js";
import type { LintItem } from "../types.js";
import { boldRunToSplit, literalApostrophes } from "../../transforms/quotes.js";

/**
 * Characters that make a heading's content more than text and quotes for the tokenizer and the
 * transforms before quotes (tags, links, entities, table and heading syntax, behaviour switches,
 * French spacing's punctuation, and `:` of URLs).
 */
const NOT_PLAIN = /[[\]{}<>&|!=_:;?«»\u00a0\r]|ISBN|RFC|PMID/;

export interface HeadingQuoteResult {
  items: LintItem[];
  /** Start offsets of the heading lines decided here. */
  decided: Set<number>;
}

/** `keep` says which source positions the records may decide (not those inside transclusions). */
export function headingQuoteLints(ctx: LintContext, keep: (pos: number) => boolean = () => true): HeadingQuoteResult {
  const items: LintItem[] = [];
  const decided = new Set<number>();
  const src = ctx.source;
  for (const line of ctx.lexical.headingQuoteLines) {
    if (!keep(line.start)) continue;
    const heading = plainHeading(src, line.start, line.end);
    if (!heading) continue;
    decided.add(line.start);
    for (const open of openQuotesAtEnd(src, heading.contentStart, heading.contentEnd)) {
      if (!(open.width > 0)) continue;
      items.push({
        type: "unclosed-quotes-in-heading",
        dsr: [open.start, heading.contentEnd, open.width, 0],
        params: { name: open.name, ancestorName: `h${heading.level}` },
      });
    }
  }
  return { items, decided };
}

interface PlainHeading {
  level: number;
  contentStart: number;
  contentEnd: number;
}

/** `== content ==` with equal runs (at most 6), spaces after, and plain content; else null. */
function plainHeading(src: string, start: number, end: number): PlainHeading | null {
  let open = start;
  while (open < end && src[open] === "=") open++;
  let close = end;
  while (close > open && (src[close - 1] === " " || src[close - 1] === "\t")) close--;
  const afterClose = close;
  while (close > open && src[close - 1] === "=") close--;
  const level = open - start;
  if (level === 0 || level > 6 || afterClose - close !== level || close <= open) return null;
  if (NOT_PLAIN.test(src.slice(open, close))) return null;
  return { level, contentStart: open, contentEnd: close };
}

interface OpenQuote {
  name: "b" | "i";
  start: number;
  width: number;
}

type Piece = { text: string } | { start: number; len: number };

/**
 * The bold and italic elements the apostrophe algorithm leaves open at the end of a run of
 * plain text, outermost first. A port of transforms/quotes.ts on text pieces and quote runs
 * (normalisation of 4 and 6+ quotes, one bold turned italic when both counts are odd, the
 * state machine), keeping only where each open element began.
 */
export function openQuotesAtEnd(src: string, from: number, to: number): OpenQuote[] {
  const pieces = normalizedPieces(src, from, to);
  let state = "";
  let openB: { start: number; len: number } | null = null;
  let openI: { start: number; len: number } | null = null;
  let both: { start: number; len: number } | null = null;
  // Whether the last piece reopened the tag an inner one's end closed ("''a'''" ends italic and
  // bold and opens italic again): the transform drops such a tag when nothing follows it.
  let endsWithReopen = false;
  for (const p of pieces) {
    endsWithReopen = false;
    if ("text" in p) continue;
    if (p.len === 2) {
      if (state === "i") state = "";
      else if (state === "bi") state = "b";
      else if (state === "ib") { openB = p; state = "b"; endsWithReopen = true; }
      else if (state === "both") { openB = both; state = "b"; }
      else { openI = p; state += "i"; }
    } else if (p.len === 3) {
      if (state === "b") state = "";
      else if (state === "bi") { openI = p; state = "i"; endsWithReopen = true; }
      else if (state === "ib") state = "i";
      else if (state === "both") { openI = both; state = "i"; }
      else { openB = p; state += "b"; }
    } else {
      if (state === "b") { openI = p; state = "i"; }
      else if (state === "i") { openB = p; state = "b"; }
      else if (state === "bi" || state === "ib" || state === "both") state = "";
      else { both = p; state = "both"; }
    }
  }
  if (endsWithReopen) return [];
  switch (state) {
    case "both": return [openQuote("b", both!), openQuote("i", both!)];
    case "b": return [openQuote("b", openB!)];
    case "i": return [openQuote("i", openI!)];
    case "bi": return [openQuote("b", openB!), openQuote("i", openI!)];
    case "ib": return [openQuote("i", openI!), openQuote("b", openB!)];
    default: return [];
  }
}

function openQuote(name: "b" | "i", q: { start: number; len: number }): OpenQuote {
  return { name, start: q.start, width: q.len };
}

/** Text pieces and quote runs of [from, to) after normalisation and the odd-counts rule. */
function normalizedPieces(src: string, from: number, to: number): Piece[] {
  const pieces: Piece[] = [];
  let textFrom = from;
  let i = from;
  while (i < to) {
    if (src[i] !== "'" || src[i + 1] !== "'") {
      i++;
      continue;
    }
    let end = i;
    while (end < to && src[end] === "'") end++;
    if (i > textFrom) pieces.push({ text: src.slice(textFrom, i) });
    const literal = literalApostrophes(end - i);
    if (literal > 0) pieces.push({ text: "'".repeat(literal) });
    pieces.push({ start: i + literal, len: end - i - literal });
    textFrom = i = end;
  }
  if (to > textFrom) pieces.push({ text: src.slice(textFrom, to) });
  let italics = 0;
  let bolds = 0;
  for (const p of pieces) {
    if ("text" in p) continue;
    if (p.len === 2 || p.len === 5) italics++;
    if (p.len === 3 || p.len === 5) bolds++;
  }
  if (italics % 2 === 1 && bolds % 2 === 1) convertOneBold(pieces);
  return pieces;
}

/** The bold run read as an apostrophe plus italics, chosen as the quote transform chooses it. */
function convertOneBold(pieces: Piece[]): void {
  const pick = boldRunToSplit(
    pieces.length,
    (k) => {
      const p = pieces[k]!;
      return !("text" in p) && p.len === 3;
    },
    (k) => {
      const prev = pieces[k - 1];
      return prev && "text" in prev ? prev.text : "";
    },
  );
  if (pick < 0) return;
  const q = pieces[pick] as { start: number; len: number };
  pieces.splice(pick, 1, { text: "'" }, { start: q.start + 1, len: 2 });
}
