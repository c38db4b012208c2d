// A string as a JSON string literal, exactly as JSON.stringify writes it, for JSON that is
// assembled piece by piece (data-mw). Most strings need no escape: then the quotes are added
// around the string itself, which costs less than a call into JSON.stringify per string.

/**
 * What JSON.stringify rewrites in a string: `"`, `\`, control characters and (well-formed
 * JSON.stringify) lone surrogates. Paired surrogates are kept as they are by JSON.stringify; they
 * are sent to it as well, which is rare in wikitext and keeps this test one character class.
 */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `JSON.stringify(text)`. */
export function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : '"' + text + '"';
}

/**
 * Whether JSON.stringify would escape something in `text`: when not, every piece of it can be
 * written between quotes as it is (one test for many strings cut from one text).
 */
export function needsJsonEscape(text: string): boolean {
  return NEEDS_ESCAPE.test(text);
}
