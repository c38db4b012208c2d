// URL pieces for links, as Parsoid writes them: relative `./Title` hrefs keep Unicode and most
// punctuation readable; only characters that would break the URL are percent-encoded.

const TITLE_UNSAFE = /[%"\\?#<>[\]{}|^`\u0000-\u001f\u007f ]/g;

function percent(c: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(c)) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
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

/** Substitutes an interwiki URL pattern (`$1`) with a title. */
export function interwikiUrl(pattern: string, dbKey: string, fragment: string): string {
  const encoded = dbKey.replace(/[%<>[\]{}|^`\u0000-\u0020\u007f]/g, percent);
  const url = pattern.includes("$1") ? pattern.replace("$1", encoded) : pattern + encoded;
  return fragment ? `${url}#${legacyFragment(fragment)}` : url;
}

/** Interwiki fragments use the legacy anchor encoding (`.2F` for `/`), as other wikis expect. */
export function legacyFragment(fragment: string): string {
  let out = "";
  for (const ch of fragment.replace(/ /g, "_")) {
    if (/[A-Za-z0-9_.\-:]/.test(ch)) out += ch;
    else for (const byte of new TextEncoder().encode(ch)) out += `.${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
