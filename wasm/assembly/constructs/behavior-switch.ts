// `__WORD__` (behaviour switches such as __NOTOC__). Localised names may use any letters, so the
// word is anything up to the closing `__` without whitespace, with a bounded look-ahead.
import { ch, addWork } from "../state";
import { emit } from "../output";
import { K_BEHAVIOR_SWITCH } from "../kinds";

const MAX_WORD = 64;

function isSpace(c: i32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d || c < 0;
}

/** At `_` (or a full-width `＿`): the switch's end, or -1. Both low lines are the same character. */
export function behaviorSwitch(pos: i32): i32 {
  const low = ch(pos);
  if (ch(pos + 1) != low) return -1;
  let i = pos + 2;
  while (i - pos < MAX_WORD) {
    const c = ch(i);
    if (isSpace(c) || c == 0x3c || c == 0x7c) break;
    if (c == low && ch(i + 1) == low && i > pos + 2) {
      addWork(i - pos);
      emit(K_BEHAVIOR_SWITCH, pos, i + 2, 0);
      return i + 2;
    }
    i++;
  }
  addWork(i - pos);
  return -1;
}
