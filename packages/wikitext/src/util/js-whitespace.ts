// JavaScript's `\s` as a test on one UTF-16 code unit, for scans that look at character codes
// instead of running a regex per character.

/** Whether `c` is white space or a line terminator as JavaScript's `\s` sees it. */
export function isJsWhiteSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
