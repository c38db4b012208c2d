import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { transformFrenchSpacing } from "../src/transforms/french-spacing.js";
import type { Token } from "../src/tokenizer/tokens.js";

/** MediaWiki's rule as a regex: a space before closing punctuation ending a word, or after an opening « starting one. */
const REFERENCE = / (?=[?:;!%»›](?:\s|$))|(?<=(?:^|\s)[«‹]) /gu;

function referenceSpaces(value: string): number[] {
  return [...value.matchAll(REFERENCE)].map((m) => m.index);
}

/** Offsets (in the text) of the spaces the transform turned into mw:DisplaySpace spans. */
function transformedSpaces(value: string): number[] {
  const tokens: Token[] = [{ type: "text", value, start: 0, end: value.length }];
  const out = transformFrenchSpacing(tokens);
  const spaces: number[] = [];
  // The text around the spans is the text as it was; a span holds one no-break space.
  let rebuilt = "";
  let inSpan = false;
  for (const tk of out) {
    if (tk.type === "start" && tk.name === "span") {
      spaces.push(tk.dp.tsr![0]);
      inSpan = true;
    } else if (tk.type === "end") {
      inSpan = false;
    } else if (tk.type === "text") {
      if (inSpan) expect(tk.value).toBe("\u00a0");
      rebuilt += inSpan ? " " : tk.value;
    }
  }
  expect(rebuilt).toBe(value);
  return spaces;
}

describe("French spacing", () => {
  it("marks the spaces MediaWiki's rule marks", () => {
    for (const value of ["a ? b", "a !", "a :b", "« a »", "x« a", "\u00a0« a", "« ", " ?", "a  ! b", "a ?\u3000", "a %x", "«« a"]) {
      expect(transformedSpaces(value), value).toEqual(referenceSpaces(value));
    }
  });

  it("agrees with the rule on generated text", () => {
    const chars = fc.constantFrom(" ", "a", "?", ":", ";", "!", "%", "»", "›", "«", "‹", "\n", "\t", "\u00a0", "\u2009", "\u3000", "x", "😀");
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 12 }).map((a) => a.join("")), (value) => {
        expect(transformedSpaces(value)).toEqual(referenceSpaces(value));
      }),
      { numRuns: 5000 },
    );
  });
});
