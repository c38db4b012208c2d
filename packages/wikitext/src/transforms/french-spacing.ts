// French spacing: a space before `? : ; ! % » ›` (closing punctuation no word character
// follows) and after `« ‹` becomes a no-break space, marked `<span typeof="mw:DisplaySpace">` so
// html2wt writes the plain space back (MediaWiki's armorFrenchSpaces).
import type { Token, TextTk } from "../tokenizer/tokens.js";
import { startTag, endTag, text, attr } from "../tokenizer/tokens.js";
import { isJsWhiteSpace } from "../util/js-whitespace.js";
import { isIndentPreTag } from "./indent-pre.js";

/** `? : ; ! % » ›` */
function isClosingPunctuation(c: number): boolean {
  return c === 63 || c === 58 || c === 59 || c === 33 || c === 37 || c === 0xbb || c === 0x203a;
}


/** A letter, digit or `_` of any script (after the punctuation, it makes the space no French space). */
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

function isWordCharacter(c: number): boolean {
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return WORD_CHARACTER.test(String.fromCharCode(c));
}

/**
 * Whether the space at `at` is a French space: before closing punctuation that no word
 * character follows ("75 %." as "50 % is"; the end of the text too), or after an opening
 * `«`/`‹` that starts a word. (A scan of the neighbours: the equivalent regex, with a lookbehind
 * and the `u` flag, was the transform's cost.)
 */
function isFrenchSpace(value: string, at: number): boolean {
  const next = value.charCodeAt(at + 1);
  if (isClosingPunctuation(next) && (at + 2 === value.length || !isWordCharacter(value.charCodeAt(at + 2)))) return true;
  const before = value.charCodeAt(at - 1);
  return (before === 0xab || before === 0x2039) && (at === 1 || isJsWhiteSpace(value.charCodeAt(at - 2)));
}

/**
 * What every French space stands next to: a space before closing punctuation, or an opening
 * `«`/`‹` before a space. Texts without it (most, even those with a colon or a `!`) are not
 * split. (One regex over the text: an indexOf loop over its spaces was slower.)
 */
const CANDIDATE = / [?:;!%»›]|[«‹] /;

/** Runs after the indent-pre transform: the lines of an indented pre keep their spaces (as in Parsoid). */
export function transformFrenchSpacing(tokens: Token[]): Token[] {
  let out: Token[] | null = null;
  let inPre = false;
  for (let k = 0; k < tokens.length; k++) {
    const tk = tokens[k]!;
    if (tk.type !== "text" || inPre || !CANDIDATE.test(tk.value)) {
      if (tk.type !== "text" && isIndentPreTag(tk)) inPre = tk.type === "start";
      out?.push(tk);
      continue;
    }
    const parts = split(tk);
    if (parts === null) {
      out?.push(tk);
      continue;
    }
    out ??= tokens.slice(0, k);
    for (const p of parts) out.push(p);
  }
  return out ?? tokens;
}

function split(tk: TextTk): Token[] | null {
  const value = tk.value;
  const exact = tk.end - tk.start === value.length;
  const res: Token[] = [];
  let last = 0;
  for (let at = value.indexOf(" "); at >= 0; at = value.indexOf(" ", at + 1)) {
    if (!isFrenchSpace(value, at)) continue;
    if (at > last) res.push(text(value.slice(last, at), exact ? tk.start + last : tk.start, exact ? tk.start + at : tk.end));
    const s = exact ? tk.start + at : tk.start;
    res.push(startTag("span", [attr("typeof", "mw:DisplaySpace")], { tsr: [s, s + 1] }), text("\u00a0", s, s + 1), endTag("span", { tsr: [s + 1, s + 1] }));
    last = at + 1;
  }
  if (res.length === 0) return null;
  if (last < value.length) res.push(text(value.slice(last), exact ? tk.start + last : tk.start, tk.end));
  return res;
}
