// Attribute parsing for HTML-like tags and table syntax, after MediaWiki's
// Sanitizer::decodeTagAttributes: `name="v"`, `name='v'`, `name=v` and bare `name`; values have
// their character references decoded; later duplicates win. A single linear scan, no regex
// backtracking over the whole string.
import type { Attr } from "../dom/node.js";
import { decodeEntities } from "../util/entities.js";

function isSpace(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f";
}

function isNameChar(c: string | undefined): boolean {
  return c !== undefined && !isSpace(c) && c !== "=" && c !== ">" && c !== "/" && c !== '"' && c !== "'" && c !== "<";
}

export function parseAttributes(text: string): Attr[] {
  const byName = new Map<string, string>();
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && (isSpace(text[i]) || text[i] === "/" || text[i] === '"' || text[i] === "'" || text[i] === "<" || text[i] === "=")) i++;
    const nameStart = i;
    while (i < n && isNameChar(text[i])) i++;
    if (i === nameStart) {
      i++;
      continue;
    }
    const name = text.slice(nameStart, i).toLowerCase();
    let j = i;
    while (j < n && isSpace(text[j])) j++;
    if (text[j] !== "=") {
      byName.set(name, "");
      continue;
    }
    j++;
    while (j < n && isSpace(text[j])) j++;
    const quote = text[j];
    let value: string;
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, j + 1);
      if (close < 0) {
        // Unclosed quote: MediaWiki takes the rest as the value.
        value = text.slice(j + 1);
        i = n;
      } else {
        value = text.slice(j + 1, close);
        i = close + 1;
      }
    } else {
      const start = j;
      while (j < n && !isSpace(text[j])) j++;
      value = text.slice(start, j);
      i = j;
    }
    byName.delete(name);
    byName.set(name, decodeEntities(value, true));
  }
  const attrs: Attr[] = [];
  for (const [name, value] of byName) attrs.push({ name, value });
  return attrs;
}
