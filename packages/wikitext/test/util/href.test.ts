import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeSortKey, encodeTitlePath, legacyAnchor, legacyFragment } from "../../src/util/href.js";

/** The legacy anchor encoding as MediaWiki describes it: every byte of an unsafe character's UTF-8 as `.XX`. */
function legacyByDefinition(id: string): string {
  let out = "";
  for (const ch of id) {
    if (/[A-Za-z0-9_.\-:]/.test(ch)) out += ch;
    else for (const byte of new TextEncoder().encode(ch)) out += `.${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

describe("legacy anchors", () => {
  it("keep safe ids as they are and encode the rest byte by byte", () => {
    expect(legacyAnchor("Early_life")).toBe("Early_life");
    expect(legacyAnchor("")).toBe("");
    expect(legacyAnchor("Width,_height")).toBe("Width.2C_height");
    expect(legacyAnchor("Mélange")).toBe("M.C3.A9lange");
    expect(legacyAnchor("അവലംബം")).toBe(legacyByDefinition("അവലംബം"));
    expect(legacyAnchor("a😀b")).toBe("a.F0.9F.98.80b");
    // A lone surrogate is encoded as U+FFFD, as a UTF-8 encoder writes it.
    expect(legacyAnchor("x\uD800y")).toBe("x.EF.BF.BDy");
    expect(legacyFragment("a b/c")).toBe("a_b.2Fc");
  });

  it("match the definition on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (id) => {
        expect(legacyAnchor(id)).toBe(legacyByDefinition(id));
      }),
      { numRuns: 500 },
    );
  });
});

describe("percent escapes", () => {
  it("keep title paths readable, escaping only what breaks a URL", () => {
    expect(encodeTitlePath("Cool_\"Gator\"_(film)")).toBe('Cool_"Gator"_(film)');
    expect(encodeTitlePath("100%_a?b#c")).toBe("100%25_a%3Fb%23c");
  });

  it("escape sort key characters as uppercase hex", () => {
    expect(encodeSortKey("a b%\u0001")).toBe("a%20b%25%01");
  });
});
