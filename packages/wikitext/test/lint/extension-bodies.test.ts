// Lints inside extension bodies (a <ref>'s wikitext) whose templates the body's own parse expands:
// a lint in a template's output points at the whole transclusion with Parsoid's templateInfo
// (as on the page: lints.jsonl cases 20, 52 and 68 show the shape), offsets are the page's, and
// tags written in template arguments are not lexical facts of the page. The environment is the
// one of Parsoid's linter tests (Cite, parser functions, Template:1x = {{{1}}}).
import { beforeAll, describe, expect, it } from "vitest";
import { lint, loadTokenizer, type Env } from "../../src/index.js";
import { lintEnvFactory, type LintCase } from "../../../../test/conformance/lints-fixtures.js";

let envFor: (lintCase: LintCase) => Env;

beforeAll(async () => {
  await loadTokenizer();
  envFor = lintEnvFactory();
});

function lintOf(wikitext: string) {
  return lint(wikitext, envFor({ id: 0, desc: "extension body", wikitext } as LintCase));
}

describe("lints inside templates in extension bodies", () => {
  it("attributes a missing end tag in a parser function's output to the call", async () => {
    expect(await lintOf("a<ref>{{lc:<i>x}}</ref>")).toEqual([
      { type: "missing-end-tag", dsr: [6, 17, null, null], params: { name: "i", inTable: false }, templateInfo: { name: "lc", parserFunction: true } },
    ]);
  });

  it("lints a body's template as the same call on the page is linted", async () => {
    const onPage = await lintOf("a{{lc:<i>x}}");
    const inRef = await lintOf("a<ref>{{lc:<i>x}}</ref>");
    expect(inRef.map((i) => ({ ...i, dsr: i.dsr.map((n) => (n === null ? null : n - 5)) }))).toEqual(onPage);
  });

  it("gives no lint for markup in the arguments of a missing template (not output)", async () => {
    expect(await lintOf("<ref>{{missing|<i>x}}</ref>")).toEqual([]);
    expect(await lintOf("<ref>{{missing|x</i>}}</ref>")).toEqual([]);
    expect(await lintOf("<ref>{{missing|<b/> <tt>x</tt>}}</ref>")).toEqual([]);
  });

  it("attributes self-closed tags in a template's output to the call, one lint naming them all", async () => {
    expect(await lintOf("<ref>{{1x|<b/><i/>}}</ref>")).toEqual([
      { type: "self-closed-tag", dsr: [5, 20, null, null], params: { name: ["b", "i"] }, templateInfo: { name: "Template:1x" } },
    ]);
  });

  it("attributes an obsolete tag in a template's output to the call, and its end tag is no missing end", async () => {
    expect(await lintOf("<ref>{{1x|<tt>x</tt>}}</ref>")).toEqual([
      { type: "obsolete-tag", dsr: [5, 22, null, null], params: { name: "tt" }, templateInfo: { name: "Template:1x" } },
    ]);
  });

  it("finds misnesting in a template's output as on the page (no end tag records there)", async () => {
    const onPage = await lintOf("{{1x|<b>a<i>b</b>c</i>}}");
    expect(onPage).toEqual([{ type: "misnested-tag", dsr: [0, 24, null, null], params: { name: "i" }, templateInfo: { name: "Template:1x" } }]);
    expect(await lintOf("<ref>{{1x|<b>a<i>b</b>c</i>}}</ref>")).toEqual([
      { type: "misnested-tag", dsr: [5, 29, null, null], params: { name: "i" }, templateInfo: { name: "Template:1x" } },
    ]);
    expect(await lintOf("<ref>{{1x|<b>a<i>b</b>c}}</ref>")).toEqual([
      { type: "missing-end-tag", dsr: [5, 25, null, null], params: { name: "i", inTable: false }, templateInfo: { name: "Template:1x" } },
    ]);
  });

  it("maps a body template's range past the page's own expansions", async () => {
    const items = await lintOf("{{1x|yy}} b<ref>{{lc:<i>x}}</ref>");
    expect(items).toEqual([
      { type: "missing-end-tag", dsr: [16, 27, null, null], params: { name: "i", inTable: false }, templateInfo: { name: "lc", parserFunction: true } },
    ]);
  });

  it("gives a lint starting in a template's output to the call even when the element runs on (as on the page)", async () => {
    const onPage = await lintOf("a{{1x|<i>x}} <b>y");
    expect(onPage).toEqual([
      { type: "missing-end-tag", dsr: [1, 12, null, null], params: { name: "i", inTable: false }, templateInfo: { name: "Template:1x" } },
      { type: "missing-end-tag", dsr: [13, 17, 3, 0], params: { name: "b", inTable: false } },
    ]);
    expect(await lintOf("a<ref>{{1x|<i>x}} <b>y</ref>")).toEqual([
      { type: "missing-end-tag", dsr: [6, 17, null, null], params: { name: "i", inTable: false }, templateInfo: { name: "Template:1x" } },
      { type: "missing-end-tag", dsr: [18, 22, 3, 0], params: { name: "b", inTable: false } },
    ]);
  });

  it("keeps lints of markup written in the body itself at their own range", async () => {
    expect(await lintOf("a<ref>{{1x|y}} <b>z</ref>")).toEqual([{ type: "missing-end-tag", dsr: [15, 19, 3, 0], params: { name: "b", inTable: false } }]);
  });

  it("leaves a ref a template produced to the page's transclusion", async () => {
    expect(await lintOf("{{1x|<ref>{{lc:<i>x}}</ref>}}")).toEqual([
      { type: "missing-end-tag", dsr: [0, 29, null, null], params: { name: "i", inTable: false }, templateInfo: { name: "Template:1x" } },
    ]);
  });
});
