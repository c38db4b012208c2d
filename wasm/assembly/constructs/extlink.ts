// URL schemes at a word start (free external links) and the magic-link keywords ISBN, RFC and
// PMID. The engine checks the scheme against the wiki's protocol list and finds where the URL or
// the number ends; the tokenizer only marks the candidates.
import { ch, isAsciiLetter, isAsciiAlnum, addWork, matchesLower } from "../state";
import { emit } from "../output";
import { K_URL_SCHEME, K_MAGIC_LINK } from "../kinds";

const MAX_SCHEME = 16;

/** Schemes that are used without `//` (mailto:x, news:x...). */
function isOpaqueScheme(start: i32, end: i32): bool {
  const n = end - start;
  if (n == 6) return matchesLower(start, "mailto") || matchesLower(start, "magnet");
  if (n == 4) return matchesLower(start, "news") || matchesLower(start, "xmpp") || matchesLower(start, "sips");
  if (n == 3) return matchesLower(start, "tel") || matchesLower(start, "sms") || matchesLower(start, "urn") || matchesLower(start, "geo") || matchesLower(start, "sip");
  if (n == 7) return matchesLower(start, "bitcoin");
  return false;
}

/**
 * Whether a horizontal space follows, as the magic links require: a space, tab or other
 * horizontal white space, or a reference to a no-break space (`&nbsp;`, `&#160;`, `&#xA0;`,
 * leading zeros allowed), as in MediaWiki's pattern.
 */
function spaceAt(pos: i32): bool {
  const c = ch(pos);
  if (c == 0x26) return matchesLower(pos, "&nbsp;") || noBreakSpaceReferenceAt(pos);
  return c == 0x20 || c == 0x09 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x202f || c == 0x205f || c == 0x3000;
}

/** `&#160;` or `&#xA0;` (any case, leading zeros) at `pos`. */
function noBreakSpaceReferenceAt(pos: i32): bool {
  if (ch(pos + 1) != 0x23) return false;
  let i = pos + 2;
  const hex = ch(i) == 0x78 || ch(i) == 0x58;
  if (hex) i++;
  while (ch(i) == 0x30) i++;
  if (hex) return (ch(i) == 0x61 || ch(i) == 0x41) && ch(i + 1) == 0x30 && ch(i + 2) == 0x3b;
  return ch(i) == 0x31 && ch(i + 1) == 0x36 && ch(i + 2) == 0x30 && ch(i + 3) == 0x3b;
}

/**
 * At a letter that starts a word: marks a scheme or magic keyword; returns the end of the word.
 * Candidate schemes are alphanumeric (every protocol MediaWiki knows is), so `ok-http://x`
 * still finds `http://` at its own word start.
 */
export function wordStart(pos: i32): i32 {
  let i = pos;
  while (isAsciiAlnum(ch(i)) && i - pos < MAX_SCHEME) i++;
  addWork(i - pos);
  if (ch(i) == 0x3a && isAsciiLetter(ch(pos))) {
    if (ch(i + 1) == 0x2f && ch(i + 2) == 0x2f) {
      emit(K_URL_SCHEME, pos, i + 3, i - pos);
      return i + 3;
    }
    if (isOpaqueScheme(pos, i)) {
      emit(K_URL_SCHEME, pos, i + 1, i - pos);
      return i + 1;
    }
  }
  const n = i - pos;
  if ((n == 4 || n == 3) && spaceAt(i)) {
    // Magic words are case-sensitive upper case.
    const c0 = ch(pos);
    if ((n == 4 && c0 == 0x49 && ch(pos + 1) == 0x53 && ch(pos + 2) == 0x42 && ch(pos + 3) == 0x4e) ||
        (n == 4 && c0 == 0x50 && ch(pos + 1) == 0x4d && ch(pos + 2) == 0x49 && ch(pos + 3) == 0x44) ||
        (n == 3 && c0 == 0x52 && ch(pos + 1) == 0x46 && ch(pos + 2) == 0x43)) {
      emit(K_MAGIC_LINK, pos, i, n);
      return i;
    }
  }
  // Not a candidate: skip the whole word so its letters are not looked at again.
  while (isAsciiAlnum(ch(i))) i++;
  return i;
}
