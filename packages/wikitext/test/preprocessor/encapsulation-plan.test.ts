import { describe, expect, it } from "vitest";
import { planEncapsulation, preprocess } from "../../src/preprocessor/index.js";
import { makeEnv } from "./env.js";

const pages = { "Template:1x": "{{{1}}}" };

describe("planEncapsulation", () => {
  it("wraps the nodes an expansion produced, one group per expansion", async () => {
    const source = "a {{1x|b}} c {{1x|d}}";
    const pre = await preprocess(source, makeEnv(pages));
    // Sibling nodes: "a ", <span>b</span>, " c ", <span>d</span>.
    const nodes = [{ start: 0, end: 2 }, { start: 2, end: 3 }, { start: 3, end: 6 }, { start: 6, end: 7 }];
    const groups = planEncapsulation(nodes, pre.expansions, source);
    expect(groups.map((g) => [g.first, g.last, g.srcStart, g.srcEnd])).toEqual([[1, 1, 2, 10], [3, 3, 13, 21]]);
    expect(groups[0]!.dataMwJson).toBe(pre.expansions[0]!.dataMwJson);
  });

  it("adds the literal source around expansions when the wrapped nodes reach beyond them", async () => {
    const source = "{|\n{{1x|a}}\n|}";
    const pre = await preprocess(source, makeEnv(pages));
    const [group] = planEncapsulation([{ start: 0, end: pre.text.length }], pre.expansions, source);
    expect(group!.dataMwJson).toBe('{"parts":["{|\\n",{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"a"}},"i":0}},"\\n|}"]}');
    expect([group!.srcStart, group!.srcEnd]).toEqual([0, source.length]);
  });

  it("merges expansions that share nodes into one multi-part transclusion", async () => {
    const source = "{|\n{{1x|<div>}}\nfoo\n{{1x|</div>}}\n|}";
    const pre = await preprocess(source, makeEnv(pages));
    const groups = planEncapsulation([{ start: 0, end: pre.text.length }], pre.expansions, source);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.typeof).toBe("mw:Transclusion");
    expect(groups[0]!.dataMwJson).toBe(
      '{"parts":["{|\\n",{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"<div>"}},"i":0}},"\\nfoo\\n",' +
        '{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"</div>"}},"i":1}},"\\n|}"]}',
    );
  });

  it("places empty expansions between nodes", async () => {
    const source = "a{{DEFAULTSORT:x}}b";
    const pre = await preprocess(source, makeEnv(pages));
    const [group] = planEncapsulation([{ start: 0, end: 1 }, { start: 1, end: 2 }], pre.expansions, source);
    expect([group!.first, group!.insertAt, group!.srcStart, group!.srcEnd]).toEqual([-1, 1, 1, 18]);
  });
});
