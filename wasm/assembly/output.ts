// The token stream: a flat i32 buffer in wasm memory, four words per token (kind, start, end,
// extra). The TypeScript side reads it through one Int32Array view; nothing is called per token.
import { K_TEXT, TOKEN_WORDS } from "./kinds";

let tokPtr: usize = 0;
let tokCap: i32 = 0;
export let tokCount: i32 = 0;
/** Start of the pending text run (characters not claimed by any construct yet). */
export let textStart: i32 = 0;

export function tokensPtr(): usize {
  return tokPtr;
}

export function resetTokens(expected: i32): void {
  tokCount = 0;
  textStart = 0;
  if (tokCap < expected) grow(expected);
}

function grow(min: i32): void {
  let cap = tokCap < 1024 ? 1024 : tokCap * 2;
  while (cap < min) cap *= 2;
  const bytes = <usize>cap * TOKEN_WORDS * 4;
  const next = heap.alloc(bytes);
  if (tokCount > 0) memory.copy(next, tokPtr, <usize>tokCount * TOKEN_WORDS * 4);
  if (tokPtr != 0) heap.free(tokPtr);
  tokPtr = next;
  tokCap = cap;
}

function push(kind: i32, start: i32, end: i32, extra: i32): void {
  if (tokCount >= tokCap) grow(tokCount + 1);
  const p = tokPtr + (<usize>tokCount * TOKEN_WORDS << 2);
  store<i32>(p, kind);
  store<i32>(p, start, 4);
  store<i32>(p, end, 8);
  store<i32>(p, extra, 12);
  tokCount++;
}

/** Emits the pending text before `start`, then the token; the text run restarts after it. */
export function emit(kind: i32, start: i32, end: i32, extra: i32): void {
  if (start > textStart) push(K_TEXT, textStart, start, 0);
  push(kind, start, end, extra);
  textStart = end;
}

/** Emits whatever text is pending up to `end`. */
export function flushText(end: i32): void {
  if (end > textStart) push(K_TEXT, textStart, end, 0);
  textStart = end;
}
