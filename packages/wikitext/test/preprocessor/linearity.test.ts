import { describe, expect, it } from "vitest";
import { preprocess } from "../../src/preprocessor/index.js";
import { makeEnv } from "./env.js";

const templates = {
  "Template:Cite": "<span class=\"cite\">{{{title}}} ({{{year|n.d.}}}){{#if:{{{url|}}}|, [{{{url}}} link]}}</span>",
  "Template:Box": "{|\n| {{{1}}} || {{#switch:{{{2|}}}|a=A|b=B|#default=?}}\n|}",
  "Template:Lang": "{{#tag:span|{{{2}}}|lang={{{1}}}}}",
};

/** A page of about `bytes` characters with one call every ~100 characters. */
function page(calls: number): string {
  const paragraph = "Lorem ipsum dolor sit amet, [[consectetur]] adipiscing elit, sed do '''eiusmod''' tempor. ";
  let text = "";
  for (let i = 0; i < calls; i++) {
    text += paragraph;
    switch (i % 4) {
      case 0: text += `{{cite|title=Work ${i}|year=${2000 + (i % 20)}|url=http://example.org/${i}}}`; break;
      case 1: text += `{{box|cell ${i}|${i % 3 === 0 ? "a" : "b"}}}`; break;
      case 2: text += `{{lang|fr|mot ${i}}}`; break;
      default: text += `{{#expr: ${i} * 2 + 1}}\n\n`; break;
    }
  }
  return text;
}

describe("linear time", () => {
  it("preprocesses a 1 MB page with 10k calls with work proportional to its size", async () => {
    const small = page(5_000);
    const large = page(10_000);
    expect(large.length).toBeGreaterThan(1_000_000);
    const a = await preprocess(small, makeEnv(templates));
    const b = await preprocess(large, makeEnv(templates));
    expect(b.expansions).toHaveLength(10_000);
    // Twice the page: twice the tree-building work and twice the expansion nodes, within 5%.
    expect(b.stats.treeWork / a.stats.treeWork).toBeGreaterThan(1.9);
    expect(b.stats.treeWork / a.stats.treeWork).toBeLessThan(2.1);
    expect(b.stats.nodeCount / a.stats.nodeCount).toBeLessThan(2.1);
    expect(b.stats.treeWork / large.length).toBeLessThan(2);
    // Each template is fetched once, however many times it is called.
    expect(b.stats.templatesFetched).toBe(3);
    expect(b.text).toContain('<span class="cite">Work 9996 (2016), [http://example.org/9996 link]</span>');
  });
});
