// Character references: `&name;`, `&#123;`, `&#x1F;`. The engine checks names against the HTML5
// list; here only the shape is recognised, with a bounded look-ahead.
import { ch, isAsciiLetter, isAsciiAlnum, isDigit, addWork } from "../state";
import { emit } from "../output";
import { K_ENTITY } from "../kinds";

const MAX_NAME = 32;
const MAX_DIGITS = 32;

function isHexDigit(c: i32): bool {
  return isDigit(c) || <u32>((c | 0x20) - 0x61) < 6;
}

/** At `&`: the entity ending after `;`, or -1. */
export function entityStart(pos: i32): i32 {
  const c = ch(pos + 1);
  if (c == 0x23) return numericReference(pos);
  if (!isAsciiLetter(c)) return rlmAlias(pos, c);
  let i = pos + 2;
  while (isAsciiAlnum(ch(i)) && i - pos <= MAX_NAME) i++;
  addWork(i - pos);
  if (ch(i) != 0x3b) return -1;
  emit(K_ENTITY, pos, i + 1, 0);
  return i + 1;
}

/** After `&#`: decimal or (`x`) hexadecimal digits, then `;`. */
function numericReference(pos: i32): i32 {
  let i = pos + 2;
  const hex = (ch(i) | 0x20) == 0x78;
  if (hex) i++;
  const digitsStart = i;
  while ((hex ? isHexDigit(ch(i)) : isDigit(ch(i))) && i - digitsStart < MAX_DIGITS) i++;
  addWork(i - pos);
  if (i == digitsStart || ch(i) != 0x3b) return -1;
  emit(K_ENTITY, pos, i + 1, 0);
  return i + 1;
}

/**
 * MediaWiki's two non-ASCII entity names (Sanitizer's HTML_ENTITY_ALIASES): `&רלמ;` (Hebrew)
 * and `&رلم;` (Arabic), both the right-to-left mark, typed by editors of those wikis.
 */
function rlmAlias(pos: i32, c: i32): i32 {
  const hebrew = c == 0x5e8 && ch(pos + 2) == 0x5dc && ch(pos + 3) == 0x5de;
  const arabic = c == 0x631 && ch(pos + 2) == 0x644 && ch(pos + 3) == 0x645;
  if (!(hebrew || arabic) || ch(pos + 4) != 0x3b) return -1;
  emit(K_ENTITY, pos, pos + 5, 0);
  return pos + 5;
}
