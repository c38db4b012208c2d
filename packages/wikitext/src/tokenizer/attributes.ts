// Attribute parsing for HTML-like tags and table syntax, after MediaWiki's
// Sanitizer::decodeTagAttributes: `name="v"`, `name='v'`, `name=v` and bare `name`; values have
// their character references decoded; later duplicates win. A single linear scan, no regex
// backtracking over the whole string.
import type { Attr } from "../dom/node.js";
import type { AttrSource } from "./tokens.js";
import { decodeEntities } from "../util/entities.js";

function isSpace(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f";
}

function isNameChar(c: string | undefined): boolean {
  return c !== undefined && !isSpace(c) && c !== "=" && c !== ">" && c !== "/" && c !== '"' && c !== "'";
}

const INCLUDE_DIRECTIVE_TAG = /^<\/?(?:noinclude|includeonly|onlyinclude)\s*\/?>/i;

/**
 * One scan of an attribute string: calls `visit` for every attribute in written order with its
 * name (lower-cased) and where the name and the raw value (without quotes) stand in `text`;
 * the value range is null for a bare name.
 */
function scanAttributes(
  text: string,
  visit: (name: string, nameStart: number, nameEnd: number, valueStart: number, valueEnd: number) => void,
  opaque?: OpaqueSpans,
): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && (isSpace(text[i]) || text[i] === "/" || text[i] === '"' || text[i] === "'" || text[i] === "=")) i++;
    const nameStart = i;
    while (i < n) {
      if (text[i] === "<") {
        // An include directive's tag is part of the name it stands in, ">" and "/" included
        // (Parsoid's attribute names take directives whole).
        const directive = INCLUDE_DIRECTIVE_TAG.exec(text.slice(i, i + 32));
        if (directive) {
          i += directive[0].length;
          continue;
        }
      }
      if (!isNameChar(text[i])) break;
      i++;
    }
    if (i === nameStart) {
      i++;
      continue;
    }
    const name = text.slice(nameStart, i).toLowerCase();
    let j = i;
    while (j < n && isSpace(text[j])) j++;
    if (text[j] !== "=") {
      visit(name, nameStart, i, -1, -1);
      continue;
    }
    j++;
    while (j < n && isSpace(text[j])) j++;
    const quote = text[j];
    if (quote === '"' || quote === "'") {
      let close = text.indexOf(quote, j + 1);
      // Inside a quote written on the page, a quote a template wrote is part of the value (the
      // template's output is one piece of it); a quoted value a template wrote whole parses as usual.
      if (opaque && opaque(j) < 0) {
        for (let skip = opaque(close); close >= 0 && skip > close; skip = opaque(close)) close = text.indexOf(quote, skip);
      }
      // Unclosed quote: MediaWiki takes the rest as the value.
      const valueEnd = close < 0 ? n : close;
      visit(name, nameStart, i, j + 1, valueEnd);
      i = close < 0 ? n : close + 1;
    } else {
      const start = j;
      while (j < n && !isSpace(text[j])) j++;
      visit(name, nameStart, i, start, j);
      i = j;
    }
  }
}

/**
 * Where the template output containing offset `at` of the attribute text ends, or -1 when no
 * template wrote that character.
 */
export type OpaqueSpans = (at: number) => number;

export function parseAttributes(text: string, opaque?: OpaqueSpans): Attr[] {
  const byName = new Map<string, string>();
  const encoded = new Set<string>();
  // Values written with character references, as written (rare: made only when one is seen).
  let spelled = null as Map<string, string> | null;
  scanAttributes(text, (name, _nameStart, _nameEnd, valueStart, valueEnd) => {
    spelled?.delete(name);
    if (valueStart < 0) {
      byName.set(name, "");
      return;
    }
    byName.delete(name);
    const raw = text.slice(valueStart, valueEnd);
    const value = decodeValue(raw, name, encoded);
    byName.set(name, value);
    if (value !== raw && raw.includes("&")) (spelled ??= new Map()).set(name, raw);
  }, opaque);
  const attrs: Attr[] = [];
  for (const [name, value] of byName) {
    const attr = { name, value };
    if (encoded.has(name)) ENCODED_WHITESPACE.add(attr);
    const raw = spelled?.get(name);
    if (raw !== undefined) WRITTEN_VALUE.set(attr, raw);
    attrs.push(attr);
  }
  return attrs;
}

/**
 * Values written with character references (`title="&amp;"`), as written: the parse data keeps
 * that spelling so that html2wt writes the value back the way the page had it.
 */
const WRITTEN_VALUE = new WeakMap<Attr, string>();

export function writtenValue(attr: Attr): string | undefined {
  return WRITTEN_VALUE.get(attr);
}

/**
 * Where each attribute that parseAttributes keeps was written, as offsets of `text` plus
 * `offset` (later duplicates win, as there).
 */
export function attributeSources(text: string, offset: number, opaque?: OpaqueSpans): AttrSource[] {
  const byName = new Map<string, AttrSource>();
  scanAttributes(text, (name, nameStart, nameEnd, valueStart, valueEnd) => {
    byName.delete(name);
    const value: [number, number] | null = valueStart < 0 ? null : [offset + valueStart, offset + valueEnd];
    byName.set(name, { name, key: [offset + nameStart, offset + nameEnd], value });
  }, opaque);
  return [...byName.values()];
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

/** `<nowiki>` in a value (table syntax): its content is the value's text, the tags are not. */
const NOWIKI_IN_VALUE = /<nowiki\s*>([\s\S]*?)<\/nowiki\s*>|<nowiki\s*\/>/gi;

function decodeValue(written: string, name: string, encoded: Set<string>): string {
  const raw = written.includes("<") ? written.replace(NOWIKI_IN_VALUE, "$1") : written;
  const decoded = decodeEntities(raw, true);
  encoded.delete(name);
  if (decoded === raw || !/[\t\n\r]/.test(decoded)) return decoded;
  const normalized = decodeEntities(raw.replace(/[\t\n\r]/g, " "), true);
  if (!/[\t\n\r]/.test(normalized)) return decoded;
  encoded.add(name);
  return normalized;
}
