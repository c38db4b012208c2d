// html2wt of transclusions whose argument wikitext comes from an editor (data-mw params): the
// text between constructs is escaped so the preprocessor splits the transclusion as the data says.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { escapeTemplateArgument, type ArgumentPosition } from "../../src/html2wt/handlers/template-arg-escape.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();
const opaque = (name: string): boolean => name === "nowiki" || name === "pre" || name === "ref";

/** The only argument of a new template transclusion. */
const only: ArgumentPosition = { kind: "template", named: false, positionalIndex: 1, positionalCount: 0, index: 1, count: 1 };

function transclusion(params: Record<string, string>, pi?: unknown): string {
  const mw = { parts: [{ template: { target: { wt: "1x", href: "./Template:1x" }, params: Object.fromEntries(Object.entries(params).map(([k, wt]) => [k, { wt }])), i: 0 } }] };
  const dp = pi === undefined ? "" : ` data-parsoid='${JSON.stringify({ pi })}'`;
  return `<p><span typeof="mw:Transclusion" about="#mwt1"${dp} data-mw='${JSON.stringify(mw).replace(/'/g, "&#39;")}'>x</span></p>`;
}

describe("template argument escaping", () => {
  it("writes a lone pipe as {{!}} and protects unpaired braces and brackets with a nowiki", () => {
    expect(escapeTemplateArgument("foo|bar", only, opaque).text).toBe("foo{{!}}bar");
    expect(escapeTemplateArgument("foo|bar |[[", only, opaque).text).toBe("<nowiki>foo|bar |[[</nowiki>");
    expect(escapeTemplateArgument("a }} b", only, opaque).text).toBe("<nowiki>a }} b</nowiki>");
    expect(escapeTemplateArgument("a [ b", only, opaque).text).toBe("a [ b");
  });
  it("protects only a closing brace that would join the transclusion's end", () => {
    expect(escapeTemplateArgument("a }", only, opaque).text).toBe("a <nowiki>}</nowiki>");
    expect(escapeTemplateArgument("a }", { ...only, count: 2 }, opaque).text).toBe("a }");
  });
  it("leaves constructs alone: templates, links, tags, comments, entities", () => {
    const value = "{{x|a}} [[b|c]] <span title=\"|\">d</span> <!-- | --> &#124; <ref name=\"n\">|</ref>";
    expect(escapeTemplateArgument(value, { ...only, named: true }, opaque).text).toBe(value);
  });
  it("writes pipes in an external link as references", () => {
    expect(escapeTemplateArgument("[http://foo.com/a|b a|b]", only, opaque).text).toBe("[http://foo.com/a&#124;b a&#124;b]");
  });
  it("names an argument whose text has an '=' the preprocessor would split at", () => {
    expect(escapeTemplateArgument("a=b", only, opaque)).toEqual({ named: true, text: "a=b" });
    // Not the last of the source's positional arguments: a nowiki keeps the later ones positional.
    expect(escapeTemplateArgument("a=b", { ...only, positionalCount: 3, count: 3 }, opaque)).toEqual({ named: false, text: "<nowiki>a=b</nowiki>" });
    // An HTML tag's attribute counts; an extension tag's, a heading line's and {{=}} do not.
    expect(escapeTemplateArgument('<div class="a">a</div>', only, opaque).named).toBe(true);
    expect(escapeTemplateArgument('<ref name="a">a</ref>', only, opaque).named).toBe(false);
    expect(escapeTemplateArgument('<span class{{=}}"a">a</span>', only, opaque).named).toBe(false);
    expect(escapeTemplateArgument("\n== Title ==\n", only, opaque).named).toBe(false);
    expect(escapeTemplateArgument("Not a ==heading==", only, opaque).named).toBe(true);
  });
  it("never names a parser function's argument", () => {
    expect(escapeTemplateArgument("data-x=\n== y ==\n", { ...only, kind: "parserfunction" }, opaque)).toEqual({ named: false, text: "data-x=\n== y ==\n" });
  });
});

describe("html2wt transclusions with edited arguments", () => {
  it("escapes new argument text", async () => {
    expect(await html2wt(transclusion({ "1": "a | {{ ]]" }), env)).toBe("{{1x|<nowiki>a | {{ ]]</nowiki>}}");
    expect(await html2wt(transclusion({ "1": "foo|bar" }), env)).toBe("{{1x|foo{{!}}bar}}");
  });
  it("keeps a positional argument holding a heading positional", async () => {
    expect(await html2wt(transclusion({ "1": "\n== Title ==\n" }, [[{ k: "1" }]]), env)).toBe("{{1x|\n== Title ==\n}}");
  });
  it("trims the value of an argument that gets written with its name", async () => {
    expect(await html2wt(transclusion({ "1": " a=b " }), env)).toBe("{{1x|1=a=b}}");
  });
});

describe("html2wt transclusions without parse data: argument order", () => {
  it("keeps data-mw's order of named and numbered arguments", async () => {
    const html = `<p><span about="#mwt1" typeof="mw:Transclusion" data-mw='{"parts":[{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"test":{"wt":"a"},"1":{"wt":"second arg"}},"i":0}}]}'>x</span></p>`;
    expect(await html2wt(html, env)).toBe("{{1x|test=a|second arg}}");
  });
});
