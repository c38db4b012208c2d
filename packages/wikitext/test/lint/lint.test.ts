import { describe, expect, it } from "vitest";
import { lint, type LintItem } from "../../src/lint/index.js";
import { lintEnv } from "./lint-env.js";

const run = (wt: string, options = {}) => lint(wt, lintEnv(), options);
const types = (items: LintItem[]) => items.map((i) => i.type);

describe("lint: tree-builder fixups", () => {
  it("reports a missing end tag at the element, to the end of its content", async () => {
    expect(await run("<div>foo")).toEqual([{ type: "missing-end-tag", dsr: [0, 8, 5, 0], params: { name: "div", inTable: false } }]);
    expect(await run("'''foo")).toMatchObject([{ type: "missing-end-tag", dsr: [0, 6, 3, 0], params: { name: "b" } }]);
  });

  it("tells misnested tags from html5 misnesting and stripped tags", async () => {
    expect(await run("<b><i>X</b></i>")).toMatchObject([{ type: "misnested-tag", dsr: [3, 7, 3, 0], params: { name: "i" } }]);
    expect(types(await run("<span>foo\n\nbar"))).toEqual(["html5-misnesting"]);
    expect(types(await run("<span>foo<span>boo</span>\n\nbar</span>"))).toEqual(["missing-end-tag", "stripped-tag"]);
  });

  it("does not flag end tags HTML lets you leave out", async () => {
    expect(await run("<ul><li>x<li>y</ul>")).toEqual([]);
  });

  it("flags self-closed non-void tags only", async () => {
    expect(await run("a<b />b<br />")).toMatchObject([{ type: "self-closed-tag", dsr: [1, 6, 5, 0], params: { name: "b" } }]);
  });

  it("reports a second unclosed <small> outside tables", async () => {
    const items = await run("<div><small>x</div><div><small>y</div>");
    expect(types(items)).toEqual(["missing-end-tag", "missing-end-tag", "multiple-unclosed-formatting-tags"]);
    expect(items[2]!.dsr).toEqual(items[0]!.dsr);
  });
});

describe("lint: other categories", () => {
  it("obsolete tags (not <big>) and the Tidy font bug", async () => {
    expect(await run("<tt>foo</tt><big>x</big>")).toMatchObject([{ type: "obsolete-tag", dsr: [0, 12, 4, 5], params: { name: "tt" } }]);
    expect(types(await run("<font color='red'>[[Foo]]</font>"))).toEqual(["obsolete-tag", "tidy-font-bug"]);
  });

  it("fostered content, transparent or not", async () => {
    expect(await run("{|\nfoo\n|-\n| bar\n|}")).toEqual([{ type: "fostered", dsr: [0, 18, 2, 2] }]);
    expect(types(await run("{|\n__NOTOC__\n|-\n| bar\n|}"))).toEqual(["fostered-transparent"]);
    expect(await run("{|\n|x\n|-\nbar\n|-\n|y\n|}")).toEqual([{ type: "fostered", dsr: [0, 21, 2, 2] }]);
    expect(await run("{| class='t'\n|+ c\n|- style='x'\n! a !! b\n|-\n| c || d\n|}")).toEqual([]);
  });

  it("large tables, with the column limit as a setting", async () => {
    const table = "{|\n|-\n| 1 || 2 || 3 || 4 || 5 || 6\n|}";
    expect(await run(table)).toMatchObject([{ type: "large-tables", params: { columns: 6, columnsMax: 5 } }]);
    expect(await run(table, { overrides: { maxTableColumnHeuristic: 6 } })).toEqual([]);
  });

  it("multi-colon escapes, empty headings, night-mode colours, duplicate ids", async () => {
    expect(await run("[[::Two]]")).toEqual([{ type: "multi-colon-escape", dsr: [0, 9, null, null], params: { href: "::Two" } }]);
    expect(await run("== ==")).toEqual([{ type: "empty-heading", dsr: [0, 5, 2, 2] }]);
    expect(types(await run('<div style="background: red"></div><div style="background: red; color: black"></div>'))).toEqual(["night-mode-unaware-background-color"]);
    expect(await run("<div id='a'></div><span id='a'></span>")).toMatchObject([{ type: "duplicate-ids", params: { id: "a" } }]);
  });

  it("tidy whitespace bug only for long enough runs", async () => {
    const wt = "<span class='nowrap'>a </span>x<span class='nowrap'>b </span>y";
    expect(types(await run(wt, { overrides: { tidyWhitespaceBugMaxLength: 0 } }))).toEqual(["tidy-whitespace-bug", "tidy-whitespace-bug"]);
    expect(await run(wt)).toEqual([]);
  });
});

describe("lint: links inside external links", () => {
  it("finds a wiki link in an external link's text, and only there", async () => {
    expect(await run("[http://example.com a[[Foo]]]")).toEqual([{ type: "wikilink-in-extlink", dsr: [0, 29, 20, 1] }]);
    expect(await run("[http://example.com [[Foo|b]] c]")).toEqual([{ type: "wikilink-in-extlink", dsr: [0, 32, 20, 1] }]);
    // A `[[` right after the link, a lone `[` at the end of its text, a free URL: no lint.
    expect(await run("[http://example.com a][[Foo]]")).toEqual([]);
    expect(await run("[http://example.com a[]]")).toEqual([]);
    expect(await run("http://example.com/[[Foo]]")).toEqual([]);
  });
});

describe("lint: transclusions and offsets", () => {
  it("points lints from template output at the transclusion", async () => {
    expect(await run("x {{1x|<tt>a</tt>}}")).toEqual([
      { type: "obsolete-tag", dsr: [2, 19, null, null], params: { name: "tt" }, templateInfo: { name: "Template:1x" } },
    ]);
  });

  it("finds template arguments left in extension tags, also from templates", async () => {
    expect(await run("<gallery>File:{{{1}}}.jpg</gallery>")).toMatchObject([
      { type: "template-arg-in-extension-tag", dsr: [0, 35, 9, 10], params: { "ext-name": "gallery", details: ["{{{1}}}"] } },
    ]);
    expect(await lint("<gallery>File:{{{1}}}.jpg</gallery>", lintEnv("Template:X"))).toEqual([]);
  });

  it("reports offsets in bytes or code points on request", async () => {
    const wt = "é😀<div>x";
    expect((await run(wt))[0]!.dsr).toEqual([3, 9, 5, 0]);
    expect((await run(wt, { offsetType: "byte" }))[0]!.dsr).toEqual([6, 12, 5, 0]);
    expect((await run(wt, { offsetType: "char" }))[0]!.dsr).toEqual([2, 8, 5, 0]);
  });

  it("stays linear on pathological input", async () => {
    const t0 = performance.now();
    const items = await run("<div><small>x</div>".repeat(3000));
    expect(items.length).toBeGreaterThan(3000);
    expect(performance.now() - t0).toBeLessThan(15000);
  }, 30000);
});

describe("lint: multi-line HTML tables in lists, nested", () => {
  it("reports each multi-line table inside a list item, the nested one too, and none outside lists", async () => {
    const items = await run("*a<table><tr><td><table><tr><td>\nx</td></tr></table>\n</td></tr></table>");
    expect(items.map((i) => [i.type, i.dsr, i.params])).toEqual([
      ["multiline-html-table-in-list", [2, 71, 7, 8], { name: "table", ancestorName: "li" }],
      ["multiline-html-table-in-list", [17, 52, 7, 8], { name: "table", ancestorName: "li" }],
    ]);
    // (Nested tables outside a list, then one in a list: only the last is reported.)
    const later = await run("<table><tr><td><table><tr><td>\nx</td></tr></table></td></tr></table>\n*b<table><tr><td>\ny</td></tr></table>");
    expect(later.map((i) => [i.type, i.dsr])).toEqual([["multiline-html-table-in-list", [71, 106, 7, 8]]]);
  });
});
