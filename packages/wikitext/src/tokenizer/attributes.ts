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
  return c !== undefined && !isSpace(c) && c !== "=" && c !== ">" && c !== "/" && c !== '"' && c !== "'";
}

export function parseAttributes(text: string): Attr[] {
  const byName = new Map<string, string>();
  const encoded = new Set<string>();
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && (isSpace(text[i]) || text[i] === "/" || text[i] === '"' || text[i] === "'" || text[i] === "=")) i++;
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
    byName.set(name, decodeValue(value, name, encoded));
  }
  const attrs: Attr[] = [];
  for (const [name, value] of byName) {
    const attr = { name, value };
    if (encoded.has(name)) ENCODED_WHITESPACE.add(attr);
    attrs.push(attr);
  }
  return attrs;
}

/**
 * Attributes whose value holds tabs or line breaks written as character references (`&#10;`):
 * MediaWiki normalises the whitespace written in a value before it decodes references, so these
 * stay while written ones become spaces (which the sanitizer does, noting the written value).
 */
const ENCODED_WHITESPACE = new WeakSet<Attr>();

export function hasEncodedWhitespace(attr: Attr): boolean {
  return ENCODED_WHITESPACE.has(attr);
}

function decodeValue(raw: string, name: string, encoded: Set<string>): string {
  const decoded = decodeEntities(raw, true);
  encoded.delete(name);
  if (decoded === raw || !/[\t\n\r]/.test(decoded)) return decoded;
  const normalized = decodeEntities(raw.replace(/[\t\n\r]/g, " "), true);
  if (!/[\t\n\r]/.test(normalized)) return decoded;
  encoded.add(name);
  return normalized;
}
