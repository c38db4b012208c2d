// Character references. MediaWiki accepts the HTML5 named references (with `;`) and numeric ones
// for valid code points. The decoding itself is left to parse5 (an HTML5 tokenizer already knows
// every name), with a cache since a document repeats the same few references.
import { parseFragment } from "parse5";

const cache = new Map<string, string | null>();

/** The decoded text of a reference such as `&amp;` or `&#x41;`, or null when it is not valid. */
export function decodeEntity(ref: string): string | null {
  const hit = cache.get(ref);
  if (hit !== undefined) return hit;
  const result = decodeUncached(ref);
  if (cache.size < 4096) cache.set(ref, result);
  return result;
}

/**
 * MediaWiki's entity names beyond HTML5's (Sanitizer's HTML_ENTITY_ALIASES): the right-to-left
 * mark as editors of Hebrew and Arabic wikis spell it.
 */
const ENTITY_ALIASES: ReadonlyMap<string, string> = new Map([["&\u05e8\u05dc\u05de;", "\u200f"], ["&\u0631\u0644\u0645;", "\u200f"]]);

function decodeUncached(ref: string): string | null {
  if (ref.length < 3 || ref[0] !== "&" || !ref.endsWith(";")) return null;
  const alias = ENTITY_ALIASES.get(ref);
  if (alias !== undefined) return alias;
  if (ref[1] === "#") {
    const hex = ref[2] === "x" || ref[2] === "X";
    const digits = ref.slice(hex ? 3 : 2, -1);
    if (!/^[0-9a-fA-F]+$/.test(digits) || (!hex && !/^[0-9]+$/.test(digits))) return null;
    const cp = parseInt(digits, hex ? 16 : 10);
    if (!isValidCodePoint(cp)) return null;
    return String.fromCodePoint(cp);
  }
  const fragment = parseFragment(ref);
  const first = fragment.childNodes[0];
  if (!first || first.nodeName !== "#text" || fragment.childNodes.length !== 1) return null;
  const value = (first as { value: string }).value;
  // parse5 also decodes legacy names without `;` ("&ampamp;" → "&amp;"): only a full match
  // (one or two code points) is a reference.
  if (value === ref || [...value].length > 2) return null;
  return value;
}

/** MediaWiki's Sanitizer::validateCodepoint. */
export function isValidCodePoint(cp: number): boolean {
  return cp === 0x09 || cp === 0x0a ||
    (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/**
 * Decodes every valid reference in a string (attribute values, link targets). Attribute values
 * also accept `&#13;` (MediaWiki's attribute decoding does; in text it stays literal).
 */
export function decodeEntities(text: string, attribute = false): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(?:#[xX][0-9a-fA-F]{1,32}|#[0-9]{1,32}|[a-zA-Z][a-zA-Z0-9]{0,31}|\u05e8\u05dc\u05de|\u0631\u0644\u0645);/g, (ref) => {
    const decoded = decodeEntity(ref);
    if (decoded !== null) return decoded;
    if (attribute && /^&#(?:[xX]0*[dD]|0*13);$/.test(ref)) return "\r";
    return ref;
  });
}
