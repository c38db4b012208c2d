import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NS_CATEGORY, NS_MAIN, NS_TEMPLATE, Title, TitleError } from "../src/env/title.js";
import { testSite as site } from "./site-fixture.js";

/** The full rules, without the plain path or the cache (a private static of Title). */
const fullRules = (Title as unknown as { parseUncached(input: string, s: typeof site, ns: number): Title }).parseUncached;

function viaFullRules(input: string, ns: number): string {
  try {
    return describeTitle(fullRules.call(Title, input, site, ns));
  } catch (error) {
    if (error instanceof TitleError) return error.code;
    throw error;
  }
}

function viaParse(input: string, ns: number): string {
  try {
    return describeTitle(Title.parse(input, site, ns));
  } catch (error) {
    if (error instanceof TitleError) return error.code;
    throw error;
  }
}

function describeTitle(t: Title): string {
  return JSON.stringify([t.interwiki, t.ns, t.dbKey, t.fragment, t.text, t.prefixedText, t.prefixedDbKey]);
}

describe("Plainly written titles with prefixes and paths", () => {
  it("give what the full rules give", () => {
    const cases: Array<[string, number]> = [
      ["Template:Cite web", NS_MAIN],
      [":Template:cite web", NS_TEMPLATE],
      ["category:Living people", NS_MAIN],
      [":Category:Foo bar", NS_MAIN],
      ["Cite web", NS_TEMPLATE],
      [":Cite web", NS_TEMPLATE],
      ["Kilmarnock F.C.", NS_MAIN],
      ["AC/DC", NS_MAIN],
      ["a/./b", NS_MAIN],
      ["./a", NS_MAIN],
      ["a/..", NS_MAIN],
      ["...", NS_MAIN],
      ["Category:", NS_MAIN],
      ["Category: Foo", NS_MAIN],
      ["Category :Foo", NS_MAIN],
      ["Foo:bar", NS_MAIN],
      ["Talk:x y", NS_MAIN],
      ["Special:Version", NS_MAIN],
      ["Media:X.png", NS_MAIN],
      [":", NS_MAIN],
      ["::Foo", NS_MAIN],
      ["Template:Foo:Bar", NS_MAIN],
      ["User:A/b", NS_CATEGORY],
    ];
    for (const [input, ns] of cases) expect(viaParse(input, ns), input).toBe(viaFullRules(input, ns));
  });

  it("agree with the full rules on generated inputs", () => {
    const pieces = ["a", "b", "Z", " ", ":", ".", "/", "..", "Template", "category", "Talk", "user talk", "Special", "1", "(", ")", ",", "'", "!", "-"];
    const input = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(""));
    const ns = fc.constantFrom(NS_MAIN, NS_TEMPLATE, NS_CATEGORY, 1);
    fc.assert(
      fc.property(input, ns, (text, defaultNs) => {
        expect(viaParse(text, defaultNs)).toBe(viaFullRules(text, defaultNs));
      }),
      { numRuns: 3000 },
    );
  });
});
