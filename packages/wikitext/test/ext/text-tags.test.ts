import { describe, expect, it } from "vitest";
import { html2wt, wt2html } from "../../src/index.js";
import { poemWikitext } from "../../src/ext/poem.js";
import { extEnv } from "./env.js";
import { extHtml } from "./html.js";

describe("poem", () => {
  it("keeps line breaks, leading spaces, indents and rules", () => {
    expect(poemWikitext("\na\n  b\n:c\n----\nd\n")).toBe(
      'a<br />\n&#160;&#160;b<br />\n<span class="mw-poem-indented" style="display: inline-block; margin-inline-start: 1em;">c</span>\n<hr />\nd',
    );
  });

  it("parses the lines as wikitext inside div.poem", async () => {
    const html = await extHtml("<poem class=\"x\">\n'''Bold''' line\nnext [[Main Page]]\n</poem>");
    expect(html).toMatch(/^<div typeof="mw:Extension\/poem" class="poem x" data-mw="[^"]*"><p><b>Bold<\/b> line<br\/>\nnext <a rel="mw:WikiLink"/);
  });
});

describe("syntaxhighlight and source", () => {
  it("show the code unparsed, preformatted, with the language class", async () => {
    const html = await extHtml('<syntaxhighlight lang="Python">\nif a < b: [[x]]\n</syntaxhighlight>');
    expect(html).toBe('<div typeof="mw:Extension/syntaxhighlight" class="mw-highlight mw-highlight-lang-python mw-content-ltr" dir="ltr" data-mw=\'{"name":"syntaxhighlight","attrs":{"lang":"Python"},"body":{"extsrc":"\\nif a < b: [[x]]\\n"}}\'><pre>if a &lt; b: [[x]]</pre></div>');
  });

  it("render inline code with `inline`, and round-trip", async () => {
    const source = "Use <source lang=js inline>a && b</source> here.";
    const html = await extHtml(source);
    expect(html).toContain('<code typeof="mw:Extension/source" class="mw-highlight mw-highlight-lang-js mw-content-ltr" dir="ltr"');
    const env = extEnv();
    expect(await html2wt((await wt2html(source, env)).html, env)).toBe(source);
  });
});
