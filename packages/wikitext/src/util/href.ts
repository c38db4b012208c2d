// URL pieces for links, as Parsoid writes them: relative `./Title` hrefs keep Unicode and most
// punctuation readable; only characters that would break the URL are percent-encoded.

/** One shared encoder (creating one per character showed up in profiles). */
const UTF8 = new TextEncoder();

/** Quotes stay as they are, as in Parsoid's hrefs and resources (`./File:Cool_"Gator".png`). */
const TITLE_UNSAFE = /[%\\?#<>[\]{}|^`\u0000-\u001f\u007f ]/g;

/** `%XX` of every ASCII character, built once: the escape classes below hold ASCII only. */
const ASCII_ESCAPES = Array.from({ length: 128 }, (_, code) => `%${code.toString(16).toUpperCase().padStart(2, "0")}`);

function percent(c: string): string {
  // Sort keys escape every space: a table lookup instead of a UTF-8 encoding per match.
  if (c.length === 1) {
    const escape = ASCII_ESCAPES[c.charCodeAt(0)];
    if (escape !== undefined) return escape;
  }
  let out = "";
  for (const byte of UTF8.encode(c)) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}

/** Encodes a db key (underscores) for a `./` href. */
export function encodeTitlePath(dbKey: string): string {
  return dbKey.replace(TITLE_UNSAFE, percent);
}

/** Encodes a link fragment: spaces become underscores, unsafe characters are escaped. */
export function encodeFragment(fragment: string): string {
  return fragment.replace(/ /g, "_").replace(/[[\]\u0000-\u001f\u007f]/g, percent);
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
  let out = "";
  for (const ch of fragment.replace(/ /g, "_")) {
    if (/[A-Za-z0-9_.\-:]/.test(ch)) out += ch;
    else for (const byte of UTF8.encode(ch)) out += `.${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
