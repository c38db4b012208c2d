// CSS in style attributes, after MediaWiki's Sanitizer::checkCss: escapes and comments are
// decoded/removed first so they cannot hide anything, then anything able to load resources or
// run script (url(), image(), expression(), behavior, -moz-binding, @import...) rejects the
// whole value.

import { toNfc } from "../util/nfc.js";

const INSECURE = /expression|filter\s*:|accelerator\s*:|-o-link\s*:|-o-link-source\s*:|-o-replace\s*:|url\s*\(|image\s*\(|image-set\s*\(|attr\s*\([^)]+[\s,]+url|var\s*\(|behavior|-moz-binding|@import/i;

function decodeCssEscapes(css: string): string {
  return css.replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|([^\n0-9a-fA-F]))|\\\n/g, (m, hex: string | undefined, ch: string | undefined) => {
    if (hex) {
      const cp = parseInt(hex, 16);
      if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return "\ufffd";
      return String.fromCodePoint(cp);
    }
    if (ch !== undefined) return ch;
    return m === "\\\n" ? "" : m;
  });
}

/** The style value to keep, or a CSS comment saying why it was rejected. */
export function sanitizeCss(value: string): string {
  let css = decodeCssEscapes(toNfc(value));
  if (/[\u0000-\u0008\u000b\u000d-\u001f\u007f]/.test(css)) return "/* invalid control char */";
  // Comments become spaces (an unclosed one runs to the end).
  css = css.replace(/\/\*.*?(?:\*\/|$)/gs, " ");
  // Fullwidth and other look-alike letters are folded before the check.
  const folded = css.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u0280/g, "R").replace(/\u0274/g, "N").replace(/\u029F/g, "L").replace(/\u026A/g, "I");
  if (INSECURE.test(folded)) return "/* insecure input */";
  return css;
}
