// Lint facts recorded by the tokenizer in the same pass as tokenizing (tokenizeWithLint): the
// syntax the DOM cannot show any more — start and end tags (so the DOM pass can tell which end
// tags tree building dropped, and where extension bodies are), `|}` at line starts, links whose
// target starts with several colons (they stay plain text) and template arguments `{{{…}}}`.
// The constructs call the hooks below only while `lintOn` is set, so plain tokenizing pays one
// branch per construct. Records are a flat i32 buffer (LINT_RECORD_WORDS words each) that the host
// reads through one typed-array view.
import { ch, inputLen, lower, addWork } from "../state";
import { L_END_TAG, L_MULTI_COLON_LINK, L_TEMPLATE_ARG, L_START_TAG, L_TABLE_END, L_HEADING_QUOTES, LINT_RECORD_WORDS, LF_SELF_CLOSED, LF_OBSOLETE } from "./kinds";
import { isObsoleteTagAt } from "./tag-names";

/** Whether the current document is tokenized for the linter. */
export let lintOn: bool = false;

let recPtr: usize = 0;
let recCap: i32 = 0;
export let lintRecordCount: i32 = 0;

export function lintRecordsPtr(): usize {
  return recPtr;
}

/** Stops recording; the records stay readable until the next document. */
export function stopLint(): void {
  lintOn = false;
}

export function startLint(on: bool): void {
  lintOn = on;
  lintRecordCount = 0;
  argDepth = 0;
  lastHeadingLine = -1;
}

function record(kind: i32, start: i32, end: i32, extra: i32, flags: i32): void {
  if (lintRecordCount >= recCap) {
    const cap = recCap < 256 ? 256 : recCap * 2;
    const next = heap.alloc(<usize>cap * LINT_RECORD_WORDS * 4);
    if (lintRecordCount > 0) memory.copy(next, recPtr, <usize>lintRecordCount * LINT_RECORD_WORDS * 4);
    if (recPtr != 0) heap.free(recPtr);
    recPtr = next;
    recCap = cap;
  }
  const p = recPtr + (<usize>lintRecordCount * LINT_RECORD_WORDS << 2);
  store<i32>(p, kind);
  store<i32>(p, start, 4);
  store<i32>(p, end, 8);
  store<i32>(p, extra, 12);
  store<i32>(p, flags, 16);
  lintRecordCount++;
}

/** A start tag `<name …>` (nameEnd: where its name ends); flags say self-closed / obsolete. */
export function lintStartTag(start: i32, end: i32, nameEnd: i32, selfClosed: bool): void {
  let flags = selfClosed ? LF_SELF_CLOSED : 0;
  if (isObsoleteTagAt(start + 1, nameEnd - start - 1)) flags |= LF_OBSOLETE;
  record(L_START_TAG, start, end, nameEnd, flags);
}

export function lintEndTag(start: i32, end: i32, nameEnd: i32): void {
  let flags = 0;
  if (isObsoleteTagAt(start + 2, nameEnd - start - 2)) flags |= LF_OBSOLETE;
  record(L_END_TAG, start, end, nameEnd, flags);
}

/** Start of the heading line last recorded (one record per line). */
let lastHeadingLine: i32 = -1;

/** A quote run on a heading candidate line starting at `lineStart`: the line is recorded once,
 * so the host decides the unclosed-quotes-in-heading lint for it without looking at other lines. */
export function lintHeadingQuote(lineStart: i32, pos: i32): void {
  if (lineStart == lastHeadingLine) return;
  lastHeadingLine = lineStart;
  let j = pos;
  while (j < inputLen && ch(j) != 0x0a) j++;
  addWork(j - pos);
  record(L_HEADING_QUOTES, lineStart, j, 0, 0);
}

export function lintTableEnd(start: i32): void {
  record(L_TABLE_END, start, start + 2, 0, 0);
}

/** `[[` at `pos`: a link whose target starts with two or more colons, up to `]]` on its line. */
export function lintLinkOpen(pos: i32): void {
  let j = pos + 2;
  while (ch(j) == 0x3a) j++;
  const colons = j - pos - 2;
  if (colons < 2) return;
  const from = j;
  while (j < inputLen) {
    const c = ch(j);
    if (c == 0x0a || c == 0x5b) break;
    if (c == 0x5d && ch(j + 1) == 0x5d) {
      record(L_MULTI_COLON_LINK, pos, j + 2, colons, 0);
      break;
    }
    j++;
  }
  addWork(j - from);
}

// Open `{{{` positions: a stack, so matching arguments is linear even when many never close.
let argPtr: usize = 0;
let argCap: i32 = 0;
let argDepth: i32 = 0;

/** At `{`: `{{{` opens a template argument (returns the position after it), else -1. */
export function lintOpenBraces(pos: i32): i32 {
  if (ch(pos + 1) != 0x7b || ch(pos + 2) != 0x7b) return -1;
  if (argDepth >= argCap) {
    const cap = argCap < 64 ? 64 : argCap * 2;
    const next = heap.alloc(<usize>cap << 2);
    if (argDepth > 0) memory.copy(next, argPtr, <usize>argDepth << 2);
    if (argPtr != 0) heap.free(argPtr);
    argPtr = next;
    argCap = cap;
  }
  store<i32>(argPtr + (<usize>argDepth << 2), pos);
  argDepth++;
  return pos + 3;
}

/** At `}`: `}}}` closes the innermost open argument; every matched pair is recorded (the host
 * keeps the outermost ones). Returns the position after it, or -1. */
export function lintCloseBraces(pos: i32): i32 {
  if (ch(pos + 1) != 0x7d || ch(pos + 2) != 0x7d) return -1;
  if (argDepth > 0) {
    argDepth--;
    const start = load<i32>(argPtr + (<usize>argDepth << 2));
    record(L_TEMPLATE_ARG, start, pos + 3, argDepth, 0);
  }
  return pos + 3;
}

// ---- Extension bodies ------------------------------------------------------------------------
// The tokenizer keeps the content of extension tags raw (the engine parses wikitext bodies later
// as fragments), but lint facts inside them — tags in a <ref>, `{{{x}}}` in a <gallery> — belong
// to the page. While linting, a raw body is therefore scanned here with the same rules the main
// loop applies (comments skipped, <nowiki>/<pre> content opaque), in document offsets.

// @ts-ignore: decorator
@inline function isNameChar(c: i32): bool {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c == 0x2d || c == 0x3a || c == 0x5f;
}

function matchesWord(i: i32, word: string): bool {
  for (let k = 0; k < word.length; k++) {
    if (lower(ch(i + k)) != <i32>word.charCodeAt(k)) return false;
  }
  return true;
}

/** Position after the `>` closing a tag that starts at `i` (before `limit`), or -1. */
function bodyTagEnd(i: i32, limit: i32): i32 {
  let j = i;
  while (j < limit) {
    const c = ch(j);
    if (c == 0x3e) return j + 1;
    if (c == 0x3c || c == 0x0a) return -1;
    j++;
  }
  return -1;
}

function bodyFindClose(from: i32, limit: i32, word: string): i32 {
  let j = from;
  while (j + 1 < limit) {
    if (ch(j) == 0x3c && ch(j + 1) == 0x2f && matchesWord(j + 2, word)) return j;
    j++;
  }
  return limit;
}

function bodyAngle(i: i32, limit: i32): i32 {
  const c1 = ch(i + 1);
  if (c1 == 0x21 && ch(i + 2) == 0x2d && ch(i + 3) == 0x2d) {
    let j = i + 4;
    while (j + 2 < limit) {
      if (ch(j) == 0x2d && ch(j + 1) == 0x2d && ch(j + 2) == 0x3e) return j + 3;
      j++;
    }
    return limit;
  }
  const isEnd = c1 == 0x2f;
  const nameStart = isEnd ? i + 2 : i + 1;
  let nameEnd = nameStart;
  while (nameEnd < limit && isNameChar(ch(nameEnd))) nameEnd++;
  if (nameEnd == nameStart) return i + 1;
  const end = bodyTagEnd(nameEnd, limit);
  if (end < 0) return i + 1;
  if (isEnd) {
    lintEndTag(i, end, nameEnd);
    return end;
  }
  const selfClosed = ch(end - 2) == 0x2f;
  lintStartTag(i, end, nameEnd, selfClosed);
  if (!selfClosed) {
    const len = nameEnd - nameStart;
    if (len == 6 && matchesWord(nameStart, "nowiki")) return bodyFindClose(end, limit, "nowiki");
    if (len == 3 && matchesWord(nameStart, "pre")) return bodyFindClose(end, limit, "pre");
  }
  return end;
}

function bodyLineStart(i: i32, limit: i32): i32 {
  let j = i;
  while (j < limit && (ch(j) == 0x20 || ch(j) == 0x09)) j++;
  if (j + 1 < limit && ch(j) == 0x7c && ch(j + 1) == 0x7d) {
    lintTableEnd(j);
    return j + 2;
  }
  return i;
}

/** Records the lint facts of the raw body [from, to) of an extension tag. */
export function lintRawBody(from: i32, to: i32): void {
  let i = from;
  if (ch(i - 1) == 0x0a) i = bodyLineStart(i, to);
  while (i < to) {
    const c = ch(i);
    if (c == 0x0a) i = bodyLineStart(i + 1, to);
    else if (c == 0x3c) i = bodyAngle(i, to);
    else if (c == 0x5b && ch(i + 1) == 0x5b) {
      lintLinkOpen(i);
      i += 2;
    } else if (c == 0x7b) {
      const next = lintOpenBraces(i);
      i = next < 0 ? i + 1 : next;
    } else if (c == 0x7d) {
      const next = lintCloseBraces(i);
      i = next < 0 ? i + 1 : next;
    } else i++;
  }
  addWork(to - from);
}
