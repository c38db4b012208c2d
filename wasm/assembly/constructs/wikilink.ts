// `[[` and `]]`. Pairing them (and deciding whether the target is a valid title) is the engine's
// job: a stack over tokens, so unbalanced brackets cost nothing extra.
import { ch } from "../state";
import { emit } from "../output";
import { K_LINK_OPEN, K_LINK_CLOSE, K_BRACKET_OPEN, K_BRACKET_CLOSE } from "../kinds";
import { lintOn, lintLinkOpen } from "../lint/record";

/** At `[`: `[[` or a single bracket (external links). */
export function openBracket(pos: i32): i32 {
  if (ch(pos + 1) == 0x5b) {
    emit(K_LINK_OPEN, pos, pos + 2, 0);
    if (lintOn) lintLinkOpen(pos);
    return pos + 2;
  }
  emit(K_BRACKET_OPEN, pos, pos + 1, 0);
  return pos + 1;
}

/** At `]`: `]]` or a single bracket. */
export function closeBracket(pos: i32): i32 {
  if (ch(pos + 1) == 0x5d) {
    emit(K_LINK_CLOSE, pos, pos + 2, 0);
    return pos + 2;
  }
  emit(K_BRACKET_CLOSE, pos, pos + 1, 0);
  return pos + 1;
}
