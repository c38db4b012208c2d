// The lexical lint facts recorded by the tokenizer in its own pass, as the DOM pass sees them.
import { describe, expect, it } from "vitest";
import { lexicalOf } from "./lexical-of.js";

describe("lexical lint facts", () => {
  it("records end and start tags with lower-case names", async () => {
    const facts = await lexicalOf("<B>x</B ><span\nx</span>");
    expect(facts.startTags).toEqual([{ name: "b", start: 0, end: 3 }]);
    expect(facts.endTags).toEqual([
      { name: "b", start: 4, end: 9 },
      { name: "span", start: 16, end: 23 },
    ]);
  });

  it("skips comments and the content of nowiki and pre", async () => {
    const facts = await lexicalOf("<!-- </b> --><nowiki></i>[[::x]]</nowiki><pre>{{{1}}}</pre></u>");
    expect(facts.endTags.map((t) => t.name)).toEqual(["nowiki", "pre", "u"]);
    expect(facts.multiColonLinks).toEqual([]);
    expect(facts.templateArgs).toEqual([]);
  });

  it("finds multi-colon links, template arguments and table ends at line starts", async () => {
    const src = "[[:a]] [[::b|c]]\n{{{x|{{{y}}}}}}\n  |}\nx|}";
    const facts = await lexicalOf(src);
    expect(facts.multiColonLinks).toEqual([{ start: 7, end: 16, colons: 2 }]);
    expect(facts.templateArgs.map((a) => src.slice(a.start, a.end))).toEqual(["{{{x|{{{y}}}}}}"]);
    expect(facts.tableEnds.map((t) => src.slice(t.start, t.end))).toEqual(["|}"]);
    expect(facts.tableEnds).toHaveLength(1);
  });

  it("finds facts inside extension bodies, in document order", async () => {
    const src = "<ref>a</b>{{{1}}}</ref></i><gallery>\n|}\n</gallery>";
    const facts = await lexicalOf(src);
    expect(facts.endTags.map((t) => t.name)).toEqual(["b", "ref", "i", "gallery"]);
    expect(facts.startTags.map((t) => t.name)).toEqual(["ref", "gallery"]);
    expect(facts.templateArgs.map((a) => src.slice(a.start, a.end))).toEqual(["{{{1}}}"]);
    expect(facts.tableEnds).toHaveLength(1);
  });

  it("records each heading line holding a quote run once", async () => {
    const src = "== ''a'' ''b ==\n= plain =\n''x''\n=== '''c ===";
    const facts = await lexicalOf(src);
    expect(facts.headingQuoteLines.map((l) => src.slice(l.start, l.end))).toEqual(["== ''a'' ''b ==", "=== '''c ==="]);
  });

  it("is linear on long inputs", async () => {
    const src = "<b>[[::a]]{{{[[::".repeat(20000) + "}}}";
    const t0 = performance.now();
    const facts = await lexicalOf(src);
    expect(facts.startTags).toHaveLength(20000);
    expect(facts.multiColonLinks).toHaveLength(20000);
    expect(facts.templateArgs).toHaveLength(1);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
