// Newlines before a category or language link do not break lines (Parsoid's TokenStreamPatcher,
// courtesy of the legacy parser's T2087: a category link strips the whitespace before it). The
// newlines and blank-line whitespace between the previous content and such a link become
// transparent text, as Parsoid tunnels them through its line-based transforms in an empty-line
// token: no paragraph break, no end of the list item, no indent-pre on the link's line. The
// text still holds them, so the source and the round trip keep them.
import type { Token } from "../tokenizer/tokens.js";

/** A category or language link token. */
function isPageLink(tk: Token): boolean {
  if (tk.type !== "self" || tk.name !== "link") return false;
  for (const a of tk.attrs) if (a.name === "rel") return a.value === "mw:PageProp/Category" || a.value === "mw:PageProp/Language";
  return false;
}

/** Whether `first` (a tag) and `last` (the run's last token) stand in one template's output. */
function sameTemplateOutput(first: Token, last: Token, templateEnd: (at: number) => number): boolean {
  const from = first.type === "self" ? (first.dp.tsr?.[0] ?? -1) : -1;
  const to = "end" in last && typeof last.end === "number" ? last.end : -1;
  if (from < 0 || to < 0) return false;
  const end = templateEnd(from);
  return end >= to && templateEnd(to - 1) === end;
}

/** Whether a text holds only whitespace (newlines included). */
function isWhitespace(value: string): boolean {
  for (let k = 0; k < value.length; k++) {
    const c = value.charCodeAt(k);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) return false;
  }
  return true;
}

/**
 * Called as a category or language link is about to be appended to `out` (`templateEnd`: where
 * the template output holding an offset ends, -1 outside one; `lastTemplateEndIn`: the last end
 * of a template's output in a range; both null without templates): the run of newlines
 * and whitespace ending `out` is made transparent, from its first newline on (whitespace before
 * that newline ends the previous line's content). A comment or an empty line (already
 * transparent) ends the run, as it flushes Parsoid's buffer. Runs backwards over the few tokens
 * of the run only.
 */
export function tunnelNewlinesBeforeLink(out: Token[], templateEnd: ((at: number) => number) | null, lastTemplateEndIn: ((start: number, end: number) => number) | null): void {
  let firstNewline = -1;
  let k = out.length - 1;
  for (; k >= 0; k--) {
    const tk = out[k]!;
    if (tk.type === "nl") firstNewline = k;
    else if (!(tk.type === "indent" || (tk.type === "text" && tk.transparent !== true && isWhitespace(tk.value)))) break;
  }
  if (firstNewline < 0) return;
  if (lastTemplateEndIn !== null) {
    // A template ending inside the run (an empty one between blank lines) ends it: Parsoid's
    // end marker lets the buffered newlines go as they are.
    const runStart = (out[firstNewline] as { start: number }).start;
    const runEnd = (out[out.length - 1] as { end: number }).end;
    const cut = lastTemplateEndIn(runStart, runEnd);
    if (cut >= 0) {
      firstNewline = -1;
      for (let j = k + 1; j < out.length; j++) {
        const tk = out[j]!;
        if (tk.type === "nl" && tk.start >= cut) {
          firstNewline = j;
          break;
        }
      }
      if (firstNewline < 0) return;
    }
  }
  if (templateEnd !== null && k >= 0 && isPageLink(out[k]!) && sameTemplateOutput(out[k]!, out[out.length - 1]!, templateEnd)) {
    // Between two such links of one template's output the newlines go (T407798): nothing on
    // the page is written there to give back.
    out.length = k + 1;
    return;
  }
  for (let k = firstNewline; k < out.length; k++) {
    const tk = out[k]!;
    if (tk.type === "nl") out[k] = { type: "text", value: "\n", start: tk.start, end: tk.end, transparent: true };
    else if (tk.type === "indent") out[k] = { type: "text", value: tk.value, start: tk.start, end: tk.end, transparent: true };
    else if (tk.type === "text") tk.transparent = true;
  }
}
