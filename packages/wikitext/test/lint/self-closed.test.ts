// self-closed-tag comes from the tokenizer's records: a `<tag/>` counts where it is markup, not
// where it is text (raw extension bodies, table attribute positions).
import { describe, expect, it } from "vitest";
import { lint, type LintItem } from "../../src/lint/index.js";
import { lintEnv } from "./lint-env.js";

const env = () => lintEnv("Test page", ["ref", "references", "poem", "syntaxhighlight"]);
const selfClosed = async (wt: string) =>
  (await lint(wt, env())).filter((i: LintItem) => i.type === "self-closed-tag").map((i) => [i.dsr[0], i.dsr[1], i.params?.["name"]]);

describe("lint: self-closed tags from the lexical records", () => {
  it("covers the tag alone, for non-void HTML tags only", async () => {
    expect(await selfClosed("a<b/>b<br/><SPAN />\n<foo/><meta/>")).toEqual([[1, 5, "b"], [11, 19, "span"]]);
    const items = await lint("<div/>x", env());
    expect(items).toEqual([{ type: "self-closed-tag", dsr: [0, 6, 6, 0], params: { name: "div" } }]);
  });

  it("counts tags in bodies parsed in place, not in raw or rewritten bodies", async () => {
    expect(await selfClosed("x<ref>a <i/></ref>")).toEqual([[8, 12, "i"]]);
    expect(await selfClosed("<references><ref name=\"n\"><i/></ref></references>")).toEqual([[26, 30, "i"]]);
    expect(await selfClosed("<syntaxhighlight lang=\"html\"><span/></syntaxhighlight>")).toEqual([]);
    expect(await selfClosed("<poem>\n<span/>\n</poem> <b/>")).toEqual([[23, 27, "b"]]);
  });

  it("does not count tags in a table's attribute positions", async () => {
    expect(await selfClosed("{|\n| style=\"<span/>\" | x\n|}")).toEqual([]);
    expect(await selfClosed("{| <b/>\n|x\n|}")).toEqual([]);
    expect(await selfClosed("{|\n| <span/> x || a\n|}")).toEqual([[5, 12, "span"]]);
    expect(await selfClosed("{|\n| [[a|b]] <span/> | x\n|}")).toEqual([[13, 20, "span"]]);
  });

  it("keeps the tree's order: a tag's lint before the lints of the element it opened", async () => {
    const items = await lint("<span style=\"background:red\"/>x", env());
    expect(items.map((i) => i.type)).toEqual(["self-closed-tag", "night-mode-unaware-background-color"]);
  });
});
