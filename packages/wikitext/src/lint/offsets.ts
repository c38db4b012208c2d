// Lints are computed in UTF-16 offsets (JavaScript string indices). Byte (UTF-8) and code-point
// offsets are derived on request, with one pass over the source that maps every UTF-16 offset.
import type { LintItem, LintOffsetType } from "./types.js";

/** A function from UTF-16 offset to the requested unit. */
export function offsetConverter(source: string, type: LintOffsetType): (offset: number) => number {
  if (type === "ucs2") return (offset) => offset;
  const table = new Uint32Array(source.length + 1);
  let units = 0;
  for (let i = 0; i < source.length; i++) {
    table[i] = units;
    const c = source.charCodeAt(i);
    const isHighSurrogate = c >= 0xd800 && c <= 0xdbff && i + 1 < source.length &&
      (source.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (isHighSurrogate) {
      // The pair is one code point of four UTF-8 bytes; both halves map to its start.
      table[i + 1] = units;
      units += type === "byte" ? 4 : 1;
      i++;
      continue;
    }
    units += type === "char" ? 1 : c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
  }
  table[source.length] = units;
  return (offset) => table[Math.max(0, Math.min(offset, source.length))]!;
}

/** Re-expresses the dsr of lint items in another unit (widths become differences of offsets). */
export function convertOffsets(items: LintItem[], source: string, type: LintOffsetType): LintItem[] {
  if (type === "ucs2") return items;
  const at = offsetConverter(source, type);
  return items.map((item) => {
    const [start, end, open, close] = item.dsr;
    const s = at(start);
    const e = at(end);
    return {
      ...item,
      dsr: [
        s,
        e,
        open === null ? null : at(start + open) - s,
        close === null ? null : e - at(end - close),
      ],
    };
  });
}
