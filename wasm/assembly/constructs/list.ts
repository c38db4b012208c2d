// Lists: the `*#:;` prefix at the start of a line. On a line whose prefix has `;`, each `:` is
// marked too, since one of them may separate the term from its definition (`;term:definition`).
import { ch, addWork } from "../state";
import { emit } from "../output";
import { K_LIST_PREFIX, K_COLON } from "../kinds";

export let definitionLine: bool = false;

function isListChar(c: i32): bool {
  return c == 0x2a || c == 0x23 || c == 0x3a || c == 0x3b;
}

/** At the start of a line: the prefix's end, or -1 when the line has none. */
export function listPrefix(pos: i32): i32 {
  if (!isListChar(ch(pos))) return -1;
  let i = pos;
  let hasSemicolon = false;
  while (isListChar(ch(i))) {
    if (ch(i) == 0x3b) hasSemicolon = true;
    i++;
  }
  addWork(i - pos);
  definitionLine = hasSemicolon;
  emit(K_LIST_PREFIX, pos, i, i - pos);
  return i;
}

export function endLine(): void {
  definitionLine = false;
}

/** At `:` on a definition line. */
export function colon(pos: i32): i32 {
  emit(K_COLON, pos, pos + 1, 0);
  return pos + 1;
}
