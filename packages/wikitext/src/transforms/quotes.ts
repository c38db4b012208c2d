// Bold and italic from apostrophe runs, with MediaWiki's per-line algorithm (doQuotes): runs of
// 4 become `'` + bold, runs over 5 keep the excess as text; when both bold and italic counts are
// odd, one bold run is reinterpreted as an apostrophe plus italic. Tags still open at the end of
// a line (or of a table cell, list item or heading) are closed there.
import type { Token, QuoteTk } from "../tokenizer/tokens.js";
import { startTag, endTag, text, hasTokenOfType } from "../tokenizer/tokens.js";
import { isHeadingTagName } from "../util/html-tags.js";

/** Tokens that end the current "line" for quote purposes. */
function isLineBreak(tk: Token): boolean {
  if (tk.type === "nl" || tk.type === "listitem") return true;
  if (tk.type === "start") return tk.name === "td" || tk.name === "th" || tk.name === "tr" || tk.name === "caption" || tk.name === "table";
  if (tk.type === "end") return isHeadingTagName(tk.name) || tk.name === "table";
  return false;
}

/**
 * `emitted`: whether the grammar emitted quote tokens (it knows, and the list need not be
 * scanned); without it the list is searched. A list without quotes comes back as it is.
 */
export function transformQuotes(tokens: Token[], emitted?: boolean): Token[] {
  if (emitted === false || (emitted === undefined && !hasTokenOfType(tokens, "quote"))) return tokens;
  return new QuoteLines().run(tokens);
}

/**
 * Tokens go straight to `out`; a line is taken back out and rewritten only when it has quotes.
 * Link text is quoted on its own (Parsoid processes it separately): an open '' outside a link
 * does not pair with one inside it. Its rewritten tokens stay part of the outer line.
 */
class QuoteLines {
  private readonly out: Token[] = [];
  private lineStart = 0;
  private hasQuote = false;
  private readonly outer: Array<{ lineStart: number; hasQuote: boolean }> = [];

  run(tokens: Token[]): Token[] {
    const { out, outer } = this;
    for (const tk of tokens) {
      if (tk.type === "start" && tk.name === "a") {
        out.push(tk);
        outer.push({ lineStart: this.lineStart, hasQuote: this.hasQuote });
        this.lineStart = out.length;
        this.hasQuote = false;
        continue;
      }
      if (tk.type === "end" && tk.name === "a" && outer.length > 0) {
        this.closeLink();
        out.push(tk);
        continue;
      }
      if (isLineBreak(tk)) {
        while (outer.length > 0) this.closeLink();
        this.flushLine();
        out.push(tk);
        this.lineStart = out.length;
        continue;
      }
      if (tk.type === "quote") this.hasQuote = true;
      out.push(tk);
    }
    while (outer.length > 0) this.closeLink();
    this.flushLine();
    return out;
  }

  private flushLine(): void {
    if (this.hasQuote) processLine(this.out.splice(this.lineStart), this.out);
    this.hasQuote = false;
  }

  private closeLink(): void {
    this.flushLine();
    const up = this.outer.pop()!;
    this.lineStart = up.lineStart;
    this.hasQuote = up.hasQuote;
  }
}

/**
 * How many apostrophes of a run are plain text: a run of 4 is an apostrophe then bold, a run over
 * 5 keeps its excess as text before bold italics. Shared with the heading-quotes lint.
 */
export function literalApostrophes(len: number): number {
  return len === 4 ? 1 : len > 5 ? len - 5 : 0;
}

/** Normalises run lengths (4 → ' + 3, >5 → extra + 5) and balances the counts. */
function normalizeRuns(line: Token[]): Token[] {
  const res: Token[] = [];
  for (const tk of line) {
    if (tk.type !== "quote") {
      res.push(tk);
      continue;
    }
    const literal = literalApostrophes(tk.len);
    if (literal > 0) res.push(text("'".repeat(literal), tk.start, tk.start + literal));
    const start = tk.start + literal;
    const len = tk.len - literal;
    res.push({ type: "quote", len, start, end: start + len });
  }
  let italics = 0;
  let bolds = 0;
  for (const tk of res) {
    if (tk.type !== "quote") continue;
    if (tk.len === 2) italics++;
    else if (tk.len === 3) bolds++;
    else if (tk.len === 5) {
      italics++;
      bolds++;
    }
  }
  if (italics % 2 === 1 && bolds % 2 === 1) convertOneBold(res);
  return res;
}

/**
 * MediaWiki's choice of the bold run to read as an apostrophe plus italics when a line has odd
 * counts of both: the first one after a one-letter word, else the first after a longer word,
 * else the first after a space. Items are runs or text; returns the chosen item's index or -1.
 * Shared with the lint check that decides unclosed quotes in headings without a tree.
 */
export function boldRunToSplit(count: number, isBoldRun: (k: number) => boolean, textBefore: (k: number) => string): number {
  let firstSingle = -1;
  let firstMulti = -1;
  let firstSpace = -1;
  for (let k = 0; k < count; k++) {
    if (!isBoldRun(k)) continue;
    const before = textBefore(k);
    const x1 = before.charAt(before.length - 1);
    const x2 = before.charAt(before.length - 2);
    if (x1 === " ") {
      if (firstSpace < 0) firstSpace = k;
    } else if (x2 === " ") {
      firstSingle = k;
      break;
    } else if (firstMulti < 0) {
      firstMulti = k;
    }
  }
  return firstSingle >= 0 ? firstSingle : firstMulti >= 0 ? firstMulti : firstSpace;
}

function convertOneBold(res: Token[]): void {
  const pick = boldRunToSplit(
    res.length,
    (k) => {
      const tk = res[k]!;
      return tk.type === "quote" && tk.len === 3;
    },
    (k) => {
      const prev = res[k - 1];
      return prev && prev.type === "text" ? prev.value : "";
    },
  );
  if (pick < 0) return;
  const q = res[pick] as QuoteTk;
  res.splice(pick, 1, text("'", q.start, q.start + 1), { type: "quote", len: 2, start: q.start + 1, end: q.end });
}

// The tags a quote run becomes. Module functions, not closures per line: under tsx every named
// closure also costs a defineProperty of its name.
function open(name: string, q: QuoteTk): Token {
  return startTag(name, [], { tsr: [q.start, q.end] });
}

function close(name: string, q: QuoteTk): Token {
  return endTag(name, { tsr: [q.start, q.end] });
}

function processLine(line: Token[], out: Token[]): void {
  const runs = normalizeRuns(line);
  // Where the tag reopened after an inner one closed stands in `out` (the bold of "''a'''b''"
  // opens again after the italic's end): holding nothing at the end of the line, it goes.
  let reopenedAt = -1;
  let state = "";
  let bothAt = -1;
  let bothTk: QuoteTk | null = null;
  for (const tk of runs) {
    if (tk.type !== "quote") {
      out.push(tk);
      continue;
    }
    const q = tk;
    if (q.len === 2) {
      if (state === "i") { out.push(close("i", q)); state = ""; }
      else if (state === "bi") { out.push(close("i", q)); state = "b"; }
      else if (state === "ib") { out.push(close("b", q), close("i", q), open("b", q)); reopenedAt = out.length - 1; state = "b"; }
      else if (state === "both") { out.splice(bothAt, 0, open("b", bothTk!), open("i", bothTk!)); out.push(close("i", q)); state = "b"; }
      else { out.push(open("i", q)); state += "i"; }
    } else if (q.len === 3) {
      if (state === "b") { out.push(close("b", q)); state = ""; }
      else if (state === "bi") { out.push(close("i", q), close("b", q), open("i", q)); reopenedAt = out.length - 1; state = "i"; }
      else if (state === "ib") { out.push(close("b", q)); state = "i"; }
      else if (state === "both") { out.splice(bothAt, 0, open("i", bothTk!), open("b", bothTk!)); out.push(close("b", q)); state = "i"; }
      else { out.push(open("b", q)); state += "b"; }
    } else {
      if (state === "b") { out.push(close("b", q), open("i", q)); state = "i"; }
      else if (state === "i") { out.push(close("i", q), open("b", q)); state = "b"; }
      else if (state === "bi") { out.push(close("i", q), close("b", q)); state = ""; }
      else if (state === "ib") { out.push(close("b", q), close("i", q)); state = ""; }
      else if (state === "both") { out.splice(bothAt, 0, open("i", bothTk!), open("b", bothTk!)); out.push(close("b", q), close("i", q)); state = ""; }
      else { bothAt = out.length; bothTk = q; state = "both"; }
    }
  }
  const lastEnd = runs.length > 0 ? endOf(runs[runs.length - 1]!) : 0;
  const eol: QuoteTk = { type: "quote", len: 0, start: lastEnd, end: lastEnd };
  if (state === "both" && bothTk) {
    out.splice(bothAt, 0, open("b", bothTk), open("i", bothTk));
    out.push(close("i", eol), close("b", eol));
    return;
  }
  if ((state === "b" || state === "i") && reopenedAt >= 0 && reopenedAt === out.length - 1) {
    // Parsoid marks such a tag auto-inserted at both ends and drops it when it holds nothing.
    out.splice(reopenedAt, 1);
    return;
  }
  if (state === "b" || state === "ib") out.push(close("b", eol));
  if (state === "i" || state === "bi" || state === "ib") out.push(close("i", eol));
  if (state === "bi") out.push(close("b", eol));
}

function endOf(tk: Token): number {
  if (tk.type === "start" || tk.type === "end" || tk.type === "self") return tk.dp.tsr?.[1] ?? 0;
  return tk.end;
}
