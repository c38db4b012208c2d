// Paragraph wrapping around a template's end: a template's trailing newline does not count
// towards the blank lines after it (Parsoid's end marker is sol-transparent there).
import { describe, expect, it } from "vitest";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../preprocessor/env.js";

async function html(wikitext: string): Promise<string> {
  const { html } = await wt2html(wikitext, makeEnv({ "Template:1x": "{{{1}}}" }), { bodyOnly: true });
  return html.replace(/ data-(?:parser|mw)=("[^"]*"|'[^']*')/g, "");
}

describe("paragraphs after a template's trailing newline", () => {
  it("make no <br> paragraph for the template's own newline", async () => {
    const out = await html("{{1x|\n== Title ==\n}}\n\nSome text.");
    expect(out).not.toContain("<br");
    expect(out).toMatch(/<p>Some text\.<\/p>$/);
    // Written on the page, the same newlines do make one.
    expect(await html("== Title ==\n\n\nSome text.")).toContain("<br/>");
  });
});
