// obsolete-tag is decided from the tokenizer's tag records when the tag's own end tag closes it
// over plain text; other obsolete elements stay with the tree check. Both must agree.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { lint } from "../../src/lint/index.js";
import { wt2dom } from "../../src/wt2html.js";
import { lexicalFacts, type LexicalFacts } from "../../src/lint/lexical.js";
import { LintContext, linterSettings } from "../../src/lint/context.js";
import { lintDom } from "../../src/lint/lint-dom.js";
import type { LintItem } from "../../src/lint/types.js";
import { lintEnv } from "./lint-env.js";

const env = () => lintEnv("Test page", ["ref", "references", "syntaxhighlight"]);

/** Lints of `source` with and without the recorded obsolete start tags (the latter: tree only). */
async function bothWays(source: string): Promise<[LintItem[], LintItem[]]> {
  const e = env();
  let facts: LexicalFacts | null = null;
  const body = await wt2dom(source, e, { expandTemplates: false, lint: { onLexicalRecords: (s) => (facts = lexicalFacts(source, s)) } });
  const run = (lexical: LexicalFacts) => {
    const ctx = new LintContext(source, e.site, e.page, linterSettings(undefined), lexical);
    ctx.domTransclusions = false;
    lintDom(body, ctx);
    return ctx.items;
  };
  return [run(facts!), run({ ...facts!, obsoleteStartTags: [] })];
}

describe("lint: obsolete tags", () => {
  it("covers the element from its tag to its end tag", async () => {
    expect(await lint("a <center>x</center> <big>y</big>", env())).toEqual([{ type: "obsolete-tag", dsr: [2, 20, 8, 9], params: { name: "center" } }]);
    expect((await lint("<font color=\"red\">[[Foo]]</font>", env())).map((i) => i.type)).toEqual(["obsolete-tag", "tidy-font-bug"]);
  });

  it("leaves tags in raw extension bodies and elements the tree ended early to the tree", async () => {
    expect(await lint("<syntaxhighlight><tt>x</tt></syntaxhighlight>", env())).toEqual([]);
    expect((await lint("<tt>a\n\nb</tt>", env())).filter((i) => i.type === "obsolete-tag").map((i) => i.dsr)).toEqual([[0, 5, 4, 0]]);
  });

  it("reports lints inside a <ref> where the ref stands", async () => {
    const items = await lint("x<ref><tt>a</tt> <i/></ref> <center>b</center>", env());
    expect(items.map((i) => [i.type, i.dsr[0]])).toEqual([["obsolete-tag", 6], ["self-closed-tag", 17], ["obsolete-tag", 28]]);
  });

  it("agrees with the tree check", async () => {
    const piece = fc.constantFrom("<tt>", "</tt>", "<font color=red>", "</font>", "<center>", "</center>", "<strike>", "</strike>", "a", " b ", "\n", "\n\n", "''", "[[Foo|x]]", "<b>", "</b>", "<div>", "</div>", "{|\n|", "\n|}", "<ref>", "</ref>", "== h ==\n", "* ", "<!--c-->");
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 2, maxLength: 10 }), async (pieces) => {
        const [recorded, treeOnly] = await bothWays(pieces.join(""));
        // The tree reports lints inside refs where the reference list holds their bodies; compare as sets.
        const key = (items: LintItem[]) => items.map((i) => JSON.stringify(i)).sort();
        expect(key(recorded)).toEqual(key(treeOnly));
      }),
      { numRuns: 150 },
    );
  });
});
