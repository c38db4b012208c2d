// A free link or magic link must start a word: Parsoid's autolink rule refuses one right after a
// word character, "_" included (so a behaviour switch's closing "__" keeps a URL after it text).
import { describe, expect, it } from "vitest";
import { wt2html } from "../src/index.js";
import { makeEnv } from "./helpers/env.js";

async function body(wikitext: string): Promise<string> {
  const out = (await wt2html(wikitext, makeEnv(), { bodyOnly: true })).html;
  return out.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

describe("free links at a word start only", () => {
  it("leaves a URL or magic link after '_' as text", async () => {
    expect(await body("a_https://example.org/x")).toBe("<p>a_https://example.org/x</p>");
    expect(await body("x_ISBN 0123456789")).toBe("<p>x_ISBN 0123456789</p>");
    expect(await body("__NOTOC__https://example.org/x")).toContain("https://example.org/x</p>");
    expect(await body("__NOTOC__https://example.org/x")).not.toContain('class="external free"');
  });
  it("still links after punctuation and spaces", async () => {
    expect(await body("a-https://example.org/x")).toContain('<a rel="mw:ExtLink nofollow" href="https://example.org/x" class="external free">https://example.org/x</a>');
    expect(await body("__NOTOC__ https://example.org/x")).toContain('class="external free"');
  });
});
