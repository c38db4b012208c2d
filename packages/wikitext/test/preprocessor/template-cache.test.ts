import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTree, ConversionTemplates, preprocess, type PPNode } from "../../src/preprocessor/index.js";
import { templateTree } from "../../src/preprocessor/tree-cache.js";
import { wt2html } from "../../src/index.js";
import { makeEnv } from "./env.js";

const pages = { "Template:1x": "{{{1}}}", "Template:Box": "<b>{{{1|none}}}</b><noinclude>doc</noinclude>" };

describe("template caches", () => {
  it("fetches a template once for the page and every reference body that uses it", async () => {
    const env = makeEnv(pages);
    const { html } = await wt2html("{{1x|a}}<ref>{{1x|b}}</ref><ref>{{1x|c}}</ref>\n<references />", env, { bodyOnly: true });
    expect(env.data.sourceRequests.filter((t) => t === "Template:1x")).toHaveLength(1);
    // Each reference body still gets its own encapsulated transclusion.
    expect(html.match(/typeof="mw:Transclusion"/g)?.length).toBe(3);
    expect(html).toContain(">b</span>");
    expect(html).toContain(">c</span>");
  });

  it("shares fetches between preprocess calls given the same conversion caches, and only for their env", async () => {
    const env = makeEnv(pages);
    const templates = new ConversionTemplates(env);
    const first = await preprocess("{{Box|x}}", env, { templates });
    const second = await preprocess("{{Box|y}}", env, { templates });
    expect([first.text, second.text]).toEqual(["<b>x</b>", "<b>y</b>"]);
    expect([first.stats.templatesFetched, second.stats.templatesFetched]).toEqual([1, 0]);
    expect(env.data.sourceRequests).toEqual(["Template:Box"]);

    const other = makeEnv(pages);
    await preprocess("{{Box|z}}", other, { templates });
    expect(other.data.sourceRequests).toEqual(["Template:Box"]);
  });

  it("parses a template text once across conversions and still counts its tree work in each", async () => {
    const tags = makeEnv().site.extensionTags();
    const source = "<i>{{{1}}}</i> {{1x|{{{2|}}}}}";
    expect(templateTree(source, tags, true)).toBe(templateTree(source, tags, true));
    expect(templateTree(source, tags, false)).not.toBe(templateTree(source, tags, true));

    const a = await preprocess("{{Box|1}}", makeEnv(pages));
    const b = await preprocess("{{Box|1}}", makeEnv(pages));
    expect(b.stats.treeWork).toBe(a.stats.treeWork);
    expect(b.text).toBe(a.text);
  });
});

describe("page-level tree without root text", () => {
  /** The calls, comments and tags: all the page-level pass reads (root `=` markers are text). */
  const nodesOf = (nodes: readonly PPNode[]): unknown[] => nodes.filter((n) => typeof n !== "string" && n.kind !== "equals");
  const tags = ["nowiki", "ref"];
  const same = (text: string): void => {
    const full = buildTree(text, { forInclusion: false, extensionTags: tags, keepRootText: true });
    const lean = buildTree(text, { forInclusion: false, extensionTags: tags, keepRootText: false });
    expect(nodesOf(lean.nodes), JSON.stringify(text)).toEqual(nodesOf(full.nodes));
  };

  it("keeps the same calls, comments and tags as the full tree", () => {
    const inputs = [
      "a [[b|{{c|d [[e]] f}}]] g <!-- h --> {{i}}",
      "== {{x}} ==\n[[unclosed {{y|[[z]]}}\n-{{{a}}}- -{ b {{c}} }-",
      "{{{{{a|b}}}|c}} [{{d}}] {{e [[f}} g]] }}",
      "{{a|[[b|c}}]]}} <ref>{{r}}</ref> {{unclosed [[x]]",
      "-{{{a}} }- -{ a | b = {{c}} }- == {{d\n== e }} ==\n<!-- x -->\n== {{f}}",
    ];
    for (const text of inputs) same(text);
  });

  it("agrees with the full tree on any mix of brackets, lines, comments and tags", () => {
    const pieces = ["{{", "}}", "{{{", "}}}", "{", "}", "[[", "]]", "[", "]", "-{", "}-", "-", "|", "=", "==", "\n", "a", " ",
      "<!--", "-->", "<", "<ref>", "</ref>", "<nowiki>", "</nowiki>", "<includeonly>", "</includeonly>", "<noinclude>", "<ref name=x/>"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (list) => same(list.join(""))),
      { numRuns: 3000 },
    );
  });
});
