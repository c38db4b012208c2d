// The lexical half of the linter: one linear pass over the document (UTF-16 code units already in
// wasm memory) that records the syntax the DOM cannot show any more: end tags and table ends (so the DOM pass can
// tell which ones tree building dropped), start tags (extension tag regions), links whose target
// starts with several colons (they stay plain text), and template arguments. Comments and the
// content of <nowiki> and <pre> are skipped, since nothing inside them is markup.
import { L_END_TAG, L_MULTI_COLON_LINK, L_TEMPLATE_ARG, L_START_TAG, L_TABLE_END, LINT_RECORD_WORDS } from "./kinds";

let src: usize = 0;
let srcLen: i32 = 0;
let recPtr: usize = 0;
let recCap: i32 = 0;
let recCount: i32 = 0;

// @ts-ignore: decorator
@inline function at(i: i32): i32 {
  if (<u32>i >= <u32>srcLen) return -1;
  return <i32>load<u16>(src + (<usize>i << 1));
}

// @ts-ignore: decorator
@inline function lower(c: i32): i32 {
  return c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
}

function isNameChar(c: i32): bool {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c == 0x2d || c == 0x3a || c == 0x5f;
}

function record(kind: i32, start: i32, end: i32, extra: i32): void {
  if (recCount >= recCap) {
    const cap = recCap < 256 ? 256 : recCap * 2;
    const next = heap.alloc(<usize>cap * LINT_RECORD_WORDS * 4);
    if (recCount > 0) memory.copy(next, recPtr, <usize>recCount * LINT_RECORD_WORDS * 4);
    if (recPtr != 0) heap.free(recPtr);
    recPtr = next;
    recCap = cap;
  }
  const p = recPtr + (<usize>recCount * LINT_RECORD_WORDS << 2);
  store<i32>(p, kind);
  store<i32>(p, start, 4);
  store<i32>(p, end, 8);
  store<i32>(p, extra, 12);
  recCount++;
}

/** Whether the source at `i` spells `word` (ASCII, case-insensitive). */
function matchesWord(i: i32, word: string): bool {
  for (let k = 0; k < word.length; k++) {
    if (lower(at(i + k)) != <i32>word.charCodeAt(k)) return false;
  }
  return true;
}

/** Position after the `>` closing a tag that starts at `i`, or -1 when the line has none. */
function tagEnd(i: i32): i32 {
  let j = i;
  while (j < srcLen) {
    const c = at(j);
    if (c == 0x3e) return j + 1;
    if (c == 0x3c || c == 0x0a) return -1;
    j++;
  }
  return -1;
}

/** After `<!--` at `i`: position after `-->`, or the end of the document. */
function skipComment(i: i32): i32 {
  let j = i + 4;
  while (j + 2 < srcLen) {
    if (at(j) == 0x2d && at(j + 1) == 0x2d && at(j + 2) == 0x3e) return j + 3;
    j++;
  }
  return srcLen;
}

/** From `from`: position of `</word` (case-insensitive), or -1. */
function findClose(from: i32, word: string): i32 {
  let j = from;
  while (j + 1 < srcLen) {
    if (at(j) == 0x3c && at(j + 1) == 0x2f && matchesWord(j + 2, word)) return j;
    j++;
  }
  return -1;
}

// Open `{{{` positions: a stack, so matching arguments is one linear pass even when many are
// never closed.
let argPtr: usize = 0;
let argCap: i32 = 0;
let argDepth: i32 = 0;

function pushArg(pos: i32): void {
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
}

/** `}}}` at `i`: closes the innermost open argument; every matched pair is recorded (the
 * TypeScript side keeps the outermost ones). */
function closeArg(i: i32): i32 {
  if (argDepth == 0) return i + 3;
  argDepth--;
  const start = load<i32>(argPtr + (<usize>argDepth << 2));
  record(L_TEMPLATE_ARG, start, i + 3, argDepth);
  return i + 3;
}

/** `[[` at `i` followed by two or more colons: records the link up to its `]]` on the same line. */
function multiColonLink(i: i32): i32 {
  let j = i + 2;
  let colons = 0;
  while (at(j) == 0x3a) {
    colons++;
    j++;
  }
  if (colons < 2) return i + 2;
  while (j + 1 < srcLen) {
    const c = at(j);
    if (c == 0x0a || c == 0x5b) return i + 2;
    if (c == 0x5d && at(j + 1) == 0x5d) {
      record(L_MULTI_COLON_LINK, i, j + 2, colons);
      return j + 2;
    }
    j++;
  }
  return i + 2;
}

/** `<` at `i`: comments, raw-text regions, end tags and start tags. */
function angle(i: i32): i32 {
  const c1 = at(i + 1);
  if (c1 == 0x21 && at(i + 2) == 0x2d && at(i + 3) == 0x2d) return skipComment(i);
  const isEnd = c1 == 0x2f;
  const nameStart = isEnd ? i + 2 : i + 1;
  let nameEnd = nameStart;
  while (isNameChar(at(nameEnd))) nameEnd++;
  if (nameEnd == nameStart) return i + 1;
  const end = tagEnd(nameEnd);
  if (end < 0) return i + 1;
  if (isEnd) {
    record(L_END_TAG, i, end, nameEnd);
    return end;
  }
  record(L_START_TAG, i, end, nameEnd);
  // Raw-text content: nothing up to the matching end tag is markup.
  const selfClosed = at(end - 2) == 0x2f;
  if (!selfClosed) {
    const len = nameEnd - nameStart;
    if (len == 6 && matchesWord(nameStart, "nowiki")) return skipRaw(end, "nowiki");
    if (len == 3 && matchesWord(nameStart, "pre")) return skipRaw(end, "pre");
  }
  return end;
}

function skipRaw(from: i32, word: string): i32 {
  const close = findClose(from, word);
  return close < 0 ? srcLen : close;
}

/** At a line start: records a wikitext table end (`|}` after optional spaces). */
function lineStart(i: i32): i32 {
  let j = i;
  while (at(j) == 0x20 || at(j) == 0x09) j++;
  if (at(j) == 0x7c && at(j + 1) == 0x7d) {
    record(L_TABLE_END, j, j + 2, 0);
    return j + 2;
  }
  return i;
}

/** Scans `len` code units at `ptr`; returns the number of records. */
export function lintScan(ptr: usize, len: i32): i32 {
  src = ptr;
  srcLen = len;
  recCount = 0;
  argDepth = 0;
  let i = lineStart(0);
  while (i < srcLen) {
    const c = at(i);
    if (c == 0x0a) i = lineStart(i + 1);
    else if (c == 0x3c) i = angle(i);
    else if (c == 0x5b && at(i + 1) == 0x5b) i = multiColonLink(i);
    else if (c == 0x7b && at(i + 1) == 0x7b && at(i + 2) == 0x7b) {
      pushArg(i);
      i += 3;
    } else if (c == 0x7d && at(i + 1) == 0x7d && at(i + 2) == 0x7d) i = closeArg(i);
    else i++;
  }
  return recCount;
}

export function lintRecordsPtr(): usize {
  return recPtr;
}
