import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonString } from "../../src/util/json-string.js";

describe("jsonString", () => {
  it("writes what JSON.stringify writes", () => {
    for (const text of ["", "plain", 'q"q', "b\\s", "\n\t\r\b\f", "\u0000\u001f\u007f", "\ud83d\ude00", "\ud800", "x\udc00y", "é€"]) {
      expect(jsonString(text)).toBe(JSON.stringify(text));
    }
  });

  it("agrees with JSON.stringify on any UTF-16 string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }), (a, b) => {
        expect(jsonString(a)).toBe(JSON.stringify(a));
        expect(jsonString(b)).toBe(JSON.stringify(b));
      }),
      { numRuns: 200 },
    );
  });
});
