// Entry points of the wikitext tokenizer. The host writes the document as UTF-16 code units into
// the buffer returned by inputBuffer(), calls tokenize(ptr, len) once, and reads the token stream
// (tokenCount() tokens of four i32 words at tokensPtr()) through a typed-array view.
import { setInput, ch, inputLen, isAsciiLetter, isAsciiAlnum, work, matchesLower } from "./state";
import { emit, flushText, resetTokens, tokCount, tokensPtr as outputPtr } from "./output";
import { K_NEWLINE, K_INDENT } from "./kinds";
import { angleBracket, resetTagMemo } from "./constructs/html-tag";
import { entityStart } from "./constructs/entity";
import { quoteRun } from "./constructs/quote";
import { openBracket, closeBracket } from "./constructs/wikilink";
import { wordStart } from "./constructs/extlink";
import { behaviorSwitch } from "./constructs/behavior-switch";
import { equalsRun } from "./constructs/heading";
import { listPrefix, colon, definitionLine, endLine } from "./constructs/list";
import { horizontalRule } from "./constructs/hr";
import { tableLineStart, pipe, doubleBang } from "./constructs/table";
import { lintOn, startLint, stopLint, lintOpenBraces, lintCloseBraces, lintHeadingQuote, lintRecordCount } from "./lint/record";
export { clearRawTags, addRawTag, clearKnownTags, addKnownTag, clearAnnotationTags, addAnnotationTag } from "./raw-tags";
export { lintRecordsPtr } from "./lint/record";

let bufPtr: usize = 0;
let bufCap: i32 = 0;
/** Whether the current line started with `=` (a heading candidate). */
let headingLine: bool = false;
/**
 * Where the current line's sol-transparent start ends (comments, include directives and
 * behaviour switches leave the line's start in place, as in Parsoid): a `=` there still starts a
 * heading line. -1 once the line holds anything else.
 */
let solEnd: i32 = -1;
/** Where the current line starts. */
let lineStartPos: i32 = 0;

/** A buffer for at least `len` code units; reused between documents. */
export function inputBuffer(len: i32): usize {
  if (len > bufCap) {
    if (bufPtr != 0) heap.free(bufPtr);
    bufCap = len < 4096 ? 4096 : len;
    bufPtr = heap.alloc(<usize>bufCap << 1);
  }
  return bufPtr;
}

export function tokensPtr(): usize {
  return outputPtr();
}

export function tokenCount(): i32 {
  return tokCount;
}

/** Characters visited by all scans of the last document (for linearity checks). */
export function workDone(): f64 {
  return <f64>work;
}

/** Tokenizes `len` code units at `ptr`; returns the number of tokens. */
export function tokenize(ptr: usize, len: i32): i32 {
  startLint(false);
  return run(ptr, len, true);
}

/**
 * Like tokenize, for text that continues a line (a language variant's text after `zh:`): its
 * first line has no line-start syntax (a `*` there is a character, not a list item).
 */
export function tokenizeMidLine(ptr: usize, len: i32): i32 {
  startLint(false);
  return run(ptr, len, false);
}

/** Like tokenize, and records the lexical lint facts in the same pass (lintRecordCount()
 * records at lintRecordsPtr()). */
export function tokenizeWithLint(ptr: usize, len: i32): i32 {
  startLint(true);
  const count = run(ptr, len, true);
  stopLint();
  return count;
}

export function lintRecords(): i32 {
  return lintRecordCount;
}

function run(ptr: usize, len: i32, atLineStart: bool): i32 {
  setInput(ptr, len);
  resetTokens(len / 4 + 16);
  resetTagMemo();
  headingLine = false;
  solEnd = -1;
  endLine();
  lineStartPos = 0;
  let i = atLineStart ? lineStart(0) : 0;
  while (i < inputLen) {
    const c = ch(i);
    let next: i32 = -1;
    switch (c) {
      case 0x0a: {
        emit(K_NEWLINE, i, i + 1, 0);
        next = lineStart(i + 1);
        break;
      }
      case 0x5b: next = openBracket(i); break;
      case 0x5d: next = closeBracket(i); break;
      case 0x27: {
        next = quoteRun(i);
        if (lintOn && headingLine && next >= 0) lintHeadingQuote(lineStartPos, i);
        break;
      }
      case 0x3c: {
        next = angleBracket(i);
        if (i == solEnd) solEnd = next > i && isSolTransparentTag(i) ? next : -1;
        break;
      }
      case 0x26: next = entityStart(i); break;
      case 0x7c: next = pipe(i); break;
      case 0x21: next = doubleBang(i); break;
      case 0x3d: {
        if (i == solEnd) headingLine = true;
        if (headingLine) next = equalsRun(i);
        break;
      }
      case 0x3a: if (definitionLine) next = colon(i); break;
      // `__WORD__`, or `＿＿WORD＿＿` with full-width low lines (Japanese aliases).
      case 0x5f: case 0xff3f: {
        next = behaviorSwitch(i);
        if (i == solEnd) solEnd = next;
        break;
      }
      // Template arguments are not tokens; only the linter wants them.
      case 0x7b: if (lintOn) next = lintOpenBraces(i); break;
      case 0x7d: if (lintOn) next = lintCloseBraces(i); break;
      default: {
        // A free link or magic link starts a word: after a letter, digit or "_" (a behaviour
        // switch's `__` too) it is text, as Parsoid's autolink rule checks the character before.
        const before = ch(i - 1);
        if (isAsciiLetter(c) && !isAsciiAlnum(before) && before != 0x5f) next = wordStart(i);
      }
    }
    // (A character at solEnd that is no sol-transparent markup needs no reset: the cursor only
    // moves on, so solEnd is never reached again on this line.)
    i = next < 0 ? i + 1 : next;
  }
  work += inputLen;
  flushText(inputLen);
  return tokCount;
}

/** Whether the tag at `pos` (a token) is sol-transparent: a comment or an include directive. */
function isSolTransparentTag(pos: i32): bool {
  if (ch(pos + 1) == 0x21) return true;
  const nameStart = ch(pos + 1) == 0x2f ? pos + 2 : pos + 1;
  return matchesLower(nameStart, "noinclude") || matchesLower(nameStart, "includeonly") || matchesLower(nameStart, "onlyinclude");
}

/** At the start of a line: its line-start syntax, after which no sol-transparent start counts. */
function lineStart(pos: i32): i32 {
  const after = lineStartSyntax(pos);
  solEnd = after == pos ? pos : -1;
  return after;
}

/** Line-start syntax (hr, list prefix, indentation, table lines). */
function lineStartSyntax(pos: i32): i32 {
  endLine();
  lineStartPos = pos;
  const c = ch(pos);
  headingLine = c == 0x3d;
  if (c == 0x2d) {
    const hr = horizontalRule(pos);
    if (hr >= 0) return hr;
    return pos;
  }
  let i = pos;
  let afterPrefix = false;
  const prefixEnd = listPrefix(i);
  if (prefixEnd >= 0) {
    i = prefixEnd;
    afterPrefix = true;
  }
  let ws = i;
  while (ch(ws) == 0x20 || ch(ws) == 0x09) ws++;
  if (ws > i) {
    // Indentation is only a token of its own at the very start of a line; after a list prefix
    // it is part of the item's text unless a table follows.
    const tableAt = tableLineStart(ws, afterPrefix);
    if (tableAt >= 0) return tableAt;
    if (!afterPrefix) emit(K_INDENT, i, ws, 0);
    return ws;
  }
  const tableAt = tableLineStart(i, afterPrefix);
  return tableAt >= 0 ? tableAt : i;
}
