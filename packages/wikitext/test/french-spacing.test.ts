import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { transformFrenchSpacing } from "../src/transforms/french-spacing.js";
import type { Token } from "../src/tokenizer/tokens.js";
import { wt2html } from "../src/wt2html.js";
import { makeEnv } from "./helpers/env.js";

/**
 * MediaWiki's rule as a regex: a space before closing punctuation no word character follows
 * (armorFrenchSpaces' `(?!\w)`), or after an opening « starting a word.
 */
const REFERENCE = / (?=[?:;!%»›](?![\p{L}\p{N}_]))|(?<=(?:^|\s)[«‹]) /gu;

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
    for (const value of ["a ? b", "a !", "a :b", "75 %.", "y :)", "a !é", "« a »", "x« a", "\u00a0« a", "« ", " ?", "a  ! b", "a ?\u3000", "a %x", "«« a"]) {
      expect(transformedSpaces(value), value).toEqual(referenceSpaces(value));
    }
  });

  it("agrees with the rule on generated text", () => {
    const chars = fc.constantFrom(" ", "a", "?", ":", ";", "!", "%", "»", "›", "«", "‹", "\n", "\t", "\u00a0", "\u2009", "\u3000", "x", "😀", ".", ")", "é", "_", "7");
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 12 }).map((a) => a.join("")), (value) => {
        expect(transformedSpaces(value)).toEqual(referenceSpaces(value));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("French spacing in the document", () => {
  const env = makeEnv();
  const html = async (wikitext: string) => (await wt2html(wikitext, env, { bodyOnly: true })).html.replace(/ data-parser='[^']*'/g, "");
  it("leaves the lines of an indented pre alone", async () => {
    expect(await html(" x\n y :)")).toBe("<pre>x\ny :)</pre>");
    expect(await html("y :)")).toContain('y<span typeof="mw:DisplaySpace">\u00a0</span>:)');
  });
  it("drops a French space at the edge of a list item or cell with the edge's whitespace", async () => {
    expect(await html("* %\n*  %\n*&nbsp; %")).toMatch(/^<ul><li>%<\/li>\n<li>%<\/li>\n<li><span typeof="mw:Entity">\u00a0<\/span><span typeof="mw:DisplaySpace">\u00a0<\/span>%<\/li><\/ul>$/);
    expect(await html("{|\n| %\n|}")).toContain("<td>%</td>");
  });
});
