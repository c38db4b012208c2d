// French spacing: a space before `? : ; ! % » ›` (closing punctuation followed by a space or
// the end) and after `« ‹` becomes a no-break space, marked `<span typeof="mw:DisplaySpace">` so
// html2wt writes the plain space back (MediaWiki's armorFrenchSpaces).
import type { Token, TextTk } from "../tokenizer/tokens.js";
import { startTag, endTag, text, attr } from "../tokenizer/tokens.js";

const CANDIDATE = /[?:;!%»›«‹]/;
/** A space before closing punctuation that ends a word (space or end after it); after an opening «. */
const SPACE = / (?=[?:;!%»›](?:\s|$))|(?<=(?:^|\s)[«‹]) /gu;

export function transformFrenchSpacing(tokens: Token[]): Token[] {
  let out: Token[] | null = null;
  for (let k = 0; k < tokens.length; k++) {
    const tk = tokens[k]!;
    if (tk.type !== "text" || !CANDIDATE.test(tk.value) || !tk.value.includes(" ")) {
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
  SPACE.lastIndex = 0;
  for (let m = SPACE.exec(value); m; m = SPACE.exec(value)) {
    const at = m.index;
    if (at > last) res.push(text(value.slice(last, at), exact ? tk.start + last : tk.start, exact ? tk.start + at : tk.end));
    const s = exact ? tk.start + at : tk.start;
    res.push(startTag("span", [attr("typeof", "mw:DisplaySpace")], { tsr: [s, s + 1] }), text("\u00a0", s, s + 1), endTag("span", { tsr: [s + 1, s + 1] }));
    last = at + 1;
  }
  if (res.length === 0) return null;
  if (last < value.length) res.push(text(value.slice(last), exact ? tk.start + last : tk.start, tk.end));
  return res;
}
