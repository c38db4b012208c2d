// The lint facts the tokenizer records in its own pass (tokenizeWithLint).
import { describe, expect, it } from "vitest";
import { LINT_RECORD_WORDS, L_END_TAG, L_MULTI_COLON_LINK, L_START_TAG, L_TABLE_END, L_TEMPLATE_ARG, LF_OBSOLETE, LF_SELF_CLOSED } from "../assembly/lint/kinds.js";
import { tokenizer } from "./helpers.js";

const NAMES: Record<number, string> = { [L_END_TAG]: "end", [L_START_TAG]: "start", [L_TABLE_END]: "tableEnd", [L_MULTI_COLON_LINK]: "multiColon", [L_TEMPLATE_ARG]: "arg" };

/** Records as [kind, source text, flags] for readable assertions. */
async function records(text: string, rawTags = ["nowiki", "pre", "ref"]): Promise<Array<[string, string, number]>> {
  const t = await tokenizer();
  t.setRawTags(rawTags);
  const s = t.tokenizeWithLint(text);
  const out: Array<[string, string, number]> = [];
  for (let r = 0; r < s.lintRecordCount; r++) {
    const [kind, start, end, , flags] = s.lintRecords.subarray(r * LINT_RECORD_WORDS, (r + 1) * LINT_RECORD_WORDS) as unknown as number[];
    out.push([NAMES[kind!] ?? String(kind), text.slice(start, end), flags!]);
  }
  return out;
}

describe("tokenizeWithLint", () => {
  it("records tags with self-closed and obsolete flags", async () => {
    expect(await records("<div/> <center>x</center> <span>")).toEqual([
      ["start", "<div/>", LF_SELF_CLOSED],
      ["start", "<center>", LF_OBSOLETE],
      ["end", "</center>", LF_OBSOLETE],
      ["start", "<span>", 0],
    ]);
  });

  it("records table ends at line starts only, multi-colon links and template arguments", async () => {
    expect(await records("{|\n|x\n  |}\na |} [[::Foo]] [[:Bar]] {{{a|{{{b}}}}}}")).toEqual([
      ["tableEnd", "|}", 0],
      ["multiColon", "[[::Foo]]", 0],
      ["arg", "{{{b}}}", 0],
      ["arg", "{{{a|{{{b}}}}}}", 0],
    ]);
  });

  it("finds facts inside extension bodies but not in nowiki, pre or comments", async () => {
    expect(await records("<ref><b>x</i></ref><nowiki><b></nowiki><!-- <s> --><pre>{{{x}}}</pre>")).toEqual([
      ["start", "<ref>", 0],
      ["start", "<b>", 0],
      ["end", "</i>", 0],
      ["end", "</ref>", 0],
      ["start", "<nowiki>", 0],
      ["end", "</nowiki>", 0],
      ["start", "<pre>", 0],
      ["end", "</pre>", 0],
    ]);
  });

  it("records nothing in plain tokenizing and leaves the token stream unchanged", async () => {
    const t = await tokenizer();
    const text = "<ref>a {{{x}}}</ref> [[::y]]\n|}";
    const plain = t.tokenize(text);
    const linted = t.tokenizeWithLint(text);
    expect(Array.from(linted.words)).toEqual(Array.from(plain.words));
    expect(linted.lintRecordCount).toBeGreaterThan(0);
  });
});
