// Indent-pre: consecutive lines that start with a space become one <pre> (the first space of
// each line is syntax). A line holding a block-level tag is never pre, a blank line ends the
// block, and a space-only line continues an open pre but never starts one.
import type { Token, NewlineTk } from "../tokenizer/tokens.js";
import { startTag, endTag } from "../tokenizer/tokens.js";
import { WIKITEXT_BLOCK_ELEMS } from "../util/html-tags.js";
import { isSolTransparent } from "./paragraphs.js";

/** The <pre> tags this transform creates (the paragraph wrapper treats them as one block). */
export const indentPreTags = new WeakSet<Token>();

/** Whether a token is the start or end of an indent-pre (only `pre` tags can be: skips the set lookup for the rest). */
export function isIndentPreTag(tk: Token): boolean {
  return (tk.type === "start" || tk.type === "end") && tk.name === "pre" && indentPreTags.has(tk);
}

function splitLines(tokens: Token[]): { lines: Token[][]; nls: NewlineTk[] } {
  const lines: Token[][] = [[]];
  const nls: NewlineTk[] = [];
  for (const tk of tokens) {
    if (tk.type === "nl") {
      nls.push(tk);
      lines.push([]);
    } else lines[lines.length - 1]!.push(tk);
  }
  return { lines, nls };
}

function blocksPre(line: Token[]): boolean {
  for (const tk of line) {
    if ((tk.type === "start" || tk.type === "end" || tk.type === "self") && WIKITEXT_BLOCK_ELEMS.has(tk.name)) {
      // The pre extension tag is a block too.
      return true;
    }
    if (tk.type === "listitem") return true;
  }
  return false;
}

/** Index of the line's indent token, skipping leading comments; -1 when none. */
function indentIndex(line: Token[]): number {
  for (let k = 0; k < line.length; k++) {
    const tk = line[k]!;
    if (tk.type === "indent") return k;
    if (tk.type !== "comment" && !(tk.type === "text" && tk.transparent)) return -1;
  }
  return -1;
}

/** Whether the rest of the line holds nothing but whitespace, comments and page properties. */
function isBlankAfter(line: Token[], from: number): boolean {
  for (let k = from; k < line.length; k++) {
    const tk = line[k]!;
    if (tk.type === "comment") continue;
    // (Transparent text: an empty line, or the newlines a category link took into this line.)
    if (tk.type === "text" && (tk.transparent === true || /^[ \t]*$/.test(tk.value))) continue;
    if (tk.type === "self" && (tk.name === "link" || tk.name === "meta") && isSolTransparent(tk)) continue;
    return false;
  }
  return true;
}

/** `mayHaveIndents`: false when the producer knows there is no indentation token (no scan then). */
export function transformIndentPre(tokens: Token[], mayHaveIndents = true): Token[] {
  if (!mayHaveIndents || !tokens.some((t) => t.type === "indent")) return tokens;
  const { lines, nls } = splitLines(tokens);
  // preAhead[l]: lines l.. continue a pre (a content line follows, maybe after blank indented lines).
  const preAhead = new Uint8Array(lines.length + 1);
  for (let l = lines.length - 1; l >= 0; l--) {
    const line = lines[l]!;
    const at = indentIndex(line);
    if (at < 0 || blocksPre(line)) preAhead[l] = 0;
    else preAhead[l] = isBlankAfter(line, at + 1) ? preAhead[l + 1]! : 1;
  }
  const out: Token[] = [];
  let inPre = false;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!;
    const at = indentIndex(line);
    const candidate = at >= 0 && !blocksPre(line);
    const blank = candidate && isBlankAfter(line, at + 1);
    if (candidate && (!blank || inPre)) {
      // Only continue through a blank line if more pre content follows.
      if (blank && preAhead[l + 1] !== 1) {
        closePre();
        pushIndentAsText(line, at);
      } else {
        const indent = line[at]!;
        for (let k = 0; k < at; k++) out.push(line[k]!);
        if (!inPre) {
          const pre = startTag("pre", [], { tsr: [indentStart(indent), indentStart(indent) + 1] });
          indentPreTags.add(pre);
          out.push(pre);
          inPre = true;
        }
        // The indent stays (as syntax) so the paragraph wrapper can undo the pre if needed.
        out.push(indent);
        for (let k = at + 1; k < line.length; k++) out.push(line[k]!);
      }
    } else {
      closePre();
      if (at >= 0) pushIndentAsText(line, at);
      else for (const tk of line) out.push(tk);
    }
    const nl = nls[l];
    if (nl) {
      // A pre ends after the newline of its last line, as Parsoid writes it, unless the next
      // line is indented but holds a block (then the newline follows the pre).
      if (inPre && preAhead[l + 1] !== 1) {
        const next = lines[l + 1];
        if (next && (indentIndex(next) >= 0 || blocksPre(next))) {
          closePre(nl.start);
          out.push(nl);
        } else {
          out.push(nl);
          closePre(nl.end);
        }
      } else out.push(nl);
    }
  }
  closePre();
  return out;

  function closePre(at?: number): void {
    if (!inPre) return;
    // Category links whose newlines were taken into the pre's last line (link-newlines.ts)
    // follow the pre with those newlines, as Parsoid's pre leaves trailing sol-transparent
    // tokens out.
    const tail = tunneledTail(out);
    const moved = tail < 0 ? null : out.splice(tail);
    const last = out[out.length - 1];
    const pos = moved !== null ? tokenStartOf(moved[0]!) : (at ?? (last && "end" in last && typeof last.end === "number" ? last.end : 0));
    const end = endTag("pre", { tsr: [pos, pos] });
    indentPreTags.add(end);
    out.push(end);
    if (moved !== null) for (const tk of moved) out.push(tk);
    inPre = false;
  }

  function pushIndentAsText(line: Token[], at: number): void {
    for (let k = 0; k < line.length; k++) {
      const tk = line[k]!;
      if (k === at && tk.type === "indent") out.push({ type: "text", value: tk.value, start: tk.start, end: tk.end });
      else out.push(tk);
    }
  }
}

/**
 * Where the trailing run of sol-transparent tokens of `out` starts at a newline that a category
 * link took into its line (transparent text from link-newlines.ts); -1 when the run has none.
 */
function tunneledTail(out: Token[]): number {
  let from = -1;
  for (let k = out.length - 1; k >= 0; k--) {
    const tk = out[k]!;
    if (tk.type === "indent" || !isSolTransparent(tk)) break;
    if (tk.type === "text" && tk.transparent === true && tk.value.charCodeAt(0) === 10) from = k;
  }
  return from;
}

function tokenStartOf(tk: Token): number {
  return "start" in tk && typeof tk.start === "number" ? tk.start : (tk.type === "self" || tk.type === "start" || tk.type === "end" ? (tk.dp.tsr?.[0] ?? 0) : 0);
}

function indentStart(tk: Token): number {
  return tk.type === "indent" ? tk.start : 0;
}
