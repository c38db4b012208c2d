// URL pieces for links, as Parsoid writes them: relative `./Title` hrefs keep Unicode and most
// punctuation readable; only characters that would break the URL are percent-encoded.

/** Quotes stay as they are, as in Parsoid's hrefs and resources (`./File:Cool_"Gator".png`). */
const TITLE_UNSAFE = /[%\\?#<>[\]{}|^`\u0000-\u001f\u007f ]/g;

/** Uppercase hex of every byte value, built once. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).toUpperCase().padStart(2, "0"));

/** `%XX` of every ASCII character, built once: the escape classes below hold ASCII only. */
const ASCII_ESCAPES = HEX.slice(0, 128).map((hex) => `%${hex}`);

/**
 * `out` followed by the UTF-8 bytes of a code point, each written as `mark` and two uppercase
 * hex digits. Computed rather than asked of a TextEncoder: an encoder call allocates a byte array
 * per character. A lone surrogate is written as U+FFFD, as TextEncoder writes it.
 */
function appendUtf8Escaped(out: string, codePoint: number, mark: string): string {
  let c = codePoint;
  if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
  if (c < 0x80) return out + mark + HEX[c]!;
  if (c < 0x800) return out + mark + HEX[0xc0 | (c >> 6)]! + mark + HEX[0x80 | (c & 0x3f)]!;
  if (c < 0x10000) {
    return out + mark + HEX[0xe0 | (c >> 12)]! + mark + HEX[0x80 | ((c >> 6) & 0x3f)]! + mark + HEX[0x80 | (c & 0x3f)]!;
  }
  return out + mark + HEX[0xf0 | (c >> 18)]! + mark + HEX[0x80 | ((c >> 12) & 0x3f)]! + mark + HEX[0x80 | ((c >> 6) & 0x3f)]! + mark + HEX[0x80 | (c & 0x3f)]!;
}

function percent(c: string): string {
  // Sort keys escape every space: a table lookup instead of a UTF-8 encoding per match.
  if (c.length === 1) {
    const escape = ASCII_ESCAPES[c.charCodeAt(0)];
    if (escape !== undefined) return escape;
  }
  let out = "";
  for (let i = 0; i < c.length; i++) {
    const code = c.codePointAt(i)!;
    out = appendUtf8Escaped(out, code, "%");
    if (code > 0xffff) i++;
  }
  return out;
}

/** Encodes a db key (underscores) for a `./` href. */
export function encodeTitlePath(dbKey: string): string {
  return dbKey.replace(TITLE_UNSAFE, percent);
}

/**
 * Encodes a link fragment: spaces become underscores, control characters are escaped. Square
 * brackets stay (MediaWiki's HTML5 ids keep them, T179544/T404823: the href must match the id
 * anchorencode wrote).
 */
export function encodeFragment(fragment: string): string {
  return fragment.replace(/ /g, "_").replace(/[\u0000-\u001f\u007f]/g, percent);
}

/** Encodes a category sort key (the whole key is URL text, spaces as %20). */
export function encodeSortKey(key: string): string {
  return key.replace(/[%"\\?<>[\]{}|^`\u0000-\u001f\u007f# ]/g, percent);
}

/**
 * An interwiki link's URL: the title as written after the prefix (spaces as %20, `?` escaped)
 * substituted for `$1`. Protocol-relative interwikis drop their scheme. Fragments use the
 * page's fragment encoding on local (same-farm) wikis and the legacy encoding elsewhere.
 */
export function interwikiUrl(iw: { url: string; protorel?: boolean; local?: boolean }, titleText: string, fragment: string): string {
  const encoded = titleText.replace(/[%?<>[\]{}|^`\u0000-\u0020\u007f]/g, percent);
  let url = iw.url.includes("$1") ? iw.url.replace("$1", encoded) : iw.url + encoded;
  if (iw.protorel) url = url.replace(/^[a-z][a-z0-9+.-]*:(?=\/\/)/i, "");
  if (!fragment) return url;
  return `${url}#${iw.local ? encodeFragment(fragment) : legacyFragment(fragment)}`;
}

/** Interwiki fragments use the legacy anchor encoding (`.2F` for `/`), as other wikis expect. */
export function legacyFragment(fragment: string): string {
  return legacyAnchor(fragment.replace(/ /g, "_"));
}

/** The characters legacy anchors keep as they are: ASCII letters, digits and `_.-:`. */
const LEGACY_SAFE = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-:") LEGACY_SAFE[ch.charCodeAt(0)] = 1;

function isLegacySafe(code: number): boolean {
  return code < 128 && LEGACY_SAFE[code] === 1;
}

/** MediaWiki's legacy anchor encoding: URL-encoding with `.` instead of `%`, `:` kept. */
export function legacyAnchor(id: string): string {
  // Most ids are plain ASCII words: nothing to encode.
  let i = 0;
  while (i < id.length && isLegacySafe(id.charCodeAt(i))) i++;
  if (i === id.length) return id;
  let out = id.slice(0, i);
  for (; i < id.length; i++) {
    const code = id.codePointAt(i)!;
    if (isLegacySafe(code)) {
      out += id[i];
      continue;
    }
    out = appendUtf8Escaped(out, code, ".");
    if (code > 0xffff) i++;
  }
  return out;
}
