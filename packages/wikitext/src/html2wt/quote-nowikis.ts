// Apostrophes next to quote markup. While serializing, a text apostrophe right before an opening
// or closing '' / ''' gets a <nowiki/> so the markers keep their length. Many of those are not
// needed: MediaWiki's quote balancing reads "'" + "'''" back as an apostrophe and bold anyway.
// After serialization each line that got one is checked: when all its quote markers, links,
// templates and tags pair up, one such <nowiki/> (the last that can go, as Parsoid decides it)
// is removed.
import type { Serializer } from "./serializer.js";

/** Serializers that wrote an apostrophe guard (only their output needs the check). */
const guarded = new WeakSet<Serializer>();

export function markQuoteNowiki(s: Serializer): void {
  guarded.add(s);
}

export function wroteQuoteNowikis(s: Serializer): boolean {
  return guarded.has(s);
}

/** Markup the line check pairs up: quote runs, link and template brackets, HTML tags. */
const PIECES = /('''''|'''|''|\[\[|\]\]|\{\{|\}\}|<\w+(?:\s+[^>]*?|\s*?)\/?>|<\/\w+\s*>)/;

/** Drops the unneeded apostrophe guards of every line of `wikitext` (`<nowiki>` and extension bodies are opaque). */
export function stripUnneededQuoteNowikis(wikitext: string, extensionTags: ReadonlySet<string>): string {
  if (!wikitext.includes("<nowiki")) return wikitext;
  return wikitext
    .split("\n")
    .map((line) => stripLine(line, extensionTags))
    .join("\n");
}

function stripLine(line: string, extensionTags: ReadonlySet<string>): string {
  if (!/<nowiki\s*\/>/.test(line) || !line.includes("'")) return line;
  const parts = line.split(PIECES);
  let strippable = -1;
  const stack: string[] = [];
  let quotesOnStack = 0;
  // Content of <nowiki> and extension tags is opaque until its end tag.
  let opaqueTag: string | null = null;
  for (let j = 1; j < parts.length; j += 2) {
    const piece = parts[j]!;
    let tag = (/^<(\/?\w+)/.exec(piece)?.[1] ?? piece).toLowerCase();
    const selfClosed = piece.endsWith("/>");
    if (selfClosed) tag += "/";
    if (opaqueTag === null) {
      if (tag === "nowiki" || extensionTags.has(tag)) {
        opaqueTag = tag;
        continue;
      }
    } else {
      if (tag === `/${opaqueTag}`) opaqueTag = null;
      continue;
    }
    if (tag === "]]" || tag === "}}") {
      if (stack.pop() !== (tag === "]]" ? "[[" : "{{")) return line;
    } else if (tag.startsWith("/")) {
      if (stack.pop() !== tag.slice(1)) return line;
    } else if (tag === "nowiki/") {
      const before = parts[j - 1]!;
      // Only a guard after an apostrophe of text ("bar'", or a lone "'" not after a quote run),
      // and not inside another quote, except the one form ''bar'<nowiki/>''.
      if (
        before.endsWith("'") &&
        !(before === "'" && j > 1 && parts[j - 2]!.endsWith("''")) &&
        (quotesOnStack === 0 || (quotesOnStack === 1 && j + 2 < parts.length && parts[j + 1] === "" && parts[j + 2] === stack[stack.length - 1]))
      ) {
        strippable = j;
      }
    } else if (selfClosed || tag === "br") {
      continue;
    } else if (tag.startsWith("'") && stack[stack.length - 1] === tag) {
      stack.pop();
      quotesOnStack--;
    } else {
      stack.push(tag);
      if (tag.startsWith("'")) quotesOnStack++;
    }
  }
  if (stack.length > 0 || strippable < 0) return line;
  parts[strippable] = "";
  return parts.join("");
}
