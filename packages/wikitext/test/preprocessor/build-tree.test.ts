import { describe, expect, it } from "vitest";
import { buildTree, type PPBrace, type PPNode } from "../../src/preprocessor/index.js";

const tags = ["nowiki", "pre", "ref"];

/** A compact picture of a tree: text as is, {{t|...}} / {{{a|...}}} with parts, <ext>, <!---->. */
function show(nodes: readonly PPNode[], source: string): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return node;
      switch (node.kind) {
        case "comment": return "<!---->";
        case "ignore": return node.directive ? "<directive>" : "<ignore>";
        case "equals": return "=";
        case "ext": return `<ext:${node.name}>`;
        default: {
          const brace = node as PPBrace;
          const inner = [brace.title, ...brace.parts].map((p) => show(p.nodes, source)).join("|");
          return brace.kind === "template" ? `T(${inner})` : `A(${inner})`;
        }
      }
    })
    .join("");
}

const tree = (text: string, forInclusion = false) => show(buildTree(text, { forInclusion, extensionTags: tags }).nodes, text);

describe("buildTree: brace matching", () => {
  it("recognises templates, arguments and their parts", () => {
    expect(tree("a {{b|c|d=e}} f")).toBe("a T(b|c|d=e) f");
    expect(tree("{{{1|default}}}")).toBe("A(1|default)");
    expect(tree("{{a|{{b}}}}")).toBe("T(a|T(b))");
  });

  it("resolves runs of braces the way MediaWiki does (rightmost wins, tplarg before template)", () => {
    expect(tree("{{{{{a}}}}}")).toBe("T(A(a))");
    expect(tree("{{{{a}}}}")).toBe("{A(a)}");
    expect(tree("{{{{{{a}}}}}}")).toBe("A(A(a))");
    expect(tree("{{{{a}}}")).toBe("{A(a)");
  });

  it("leaves unclosed and unmatched braces as text", () => {
    expect(tree("{{a|b")).toBe("{{a|b");
    expect(tree("a}}b")).toBe("a}}b");
    expect(tree("-{{")).toBe("-{{");
    expect(tree("{{a|{{b}}")).toBe("{{a|T(b)");
  });

  it("does not split parts inside [[...]] and lets links take }} when they opened last", () => {
    expect(tree("{{a|[[b|c]]|d}}")).toBe("T(a|[[b|c]]|d)");
    expect(tree("{{1x|[[Foo}}|bar]]|bat}}")).toBe("T(1x|[[Foo}}|bar]]|bat)");
    expect(tree("{{[[Foo|bar}}]]")).toBe("{{[[Foo|bar}}]]");
  });

  it("handles -{ }- brackets and their transition to braces", () => {
    expect(tree("-{{1x|foo}-}}-")).toBe("-T(1x|foo}-)-");
    expect(tree("-{a|b}-")).toBe("-{a|b}-");
  });

  it("takes only the first = of a part as the separator, and only in parts after the first", () => {
    expect(tree("{{a=b|c=d=e}}")).toBe("T(a=b|c=d=e)");
    const parsed = buildTree("{{a|c=d=e}}", { forInclusion: false, extensionTags: tags });
    const brace = parsed.nodes[0] as PPBrace;
    expect(brace.parts[0]!.eqIndex).toBe(1);
  });

  it("treats extension tags and comments as opaque", () => {
    expect(tree("{{a|<nowiki>}}|</nowiki>}}")).toBe("T(a|<ext:nowiki>)");
    expect(tree("{{a|<!-- }} -->b}}")).toBe("T(a|<!---->b)");
    expect(tree("<ref>{{x}}</ref>{{y}}")).toBe("<ext:ref>T(y)");
    // An unclosed extension tag is text, and later ones are not searched again.
    expect(tree("<ref>{{x}} <ref>")).toBe("<ref>T(x) <ref>");
  });

  it("applies the include-control tags by mode", () => {
    // On the page every ignored tag is an include directive (Parsoid shows it as a meta); in a
    // transcluded text only the <onlyinclude> tags are, apart from the text around them.
    expect(tree("a<noinclude>b</noinclude>c<includeonly>d</includeonly>", false)).toBe("a<directive>b<directive>c<directive>");
    expect(tree("a<noinclude>b</noinclude>c<includeonly>d</includeonly>", true)).toBe("a<ignore>c<ignore>d<ignore>");
    expect(tree("a<onlyinclude>b</onlyinclude>c<onlyinclude>d</onlyinclude>e", true)).toBe(
      "<ignore><directive>b<directive><ignore><directive>d<directive><ignore>",
    );
    expect(tree("<onlyinclude>b</onlyinclude>", true)).toBe("<directive>b<directive>");
  });

  it("does not split parts at | inside a heading line of an argument", () => {
    expect(tree("{{a|\n==b|c==\n}}")).toBe("T(a|\n==b|c==\n)");
    expect(tree("{{a|\n=b}}")).toBe("T(a|\n=b)");
  });

  it("eats a comment's line when it stands alone on it", () => {
    const text = "a\n  <!-- x -->  \nb";
    const parsed = buildTree(text, { forInclusion: true, extensionTags: tags });
    const comment = parsed.nodes.find((n) => typeof n !== "string" && n.kind === "comment") as { start: number; end: number };
    expect(text.slice(comment.start, comment.end)).toBe("  <!-- x -->  \n");
  });

  it("records source offsets of calls and parts", () => {
    const text = "x {{a| b |c=d}} y";
    const brace = buildTree(text, { forInclusion: false, extensionTags: tags }).nodes[1] as PPBrace;
    expect(text.slice(brace.start, brace.end)).toBe("{{a| b |c=d}}");
    expect(text.slice(brace.title.start, brace.title.end)).toBe("a");
    expect(brace.parts.map((p) => text.slice(p.start, p.end))).toEqual([" b ", "c=d"]);
  });

  it("does linear work on pathological input (work counter at n and 2n)", () => {
    for (const unit of ["{{", "[[", "{{{", "<ref>", "<!--", "{{a|", "-{", "{{a|b=", "\n==a|", "<pre ", "}}", "<ref>{{", "[[{{|"]) {
      const work = [2000, 4000].map((n) => buildTree(unit.repeat(n), { forInclusion: false, extensionTags: tags }).work);
      expect(work[1]! / work[0]!, unit).toBeLessThan(2.1);
      expect(work[1]! / (4000 * unit.length), unit).toBeLessThan(4);
    }
  });

  it("counts a long run of closing brackets once (n nested calls closed by one run)", () => {
    const shapes: Record<string, (n: number) => string> = {
      "{{": (n) => `${"{{".repeat(n)}x${"}}".repeat(n)}`,
      "{{{": (n) => `${"{{{".repeat(n)}x${"}}}".repeat(n)}`,
      "{{ {{{": (n) => `${"{{{{{".repeat(n)}x${"}}}}}".repeat(n)}`,
      "[[": (n) => `${"[[".repeat(n)}x${"]]".repeat(n)}`,
      "-{": (n) => `${"-{".repeat(n)}x${"}-".repeat(n)}`,
    };
    for (const [name, shape] of Object.entries(shapes)) {
      const work = [2000, 4000].map((n) => buildTree(shape(n), { forInclusion: false, extensionTags: tags }).work);
      expect(work[1]! / work[0]!, name).toBeLessThan(2.1);
      expect(work[1]! / shape(4000).length, name).toBeLessThan(4);
    }
  });
});
