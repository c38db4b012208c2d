// `<!-- ... -->`. An unclosed comment runs to the end of the document, as in MediaWiki.
import { ch, inputLen, addWork } from "../state";
import { emit } from "../output";
import { K_COMMENT } from "../kinds";

/** At `<`: the comment starting here, or -1 when this is not `<!--`. */
export function commentStart(pos: i32): i32 {
  if (ch(pos + 1) != 0x21 || ch(pos + 2) != 0x2d || ch(pos + 3) != 0x2d) return -1;
  return commentBody(pos, pos + 4);
}

/** Inside the comment: scan for `-->`. */
function commentBody(start: i32, from: i32): i32 {
  let i = from;
  while (i < inputLen) {
    if (ch(i) == 0x2d && ch(i + 1) == 0x2d && ch(i + 2) == 0x3e) {
      addWork(i - from);
      emit(K_COMMENT, start, i + 3, 1);
      return i + 3;
    }
    i++;
  }
  addWork(i - from);
  emit(K_COMMENT, start, inputLen, 0);
  return inputLen;
}
