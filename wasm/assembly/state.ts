// Shared tokenizer state: the document (UTF-16 code units in wasm memory), the cursor helpers and
// the work counter that the linearity tests read. Everything is module-level to keep calls cheap.

/** Address of the first code unit of the document. */
export let inputPtr: usize = 0;
/** Length of the document in UTF-16 code units. */
export let inputLen: i32 = 0;
/** Units of work done (characters visited by any scan); linear-time tests compare it to the size. */
export let work: i64 = 0;

export function setInput(ptr: usize, len: i32): void {
  inputPtr = ptr;
  inputLen = len;
  work = 0;
}

/** Code unit at `i`, or -1 past either end (so callers never need a bounds check). */
// @ts-ignore: decorator
@inline export function ch(i: i32): i32 {
  if (<u32>i >= <u32>inputLen) return -1;
  return <i32>load<u16>(inputPtr + (<usize>i << 1));
}

// @ts-ignore: decorator
@inline export function addWork(n: i32): void {
  work += n;
}

// @ts-ignore: decorator
@inline export function isAsciiLetter(c: i32): bool {
  return <u32>((c | 0x20) - 0x61) < 26;
}

// @ts-ignore: decorator
@inline export function isDigit(c: i32): bool {
  return <u32>(c - 0x30) < 10;
}

// @ts-ignore: decorator
@inline export function isAsciiAlnum(c: i32): bool {
  return isAsciiLetter(c) || isDigit(c);
}

/** ASCII lower-casing of one code unit. */
// @ts-ignore: decorator
@inline export function lower(c: i32): i32 {
  return <u32>(c - 0x41) < 26 ? c | 0x20 : c;
}

/** Whether the document has `word` (ASCII, lower-case) at `pos`, compared case-insensitively. */
export function matchesLower(pos: i32, word: string): bool {
  const n = word.length;
  if (pos + n > inputLen) return false;
  for (let k = 0; k < n; k++) {
    if (lower(ch(pos + k)) != <i32>word.charCodeAt(k)) return false;
  }
  addWork(n);
  return true;
}
