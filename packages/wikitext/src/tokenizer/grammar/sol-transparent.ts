// Markup that leaves a line's start in place (Parsoid's sol_transparent): comments, the tags of
// include directives (an `<includeonly>` section whole) and behaviour switches the wiki knows. A
// heading or list item may follow them on its line, and a heading's end may be followed by them.
import { K_COMMENT, K_TAG_OPEN, K_TAG_CLOSE, K_RAW_TEXT, K_BEHAVIOR_SWITCH } from "@wikiloom/wasm";
import type { Grammar } from "./state.js";

const DIRECTIVE_NAMES = ["noinclude", "includeonly", "onlyinclude"];

/**
 * Whether the tag token k names an include directive (only `includeonly` when `onlyIncludeonly`).
 * Compared in the source, without slicing: every line that starts with a tag asks.
 */
function isDirectiveTag(g: Grammar, k: number, onlyIncludeonly: boolean): boolean {
  const src = g.src;
  const start = g.start(k);
  const from = start + (src.charCodeAt(start + 1) === 0x2f ? 2 : 1);
  for (let n = onlyIncludeonly ? 1 : 0; n < (onlyIncludeonly ? 2 : DIRECTIVE_NAMES.length); n++) {
    const name = DIRECTIVE_NAMES[n]!;
    if (namedAt(src, from, name) && !isNameChar(src.charCodeAt(from + name.length))) return true;
  }
  return false;
}

/** Whether `name` (lower case ASCII) stands at `at`, in any case. */
function namedAt(src: string, at: number, name: string): boolean {
  for (let c = 0; c < name.length; c++) {
    if ((src.charCodeAt(at + c) | 0x20) !== name.charCodeAt(c)) return false;
  }
  return true;
}

/** A character that continues a tag name (anything but white space, `/` and `>`). */
function isNameChar(c: number): boolean {
  return !(Number.isNaN(c) || c === 0x2f || c === 0x3e || c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c);
}

/** Whether token k is sol-transparent markup. */
export function isSolTransparentToken(g: Grammar, k: number): boolean {
  switch (g.kind(k)) {
    case K_COMMENT:
      return true;
    case K_TAG_OPEN:
    case K_TAG_CLOSE:
      return isDirectiveTag(g, k, false);
    case K_RAW_TEXT:
      // An <includeonly> section's content.
      return k > 0 && g.kind(k - 1) === K_TAG_OPEN && isDirectiveTag(g, k - 1, true);
    case K_BEHAVIOR_SWITCH:
      return g.env.site.magicWordForAlias(g.slice(k)) !== undefined;
    default:
      return false;
  }
}

/** The first token from i (before `to`) that is not sol-transparent markup. */
export function afterSolTransparent(g: Grammar, i: number, to: number): number {
  let k = i;
  while (k < to && isSolTransparentToken(g, k)) k++;
  return k;
}
