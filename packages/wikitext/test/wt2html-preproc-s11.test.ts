// Session 11: preprocessor-side conformance (templates and the tokens around their output).
import { describe, expect, it } from "vitest";
import { html } from "./helpers/html.js";
import { makeEnv, withPageSources } from "./helpers/env.js";

const TEMPLATES: Record<string, string> = {
  "Template:Echo": "{{{1}}}",
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
