/**
 * A forgiving `decodeURI`: percent-escapes that form valid UTF-8 are decoded, except those of the
 * URI-reserved characters (`#$&+,/:;=?@`), which stay escaped; malformed or partial sequences are
 * left as they are instead of throwing. The test normalisers apply it to hrefs so that needless
 * escaping ("%C3%A9" vs "é") never decides a comparison.
 */
const RESERVED_ESCAPE = /%(?:2[346bcf]|3[abdf]|40)/gi;

// Runs of escapes that form complete UTF-8 sequences (1 to 4 bytes each).
const UTF8_ESCAPES =
  /(?:%[0-7][0-9a-f]|%(?:c[2-9a-f]|d[0-9a-f])%[89ab][0-9a-f]|%e[0-9a-f](?:%[89ab][0-9a-f]){2}|%f[0-4](?:%[89ab][0-9a-f]){3})+/gi;

export function decodeUriLeniently(text: string): string {
  // Protect reserved escapes by escaping their '%' so that decoding restores them verbatim.
  const protectedText = text.replace(RESERVED_ESCAPE, (escape) => `%25${escape.slice(1)}`);
  try {
    return decodeURIComponent(protectedText);
  } catch {
    return protectedText.replace(UTF8_ESCAPES, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}
