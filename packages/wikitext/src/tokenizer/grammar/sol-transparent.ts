// Markup that leaves a line's start in place (Parsoid's sol_transparent): comments, the tags of
// include directives (an `<includeonly>` section whole) and behaviour switches the wiki knows. A
// heading or list item may follow them on its line, and a heading's end may be followed by them.
import { K_COMMENT, K_TAG_OPEN, K_TAG_CLOSE, K_RAW_TEXT, K_BEHAVIOR_SWITCH } from "@wikiloom/wasm";
import type { Grammar } from "./state.js";

/** Whether the tag token k names an include directive (`includeonly` when `only` says so). */
function isDirectiveTag(g: Grammar, k: number, onlyIncludeonly: boolean): boolean {
  const src = g.slice(k);
  // `<name` or `</name`, compared without building the parsed tag.
  const from = src.charCodeAt(1) === 0x2f ? 2 : 1;
  const end = nameEnd(src, from);
  const name = src.slice(from, end).toLowerCase();
  if (onlyIncludeonly) return name === "includeonly";
  return name === "noinclude" || name === "includeonly" || name === "onlyinclude";
}

function nameEnd(src: string, from: number): number {
  let i = from;
  while (i < src.length) {
    const c = src.charCodeAt(i);
    if (c === 0x2f || c === 0x3e || c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c) break;
    i++;
  }
  return i;
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
