import { describe, expect, it } from "vitest";
import { preprocess } from "../../src/preprocessor/index.js";
import { makeEnv } from "./env.js";
import { expandText } from "./helpers.js";

const pages = {
  "Template:1x": "{{{1}}}",
  "Template:Echo": "[{{{1}}}|{{{2}}}|{{{name}}}]",
  "Template:Defaults": "{{{1|one}}} {{{a|alpha}}} {{{b|}}}",
  "Template:Doc": "shown<noinclude> (not transcluded)</noinclude><includeonly> (transcluded)</includeonly>",
  "Template:Only": "a<onlyinclude>B</onlyinclude>c<onlyinclude>D</onlyinclude>e",
  "Template:Bullet": "* item",
  "Template:Loop1": "x{{loop2}}",
  "Template:Loop2": "y{{loop1}}",
  "Template:Self": "[{{self}}]",
  "Template:Recurse": "{{recurse}}",
  "Template:Redirect": "#REDIRECT [[Template:1x]]",
  "Template:Comment": "a<!-- hidden -->b\n<!-- own line -->\nc",
  "Template:Nested": "<{{1x|{{{1}}}}}>",
  "Template:Ref": "<ref>{{{1}}}</ref><nowiki>{{{1}}}</nowiki>",
  "Main Page": "main page text",
};

describe("templates", () => {
  it("expands templates with numbered and named arguments", async () => {
    expect(await expandText("{{echo|a|b|name=c}}", pages)).toBe("[a|b|c]");
    expect(await expandText("{{Echo|a}}", pages)).toBe("[a|{{{2}}}|{{{name}}}]");
  });

  it("trims named arguments but keeps the whitespace of numbered ones", async () => {
    expect(await expandText("{{echo| a | b |name= c }}", pages)).toBe("[ a | b |c]");
    expect(await expandText("{{1x|\n x \n}}", pages)).toBe("\n x \n");
  });

  it("lets later arguments override earlier ones, numbered or named", async () => {
    expect(await expandText("{{1x|a|1=b}}", pages)).toBe("b");
    expect(await expandText("{{1x|1=b|a}}", pages)).toBe("a");
  });

  it("uses argument defaults, and only the first one", async () => {
    expect(await expandText("{{defaults}}", pages)).toBe("one alpha ");
    expect(await expandText("{{defaults|1|a=2|b=3}}", pages)).toBe("1 2 3");
    expect(await expandText("{{{x|a|b}}}")).toBe("a");
    expect(await expandText("{{{x}}}")).toBe("{{{x}}}");
  });

  it("applies noinclude, includeonly and onlyinclude", async () => {
    expect(await expandText("{{doc}}", pages)).toBe("shown (transcluded)");
    // A transclusion of the page keeps its <onlyinclude> tags (Parsoid's metas); the same call
    // as an argument gives MediaWiki's text.
    expect(await expandText("{{only}}", pages)).toBe("<onlyinclude>B</onlyinclude><onlyinclude>D</onlyinclude>");
    expect(await expandText("{{1x|{{only}}}}", pages)).toBe("BD");
  });

  it("resolves the namespace of the target", async () => {
    expect(await expandText("{{:Main Page}}", pages)).toBe("main page text");
    expect(await expandText("{{Template:1x|t}}", pages)).toBe("t");
    expect(await expandText("{{1x|{{1x|inner}}}}", pages)).toBe("inner");
  });

  it("transcludes subpages relative to the page where the namespace has subpages", async () => {
    const family = { "Talk:A/B/C": "child", "Talk:A/Sibling": "sibling", "Template:/C": "template" };
    expect(await expandText("{{/C}} {{../Sibling}} {{../../../X}}", family, {}, "Talk:A/B")).toBe("child sibling {{../../../X}}");
    expect(await expandText("{{/C}}", family, {}, "Main")).toBe("template");
  });

  it("links to missing templates and leaves invalid targets as text", async () => {
    expect(await expandText("{{No such}}", pages)).toBe("[[:Template:No such]]");
    expect(await expandText("{{[[Main Page]]}}", pages)).toBe("{{[[Main Page]]}}");
    expect(await expandText("{{a<b>|{{1x|x}}}}", pages)).toBe("{{a<b>|x}}");
  });

  it("gives the escaped source for msgnw: and drops msg: and raw:", async () => {
    expect(await expandText("{{msgnw:Source}}", { "Template:Source": "''a'' {{b}}\n* c" })).toBe("&#39;&#39;a&#39;&#39; &#123;&#123;b&#125;&#125;\n&#42; c");
    expect(await expandText("{{msg:1x|m}} {{raw:1x|r}}", pages)).toBe("m r");
  });

  it("refuses non-includable namespaces", async () => {
    const env = makeEnv(pages);
    const info = { ...env.site.info, namespaces: { ...env.site.info.namespaces, "10": { ...env.site.info.namespaces["10"]!, nonincludable: true } } };
    const site = (await import("../../src/index.js")).SiteConfig.fromSiteInfo(info);
    const result = await preprocess("{{1x|a}}", { ...env, site });
    expect(result.text).toBe("[[:Template:1x]]");
  });

  it("follows template redirects", async () => {
    expect(await expandText("{{redirect|via redirect}}", pages)).toBe("via redirect");
  });

  it("drops a template's comments, with their line when alone on it, but keeps the page's", async () => {
    expect(await expandText("{{comment}}", pages)).toBe("ab\nc");
    // Comments written in the page's arguments stay, as Parsoid keeps them.
    expect(await expandText("{{1x|a<!-- c -->b}}", pages)).toBe("a<!-- c -->b");
    expect(await expandText("{{1x|foo\n<!-- x -->\nbar}}", pages)).toBe("foo\n<!-- x -->\nbar");
    // ...but they do not count as text for parser functions.
    expect(await expandText("{{#if:<!-- c -->|yes|no}}", pages)).toBe("no");
  });

  it("keeps extension tags opaque, except that wikitext tags take the template's arguments", async () => {
    expect(await expandText("{{ref|X}}", pages)).toBe("<ref>X</ref><nowiki>{{{1}}}</nowiki>");
  });

  it("puts a block-starting output on its own line unless the call starts a line", async () => {
    expect(await expandText("a {{bullet}}", pages)).toBe("a \n* item");
    expect(await expandText("{{bullet}}", pages)).toBe("* item");
    expect(await expandText("a\n{{bullet}}", pages)).toBe("a\n* item");
  });

  it("leaves subst: as text in a normal parse and drops safesubst:", async () => {
    expect(await expandText("{{subst:1x|a}}", pages)).toBe("{{subst:1x|a}}");
    expect(await expandText("{{safesubst:1x|a}}", pages)).toBe("a");
  });

  it("detects template loops with MediaWiki's error", async () => {
    expect(await expandText("{{loop1}}", pages)).toBe('xy<span class="error">Template loop detected: [[Template:Loop1]]</span>');
    expect(await expandText("{{self}}", pages)).toBe('[<span class="error">Template loop detected: [[Template:Self]]</span>]');
  });

  it("stops at the template depth limit", async () => {
    const text = await expandText("{{recurse}}", { "Template:Recurse": "{{recurse2}}", "Template:Recurse2": "{{recurse3}}", "Template:Recurse3": "{{recurse4}}", "Template:Recurse4": "end" }, { limits: { maxTemplateDepth: 2 } });
    expect(text).toBe('<span class="error">Template recursion depth limit exceeded (2)</span>');
  });

  it("stops at the node count and post-expand size limits", async () => {
    const many = { "Template:Big": "x".repeat(1000) };
    const text = await expandText("{{big}}{{big}}{{big}}", many, { limits: { maxIncludeSize: 2500 } });
    expect(text).toBe(`${"x".repeat(2000)}[[:Template:Big]]<!-- WARNING: template omitted, post-expand include size too large -->`);
    const nodes = await expandText("{{1x|{{1x|{{1x|{{1x|a}}}}}}}}", pages, { limits: { maxNodeCount: 5 } });
    expect(nodes).toContain("Node-count limit exceeded");
  });

  it("never hangs on exponential templates", async () => {
    // Each level calls the next one four times (with arguments, so nothing is cached): 4^30 calls.
    const exp: Record<string, string> = {};
    for (let i = 0; i < 30; i++) exp[`Template:E${i}`] = `{{e${i + 1}|a}}{{e${i + 1}|b}}{{e${i + 1}|c}}{{e${i + 1}|d}}`;
    exp["Template:E30"] = "x";
    const result = await preprocess("{{e0}}", makeEnv(exp), { limits: { maxNodeCount: 20000 } });
    expect(result.text).toContain("Node-count limit exceeded");
    expect(result.stats.nodeCount).toBeLessThan(20000 + 100);
  });

  it("expands a call without arguments once (MediaWiki's empty-frame cache)", async () => {
    const env = makeEnv({ "Template:Once": "{{#time:s}}", "Template:Twice": "{{once}}{{once}}" });
    const result = await preprocess("{{twice}}{{twice}}", env);
    expect(result.text).toBe("09090909");
    expect(result.stats.nodeCount).toBeLessThan(20);
  });

  it("bounds output that doubles at every level", async () => {
    const doubling: Record<string, string> = { "Template:D0": "x".repeat(100) };
    for (let i = 1; i <= 40; i++) doubling[`Template:D${i}`] = `{{d${i - 1}}}{{d${i - 1}}}`;
    const result = await preprocess("{{d40}}", makeEnv(doubling), { limits: { maxIncludeSize: 100_000 } });
    expect(result.text.length).toBeLessThan(200_000);
    expect(result.text).toContain("post-expand include size too large");
  });

  it("fetches each template once and all calls of one level together", async () => {
    const env = makeEnv(pages);
    await preprocess("{{1x|a}} {{1x|b}} {{echo|x}} {{doc}}", env);
    expect(env.data.sourceRequests.filter((t) => t === "Template:1x")).toHaveLength(1);
    expect(env.data.sourceRequests.slice(0, 3)).toEqual(["Template:1x", "Template:Echo", "Template:Doc"]);
  });

  it("does not fetch templates of branches that are not taken", async () => {
    const env = makeEnv(pages);
    const result = await preprocess("{{#if:|{{{{1x|echo}}|a}}|{{1x|b}}}}", env);
    expect(result.text).toBe("b");
    expect(env.data.sourceRequests).not.toContain("Template:Echo");
  });
});

describe("expansions: offsets and data-mw", () => {
  it("maps every top-level expansion from source to output", async () => {
    const source = "a {{1x|bb}} c {{{p|dd}}} e";
    const result = await preprocess(source, makeEnv(pages));
    expect(result.text).toBe("a bb c dd e");
    const spans = result.expansions.map((e) => [source.slice(e.srcStart, e.srcEnd), result.text.slice(e.outStart, e.outEnd)]);
    expect(spans).toEqual([["{{1x|bb}}", "bb"], ["{{{p|dd}}}", "dd"]]);
  });

  it("keeps everything outside expansions byte-identical", async () => {
    const source = "<!-- c -->x<noinclude>n</noinclude><nowiki>{{1x|a}}</nowiki>\n== h ==\n{{1x|y}}";
    const result = await preprocess(source, makeEnv(pages));
    expect(result.text).toBe("<!-- c -->x<noinclude>n</noinclude><nowiki>{{1x|a}}</nowiki>\n== h ==\ny");
  });

  // Parameters in written order, numeric names included (Parsoid's PHP arrays keep insertion order).
  it("describes templates as Parsoid does", async () => {
    const result = await preprocess("{{1x\n| a |name = v |2=x}}", makeEnv(pages));
    const [e] = result.expansions;
    expect(e!.typeof).toBe("mw:Transclusion");
    expect(e!.dataMwJson).toBe('{"parts":[{"template":{"target":{"wt":"1x\\n","href":"./Template:1x"},"params":{"1":{"wt":" a "},"name":{"wt":"v"},"2":{"wt":"x"}},"i":0}}]}');
    expect(e!.paramInfos).toEqual([{ k: "1" }, { k: "name", named: true, spc: ["", " ", " ", " "] }, { k: "2", named: true }]);
  });

  it("records how a parameter name was written when it differs from the name used", async () => {
    const result = await preprocess("{{1x|<!-- c -->1=foo}}", makeEnv(pages));
    expect(result.expansions[0]!.dataMwJson).toBe('{"parts":[{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"foo","key":{"wt":"<!-- c -->1"}}},"i":0}}]}');
  });

  it("describes parser functions (v2 and v3), variables and arguments", async () => {
    const env = makeEnv(pages);
    const v2 = await preprocess("{{#if:foo|bar|baz}}{{PAGENAME}}{{{1|d}}}", env);
    expect(v2.expansions.map((e) => [e.typeof, e.dataMwJson])).toEqual([
      ["mw:Transclusion", '{"parts":[{"template":{"target":{"wt":"#if:foo","function":"if"},"params":{"1":{"wt":"bar"},"2":{"wt":"baz"}},"i":0}}]}'],
      ["mw:Transclusion", '{"parts":[{"template":{"target":{"wt":"PAGENAME","function":"pagename"},"params":{},"i":0}}]}'],
      ["mw:Param", '{"parts":[{"templatearg":{"target":{"wt":"1"},"params":{"1":{"wt":"d"}},"i":0}}]}'],
    ]);
    const v3 = await preprocess("{{#if:foo|bar|baz}}", env, { parserFunctionOutput: "v3" });
    expect(v3.expansions[0]!.typeof).toBe("mw:Transclusion mw:ParserFunction/if");
    expect(v3.expansions[0]!.dataMwJson).toBe('{"parts":[{"parserfunction":{"target":{"wt":"#if","key":"if"},"params":{"1":{"wt":"foo"},"2":{"wt":"bar"},"3":{"wt":"baz"}},"i":0}}]}');
  });

  it("encapsulates the calls inside a call that cannot be expanded", async () => {
    const source = "{{1x\n{{1x|foo}}\n}}";
    const result = await preprocess(source, makeEnv(pages));
    expect(result.text).toBe("{{1x\nfoo\n}}");
    expect(result.expansions.map((e) => source.slice(e.srcStart, e.srcEnd))).toEqual(["{{1x|foo}}"]);
  });

  it("reports loops as errors in the expansion", async () => {
    const result = await preprocess("{{self}}", makeEnv(pages));
    expect(result.expansions[0]!.error).toBeUndefined();
    const loop = await preprocess("{{loop1}}", makeEnv({ "Template:Loop1": "{{loop1}}" }));
    expect(loop.text).toBe('<span class="error">Template loop detected: [[Template:Loop1]]</span>');
  });
});
