// Selective serialization of HTML that did not come from the engine (an editor that writes plain
// HTML, without parse data, generated ids or the whitespace between blocks) against the original
// wikitext: what the HTML did not change keeps its original source, separators included.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

const selser = (wikitext: string, html: string): Promise<string> => html2wt(html, env, { original: { wikitext } });

describe("selser of hand-written HTML", () => {
  const source = "==Heading==\nFirst paragraph.\n\nSecond.";

  it("gives back the original when the HTML says the same", async () => {
    expect(await selser(source, "<h2>Heading</h2><p>First paragraph.</p><p>Second.</p>")).toBe(source);
    // Newlines between the blocks, as a pretty-printer writes them, say nothing either.
    expect(await selser(source, "<h2>Heading</h2>\n<p>First paragraph.</p>\n<p>Second.</p>\n")).toBe(source);
  });

  it("rewrites only the paragraph that changed", async () => {
    expect(await selser(source, "<h2>Heading</h2><p>First paragraph, changed.</p><p>Second.</p>")).toBe(
      "==Heading==\nFirst paragraph, changed.\n\nSecond.",
    );
    expect(await selser(source, "<h2>Heading</h2><p>First paragraph.</p><p>Second, changed.</p>")).toBe(
      "==Heading==\nFirst paragraph.\n\nSecond, changed.",
    );
  });

  it("keeps a heading's own syntax when only its text changed", async () => {
    expect(await selser(source, "<h2>Other heading</h2><p>First paragraph.</p><p>Second.</p>")).toBe(
      "==Other heading==\nFirst paragraph.\n\nSecond.",
    );
  });

  it("keeps the blank line between a list and the paragraph after it", async () => {
    const list = "* a\n*  b\n\nSee [[Foo|bar]] here.";
    expect(await selser(list, '<ul><li>a</li><li>b</li></ul><p>See <a href="./Foo">bar</a> here.</p>')).toBe(list);
    expect(await selser(list, '<ul><li>a</li><li>b</li></ul><p>See <a href="./Foo">bar</a> there.</p>')).toBe(
      "* a\n*  b\n\nSee [[Foo|bar]] there.",
    );
  });

  it("keeps the spaces between inline nodes that the HTML keeps, and drops the ones it drops", async () => {
    const inline = "''a'' '''b'''";
    expect(await selser(inline, "<p><i>a</i> <b>b</b></p>")).toBe(inline);
    expect(await selser(inline, "<p><i>a</i><b>b</b></p>")).toBe("''a'''''b'''");
  });
});
