// Session 11: preprocessor-side conformance (templates and the tokens around their output).
import { describe, expect, it } from "vitest";
import { html } from "./helpers/html.js";
import { makeEnv, withPageSources } from "./helpers/env.js";
import { wt2html } from "../src/index.js";
import { html2wt } from "../src/html2wt/index.js";

const TEMPLATES: Record<string, string> = {
  "Template:Echo": "{{{1}}}",
  "Template:Nothing": "",
};

function templatedEnv(): ReturnType<typeof makeEnv> {
  return withPageSources(makeEnv(), TEMPLATES);
}

describe("wt2html: paragraphs around a template's output", () => {
  it("counts a template's leading newlines apart from the blank line before it (its start marker settles that run)", async () => {
    const out = await html("one\n\n{{echo|\n two}}", {}, templatedEnv());
    expect(out).not.toContain("<br");
    expect(out).toMatch(/^<p>one<\/p>\n\n<span about="#mwt1" typeof="mw:Transclusion"[^>]*>\n<\/span><pre about="#mwt1">two<\/pre>$/);
  });

  it("still makes an empty paragraph of the same newlines written on the page", async () => {
    const out = await html("one\n\n\n two", {}, templatedEnv());
    expect(out).toBe("<p>one</p>\n<p>\n<br/></p>\n<pre>two</pre>");
  });
});

describe("wt2html: a template that renders nothing", () => {
  it("stands inside the list item whose line it ends, as Parsoid's item closes after its markers", async () => {
    const out = await html("*{{nothing}}\n*b", {}, templatedEnv());
    expect(out).toMatch(/^<ul><li><span about="#mwt1" typeof="mw:Transclusion" data-mw='[^']*'><\/span><\/li>\n<li>b<\/li><\/ul>$/);
  });

  it("reaches the innermost item of a nested list, and a term", async () => {
    expect(await html("**{{nothing}}", {}, templatedEnv())).toMatch(/^<ul><li><ul><li><span about="#mwt1"[^>]*><\/span><\/li><\/ul><\/li><\/ul>$/);
    expect(await html(";{{nothing}}", {}, templatedEnv())).toMatch(/^<dl><dt><span about="#mwt1"[^>]*><\/span><\/dt><\/dl>$/);
  });

  it("still follows a paragraph and an element with an end tag", async () => {
    expect(await html("a{{nothing}}", {}, templatedEnv())).toMatch(/^<p>a<\/p><span about="#mwt1"/);
    expect(await html("<span>a</span>{{nothing}}", {}, templatedEnv())).toMatch(/^<p><span>a<\/span><\/p><span about="#mwt1"/);
  });

  it("round-trips from the item", async () => {
    const env = templatedEnv();
    const source = "*{{nothing}}\n*b";
    const out = (await wt2html(source, env)).html;
    expect(await html2wt(out, env)).toBe(source);
  });
});
