/**
 * Snippets for the `highlight` section: windows of about `fragment_size` characters around the
 * first matches of the query's terms, each match wrapped in the requested tags. Matching is on
 * folded text (case, accents) mapped back to the original characters.
 */
import { fold, type TermMatcher } from "./query-string";

/** Folds text one character at a time, remembering where each folded unit came from. */
function foldWithMap(text: string): { folded: string; origin: number[] } {
  let folded = "";
  const origin: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const isPair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    const char = isPair ? text.slice(i, i + 2) : text[i]!;
    const f = code < 0x80 ? char.toLowerCase() : fold(char);
    for (let k = 0; k < f.length; k++) origin.push(i);
    folded += f;
    if (isPair) i++;
  }
  origin.push(text.length);
  return { folded, origin };
}

export interface SnippetOptions {
  pre: string;
  post: string;
  fragmentSize: number;
  fragments: number;
}

export function snippets(text: string, terms: readonly TermMatcher[], options: SnippetOptions): string[] {
  if (text === "" || terms.length === 0) return [];
  const { folded, origin } = foldWithMap(text);
  const spans: [number, number][] = [];
  for (const term of terms) {
    const regex = new RegExp(term.pattern, "gu");
    for (const m of folded.matchAll(regex)) {
      if (m[0].length === 0) continue;
      spans.push([origin[m.index]!, origin[m.index + m[0].length]!]);
      if (spans.length > 1000) break;
    }
  }
  if (spans.length === 0) return [];
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  const out: string[] = [];
  let i = 0;
  while (i < merged.length && out.length < Math.max(1, options.fragments)) {
    const first = merged[i]!;
    const size = Math.max(options.fragmentSize, first[1] - first[0]);
    let start = Math.max(0, first[0] - Math.floor((size - (first[1] - first[0])) / 4));
    // Start on a word boundary rather than inside a word.
    while (start > 0 && start < first[0] && /\S/.test(text[start - 1]!)) start++;
    const end = Math.min(text.length, start + size);
    let snippet = "";
    let cursor = start;
    while (i < merged.length && merged[i]![1] <= end) {
      const [from, to] = merged[i]!;
      snippet += text.slice(cursor, from) + options.pre + text.slice(from, to) + options.post;
      cursor = to;
      i++;
    }
    if (cursor === start && i < merged.length) i++; // a match longer than the window: skip it
    snippet += text.slice(cursor, end);
    out.push(snippet.trim());
  }
  return out;
}
