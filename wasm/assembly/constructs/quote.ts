// Runs of two or more apostrophes. Which ones become bold/italic depends on the whole line
// (MediaWiki's apostrophe algorithm), so the engine decides; here the run and its length.
import { ch, addWork } from "../state";
import { emit } from "../output";
import { K_QUOTE } from "../kinds";

/** At `'`: the run's end, or -1 for a lone apostrophe. */
export function quoteRun(pos: i32): i32 {
  let i = pos + 1;
  while (ch(i) == 0x27) i++;
  addWork(i - pos);
  if (i - pos < 2) return -1;
  emit(K_QUOTE, pos, i, i - pos);
  return i;
}
