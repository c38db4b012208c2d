// Horizontal rules: four or more dashes at the start of a line.
import { ch, addWork } from "../state";
import { emit } from "../output";
import { K_HR } from "../kinds";

/** At the start of a line: the rule's end, or -1. */
export function horizontalRule(pos: i32): i32 {
  let i = pos;
  while (ch(i) == 0x2d) i++;
  addWork(i - pos);
  if (i - pos < 4) return -1;
  emit(K_HR, pos, i, i - pos);
  return i;
}
