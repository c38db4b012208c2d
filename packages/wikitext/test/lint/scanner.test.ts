import { beforeAll, describe, expect, it } from "vitest";
import { loadLintScanner, scanSource } from "../../src/lint/scanner.js";

beforeAll(() => loadLintScanner());

describe("wasm lint scan", () => {
  it("records end and start tags with lower-case names", () => {
    const facts = scanSource("<B>x</B ><span\nx</span>");
    expect(facts.startTags).toEqual([{ name: "b", start: 0, end: 3 }]);
    expect(facts.endTags).toEqual([
      { name: "b", start: 4, end: 9 },
      { name: "span", start: 16, end: 23 },
    ]);
  });

  it("skips comments and the content of nowiki and pre", () => {
    const facts = scanSource("<!-- </b> --><nowiki></i>[[::x]]</nowiki><pre>{{{1}}}</pre></u>");
    expect(facts.endTags.map((t) => t.name)).toEqual(["nowiki", "pre", "u"]);
    expect(facts.multiColonLinks).toEqual([]);
    expect(facts.templateArgs).toEqual([]);
  });

  it("finds multi-colon links, template arguments and table ends at line starts", () => {
    const src = "[[:a]] [[::b|c]]\n{{{x|{{{y}}}}}}\n  |}\nx|}";
    const facts = scanSource(src);
    expect(facts.multiColonLinks).toEqual([{ start: 7, end: 16, colons: 2 }]);
    expect(facts.templateArgs.map((a) => src.slice(a.start, a.end))).toEqual(["{{{x|{{{y}}}}}}"]);
    expect(facts.tableEnds.map((t) => src.slice(t.start, t.end))).toEqual(["|}"]);
    expect(facts.tableEnds).toHaveLength(1);
  });

  it("is linear on long inputs", () => {
    const src = "<b>[[::a]]{{{[[::".repeat(20000) + "}}}";
    const t0 = performance.now();
    const facts = scanSource(src);
    expect(facts.startTags).toHaveLength(20000);
    expect(facts.multiColonLinks).toHaveLength(20000);
    expect(facts.templateArgs).toHaveLength(1);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
