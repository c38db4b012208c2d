import { describe, expect, it } from "vitest";
import { offsetConverter } from "../../src/lint/index.js";
import { convertOffsets } from "../../src/lint/offsets.js";

describe("lint offsets", () => {
  // "é" is 1 UTF-16 unit / 2 bytes; "😀" is 2 UTF-16 units / 4 bytes / 1 code point.
  const source = "aé😀<b>x";

  it("maps UTF-16 offsets to bytes and code points", () => {
    const byte = offsetConverter(source, "byte");
    const char = offsetConverter(source, "char");
    expect([0, 1, 2, 4, 5].map(byte)).toEqual([0, 1, 3, 7, 8]);
    expect([0, 1, 2, 4, 5].map(char)).toEqual([0, 1, 2, 3, 4]);
    expect(offsetConverter(source, "ucs2")(4)).toBe(4);
  });

  it("converts lint ranges and their tag widths", () => {
    const items = [{ type: "missing-end-tag", dsr: [4, 8, 3, 0] as [number, number, number, number] }];
    expect(convertOffsets(items, source, "byte")[0]!.dsr).toEqual([7, 11, 3, 0]);
    expect(convertOffsets(items, source, "char")[0]!.dsr).toEqual([3, 7, 3, 0]);
    const nulls = [{ type: "x", dsr: [2, 8, null, null] as [number, number, null, null] }];
    expect(convertOffsets(nulls, source, "byte")[0]!.dsr).toEqual([3, 11, null, null]);
  });
});
