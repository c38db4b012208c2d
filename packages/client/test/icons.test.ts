// The generated icons are real PNGs of the sizes the manifest declares.
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the build script, without type declarations
import { iconPng } from "../scripts/icons.mjs";

describe("generated icons", () => {
  it("writes a valid RGB PNG of the requested size", () => {
    const png: Buffer = iconPng(192);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.toString("latin1", 12, 16)).toBe("IHDR");
    expect(png.readUInt32BE(16)).toBe(192);
    expect(png.readUInt32BE(20)).toBe(192);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString("latin1", 37, 41)).toBe("IDAT");
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe(192 * (192 * 3 + 1));
  });
});
