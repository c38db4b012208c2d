// unclosed-quotes-in-heading is decided from the tokenizer's heading-line records for headings of
// plain text and quotes; other headings stay with the tree check. Both must agree.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { lint } from "../../src/lint/index.js";
import { wt2dom } from "../../src/wt2html.js";
import { lexicalFacts, type LexicalFacts } from "../../src/lint/lexical.js";
import { LintContext, linterSettings } from "../../src/lint/context.js";
import { lintDom } from "../../src/lint/lint-dom.js";
import type { LintItem } from "../../src/lint/types.js";
import { lintEnv } from "./lint-env.js";

const headingLints = async (wt: string) =>
  (await lint(wt, lintEnv())).filter((i) => i.type === "unclosed-quotes-in-heading").map((i) => [i.dsr, i.params?.["name"], i.params?.["ancestorName"]]);

/** Lints of `source` with and without the recorded heading lines (the latter: tree check only). */
async function bothWays(source: string): Promise<[LintItem[], LintItem[]]> {
  const env = lintEnv();
  let facts: LexicalFacts | null = null;
  const body = await wt2dom(source, env, { expandTemplates: false, lint: { onLexicalRecords: (s) => (facts = lexicalFacts(source, s)) } });
  const run = (lexical: LexicalFacts) => {
    const ctx = new LintContext(source, env.site, env.page, linterSettings(undefined), lexical);
    ctx.domTransclusions = false;
    lintDom(body, ctx);
    return ctx.items;
  };
  return [run(facts!), run({ ...facts!, headingQuoteLines: [] })];
}

describe("lint: unclosed quotes in headings", () => {
  it("reports the quotes a heading closed, up to where its content ends", async () => {
    expect(await headingLints("== ''foo ==")).toEqual([[[3, 9, 2, 0], "i", "h2"]]);
    expect(await headingLints("x\n=== ''a'' '''b ===\ny")).toEqual([[[12, 17, 3, 0], "b", "h3"]]);
    expect(await headingLints("== '''''foo ==")).toEqual([[[3, 12, 5, 0], "b", "h2"], [[3, 12, 5, 0], "i", "h2"]]);
    expect(await headingLints("== ''''''foo ==")).toEqual([[[4, 13, 5, 0], "b", "h2"], [[4, 13, 5, 0], "i", "h2"]]);
  });

  it("follows the apostrophe algorithm: balanced or rebalanced lines have none", async () => {
    expect(await headingLints("== '''foo'' ==")).toEqual([]);
    expect(await headingLints("== '''a ''b ==")).toEqual([]);
    expect(await headingLints("== ''a''  ==  ")).toEqual([]);
    expect(await headingLints("== a ''b ==\n'' not a heading")).toEqual([[[5, 9, 2, 0], "i", "h2"]]);
  });

  it("leaves out a tag reopened by the heading's last quotes (nothing in it: the transform drops it)", async () => {
    // ''' opens bold, '' italic; the last ''' (after a literal ') closes both and reopens italic.
    const source = "=''' ''a''''=\n";
    expect(await headingLints(source)).toEqual([]);
    const [recorded, treeOnly] = await bothWays(source);
    expect(recorded).toEqual(treeOnly);
    expect(await headingLints("=''' ''a'''' b=\n")).toEqual([[[9, 14, 3, 0], "i", "h1"]]);
  });

  it("leaves headings with other syntax to the tree", async () => {
    expect(await headingLints("== <span>''foo</span> ==")).toEqual([[[9, 14, 2, 0], "i", "h2"]]);
    expect(await headingLints("== [[Foo|''bar]] ==")).toEqual([[[9, 14, 2, 0], "i", "h2"]]);
  });

  it("agrees with the tree check on any heading of text and quotes", async () => {
    const piece = fc.constantFrom("'", "''", "'''", "''''", "'''''", "''''''", "a", "b c", " ", "ab", " a", "a ", "\t", "[[Foo|x]]", "<b>", "&amp;");
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.array(piece, { minLength: 1, maxLength: 8 }), async (level, pieces) => {
        const eq = "=".repeat(level);
        const [recorded, treeOnly] = await bothWays(`${eq}${pieces.join("")}${eq}\n`);
        expect(recorded).toEqual(treeOnly);
      }),
      { numRuns: 150 },
    );
  });
});
