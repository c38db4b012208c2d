// Wikitext tables. Line-start syntax (`{|`, `|}`, `|-`, `|+`, `|`, `!`) may follow whitespace;
// `||` and `!!` are marked anywhere because cells can share a line. Whether a `|` is a cell
// separator, a link pipe or plain text depends on context the engine knows, not the tokenizer.
import { ch, addWork } from "../state";
import { emit } from "../output";
import {
  K_TABLE_START, K_TABLE_END, K_TABLE_ROW, K_TABLE_CAPTION, K_TABLE_CELL, K_TABLE_HEADING,
  K_DOUBLE_PIPE, K_DOUBLE_BANG, K_PIPE,
} from "../kinds";
import { lintOn, lintTableEnd } from "../lint/record";

/** Table syntax that starts a line (after optional whitespace), or -1. */
export function tableLineStart(pos: i32, afterListPrefix: bool): i32 {
  const c = ch(pos);
  const c1 = ch(pos + 1);
  if (c == 0x7b && c1 == 0x7c) {
    emit(K_TABLE_START, pos, pos + 2, 0);
    return pos + 2;
  }
  if (afterListPrefix) return -1;
  if (c == 0x7c) {
    if (c1 == 0x7d) {
      emit(K_TABLE_END, pos, pos + 2, 0);
      if (lintOn) lintTableEnd(pos);
      return pos + 2;
    }
    if (c1 == 0x2d) {
      let i = pos + 1;
      while (ch(i) == 0x2d) i++;
      addWork(i - pos);
      emit(K_TABLE_ROW, pos, i, i - pos - 1);
      return i;
    }
    if (c1 == 0x2b) {
      emit(K_TABLE_CAPTION, pos, pos + 2, 0);
      return pos + 2;
    }
    emit(K_TABLE_CELL, pos, pos + 1, 0);
    return pos + 1;
  }
  if (c == 0x21) {
    emit(K_TABLE_HEADING, pos, pos + 1, 0);
    return pos + 1;
  }
  return -1;
}

/** At `|` inside a line. */
export function pipe(pos: i32): i32 {
  if (ch(pos + 1) == 0x7c) {
    emit(K_DOUBLE_PIPE, pos, pos + 2, 0);
    return pos + 2;
  }
  emit(K_PIPE, pos, pos + 1, 0);
  return pos + 1;
}

/** At `!` inside a line: `!!`, or -1 for a lone `!`. */
export function doubleBang(pos: i32): i32 {
  if (ch(pos + 1) != 0x21) return -1;
  emit(K_DOUBLE_BANG, pos, pos + 2, 0);
  return pos + 2;
}
