import { describe, expect, it } from "vitest";
import { wt2html, loadTokenizer } from "../src/index.js";
import { getTokenizer } from "../src/tokenizer/load.js";
import { Grammar } from "../src/tokenizer/grammar/state.js";
import { parseDocument } from "../src/tokenizer/grammar/block.js";
import { makeEnv } from "./helpers/env.js";

describe("wt2html: output", () => {
  it("writes an HTML document per the MediaWiki DOM spec 2.8.0", async () => {
    const { html } = await wt2html("x", makeEnv());
    expect(html.startsWith("<!DOCTYPE html>\n<html prefix=")).toBe(true);
    expect(html).toContain('<meta charset="utf-8"/>');
    expect(html).toContain('<meta property="mw:htmlVersion" content="2.8.0"/>');
    expect(html).toContain('<meta property="mw:html:version" content="2.8.0"/>');
    expect(html).toContain('<base href="//test.example/wiki/"/>');
    expect(html).toMatch(/<body[^>]*><p data-parser='\{"dsr":\[0,1,0,0\]\}'>x<\/p><\/body><\/html>$/);
  });
  it("records source ranges (dsr) per element", async () => {
    const { html } = await wt2html("== A ==\n''b''", makeEnv(), { bodyOnly: true });
    expect(html).toContain(`<h2 id="A" data-parser='{"dsr":[0,7,2,2]}'>`);
    expect(html).toContain(`<i data-parser='{"dsr":[8,13,2,2]}'>b</i>`);
  });
  it("counts the text at the edges of an element without a tag into its range", async () => {
    // The paragraph DOM wrapping makes before a stray end tag spans "q", the entity and "z".
    const { html } = await wt2html("q&amp;z</p>", makeEnv(), { bodyOnly: true });
    expect(html).toMatch(/^<p data-parser='\{"autoInsertedStart":true,"autoInsertedEnd":true,"dsr":\[0,7,0,0\]\}'>q/);
    // A text-only one, and the empty <p> of the stray tag, take the source next to a ranged sibling.
    const { html: other } = await wt2html("ab</p><div>c</div>", makeEnv(), { bodyOnly: true });
    expect(other).toMatch(/^<p data-parser='\{[^']*"dsr":\[0,2,0,0\]\}'>ab<\/p><p class="mw-empty-elt" data-parser='\{[^']*"dsr":\[2,6,0,4\]\}'><\/p><div/);
  });
  it("splits parse data out by node id for page bundles", async () => {
    const { html, dataParser } = await wt2html("a\n\n''b''", makeEnv(), { bodyOnly: true, inlineDataParser: false });
    expect(html).toBe('<p id="mwAA">a</p>\n\n<p id="mwAQ"><i id="mwAg">b</i></p>');
    expect(dataParser.counter).toBe(2);
    expect(dataParser.ids["mwAg"]).toEqual({ dsr: [3, 8, 2, 2] });
  });
});

describe("wt2html: linear work", () => {
  // Token counts, not timings: the grammar emits a bounded number of tokens per input token.
  const cases: Record<string, (n: number) => string> = {
    "unclosed [[": (n) => "[[a".repeat(n),
    "unclosed '''": (n) => "'''a".repeat(n),
    "unclosed <b>": (n) => "<b>a".repeat(n),
    "deep list prefixes": (n) => "*".repeat(n) + " x",
    "one long line": (n) => "w [x] ''y'' &amp; http://e.x/ ".repeat(n),
  };
  for (const [name, make] of Object.entries(cases)) {
    it(name, async () => {
      await loadTokenizer();
      const count = (text: string) => {
        const stream = getTokenizer().tokenize(text);
        const g = Grammar.fromStream(text, stream, makeEnv());
        parseDocument(g);
        return { wasm: stream.count, grammar: g.out.length };
      };
      const small = count(make(5000));
      const large = count(make(10000));
      // Doubling the input at most doubles the tokens (merged text may even stay constant).
      expect(large.grammar / small.grammar).toBeLessThan(2.2);
      expect(large.wasm / small.wasm).toBeLessThan(2.2);
      expect(large.grammar).toBeLessThanOrEqual(4 * large.wasm + 4);
    });
  }
});
