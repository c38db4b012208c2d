// Session 9 block fixes: paragraphs, lists, indent-pre, newlines (helper B).
import { describe, expect, it } from "vitest";
import { html2wt, wt2html } from "../src/index.js";
import { html } from "./helpers/html.js";
import { makeEnv } from "./helpers/env.js";

describe("wt2html: end tags tree construction ignores", () => {
  const stripped = '<meta typeof="mw:Placeholder/StrippedTag"/>';
  it("leave a placeholder holding their source inside list items", async () => {
    expect(await html(";x</u>y")).toBe(`<dl><dt>x${stripped}y</dt></dl>`);
    expect(await html("<abbr>\n*p</abbr>q")).toBe(`<p><abbr></abbr></p>\n<ul><li>p${stripped}q</li></ul>`);
    const out = (await wt2html("*k</s >", makeEnv(), { bodyOnly: true })).html;
    expect(out).toContain('typeof="mw:Placeholder/StrippedTag"');
    expect(out).toContain('"src":"</s >","name":"s"');
  });
  it("leave nothing outside list items, nor where a table would foster it", async () => {
    expect(await html("x</u>y")).toBe("<p>xy</p>");
    expect(await html("*<div>p\n*q\n</div>r")).not.toContain("StrippedTag");
    expect(await html("*{|\n|-\n</em>\n|x\n|}")).not.toContain("StrippedTag");
  });
  it("round-trip through the placeholder", async () => {
    const env = makeEnv();
    const source = "*k</s >\n*m";
    const out = (await wt2html(source, env)).html;
    expect(await html2wt(out, env)).toBe(source);
  });
});
