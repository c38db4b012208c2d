// wt2dom's lint mode: the lexical facts come from the tokenizer's pass over the top-level
// document, and the page-existence query behind link classes is skipped.
import { describe, expect, it } from "vitest";
import type { LintTokenStream } from "@wikiloom/wasm";
import { wt2dom } from "../../src/wt2html.js";
import { lint } from "../../src/lint/index.js";
import { lexicalFacts } from "../../src/lint/lexical.js";
import { lintEnv } from "./lint-env.js";

function countingEnv() {
  const env = lintEnv();
  let existenceQueries = 0;
  const getPageExistence = env.data.getPageExistence.bind(env.data);
  env.data = {
    ...env.data,
    getPageExistence: (titles) => {
      existenceQueries++;
      return getPageExistence(titles);
    },
  };
  return { env, queries: () => existenceQueries };
}

describe("wt2dom lint mode", () => {
  it("hands over the records of the top-level document once, extension bodies included", async () => {
    const source = "a<ref>b</i> [[Foo]]</ref>\n</b>";
    const streams: LintTokenStream[] = [];
    await wt2dom(source, lintEnv("Test page", ["ref"]), { lint: { onLexicalRecords: (s) => streams.push(s) } });
    expect(streams).toHaveLength(1);
    const facts = lexicalFacts(source, streams[0]!);
    expect(facts.endTags.map((t) => source.slice(t.start, t.end))).toEqual(["</i>", "</ref>", "</b>"]);
  });

  it("skips the link-class query that plain conversion makes", async () => {
    const plain = countingEnv();
    await wt2dom("[[Foo]] [[Bar]]", plain.env);
    expect(plain.queries()).toBe(1);
    const linting = countingEnv();
    await wt2dom("[[Foo]] [[Bar]]", linting.env, { lint: { onLexicalRecords: () => {} } });
    expect(linting.queries()).toBe(0);
  });

  it("lints end tags inside extension bodies at their page offsets", async () => {
    const source = "x<ref>y</i></ref>";
    const items = await lint(source, lintEnv());
    const stripped = items.find((i) => i.type === "stripped-tag");
    expect(stripped?.dsr.slice(0, 2)).toEqual([7, 11]);
    expect(stripped?.params).toEqual({ name: "i" });
  });
});
