// Headings: `=`-delimited lines. The closing run is the last `=` run followed only by spaces,
// tabs and sol-transparent markup (comments, include directives, behaviour switches); unequal runs give the shorter level and keep the extra `=` as text.
import { K_EQUALS, K_TEXT, K_COMMENT } from "@wikiloom/wasm";
import { isSolTransparentToken } from "./sol-transparent.js";
import type { Grammar } from "./state.js";
import { inline } from "./inline.js";
import { startTag, endTag } from "../tokens.js";

/**
 * At a line-start `=` run: emits the heading and returns the line end, or -1 when none.
 * `atLineStart`: nothing precedes the run on its line. MediaWiki's preprocessor (which numbers
 * the sections an editor can open) only sees a heading that starts its line and ends with
 * nothing but spaces and comments after it; the legacy parser still renders the others.
 */
export function heading(g: Grammar, i: number, lineEnd: number, atLineStart = true): number {
  let close = -1;
  let editable = atLineStart;
  for (let k = lineEnd - 1; k > i; k--) {
    const kind = g.kind(k);
    if (kind === K_EQUALS) {
      close = k;
      break;
    }
    if (kind === K_COMMENT) continue;
    if (isSolTransparentToken(g, k)) {
      editable = false;
      continue;
    }
    if (kind === K_TEXT && /^[ \t]*$/.test(g.slice(k))) continue;
    break;
  }
  const openLen = g.extra(i);
  let level: number;
  let openExtra = 0;
  let closeExtra = 0;
  if (close < 0) {
    // A lone run such as "===" is a heading containing "=" (level 1).
    if (openLen < 3 || !onlyTrailing(g, i + 1, lineEnd)) return -1;
    level = Math.min(Math.floor((openLen - 1) / 2), 6);
    const content = openLen - 2 * level;
    const s = g.start(i);
    g.out.push(startTag(`h${level}`, [], { tsr: [s, s + level] }));
    g.out.push({ type: "text", value: "=".repeat(content), start: s + level, end: s + level + content });
    g.out.push(endTag(`h${level}`, { tsr: [s + level + content, g.end(i)] }));
    return inline(g, i + 1, lineEnd, null);
  } else {
    const closeLen = g.extra(close);
    level = Math.min(openLen, closeLen, 6);
    openExtra = openLen - level;
    closeExtra = closeLen - level;
  }
  const s = g.start(i);
  const tag = `h${level}`;
  const open = startTag(tag, [], { tsr: [s, s + level] });
  if (!editable || hasUnclosedBrackets(g.src.slice(g.end(i), g.start(close)))) open.aux = { noSection: true };
  g.out.push(open);
  if (openExtra > 0) g.out.push({ type: "text", value: "=".repeat(openExtra), start: s + level, end: g.end(i) });
  g.nesting++;
  inline(g, i + 1, close, null);
  g.nesting--;
  const cs = g.start(close);
  if (closeExtra > 0) g.out.push({ type: "text", value: "=".repeat(closeExtra), start: cs, end: cs + closeExtra });
  g.out.push(endTag(tag, { tsr: [cs + closeExtra, g.end(close)] }));
  return inline(g, close + 1, lineEnd, null);
}

function onlyTrailing(g: Grammar, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const kind = g.kind(k);
    if (isSolTransparentToken(g, k)) continue;
    if (kind === K_TEXT && /^[ \t]*$/.test(g.slice(k))) continue;
    return false;
  }
  return true;
}

/** Whether `[[`, `{{` or `-{` open more often than they close. */
function hasUnclosedBrackets(text: string): boolean {
  const count = (re: RegExp) => (text.match(re) ?? []).length;
  return count(/\[\[/g) > count(/\]\]/g) || count(/\{\{/g) > count(/\}\}/g) || count(/-\{/g) > count(/\}-/g);
}
