// Headings: on a line that starts with `=`, every run of `=` is marked. The engine takes the
// first and the last run (followed only by spaces and comments) as the heading's delimiters.
import { ch, addWork } from "../state";
import { emit } from "../output";
import { K_EQUALS } from "../kinds";

/** At `=` on a heading candidate line: the run's end. */
export function equalsRun(pos: i32): i32 {
  let i = pos + 1;
  while (ch(i) == 0x3d) i++;
  addWork(i - pos);
  emit(K_EQUALS, pos, i, i - pos);
  return i;
}
