// html2wt of new content (elements without parse data): Parsoid's tidy spacing for lists an
// editor laid out, the compact form for HTML that keeps the wikitext parser's layout.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();
const wt = (html: string): Promise<string> => html2wt(html, env);

describe("new lists laid out by an editor", () => {
  it("write a space after the bullets unless the content starts with whitespace", async () => {
    expect(await wt("<ul><li>a<br>b</li><li>c</li></ul>")).toBe("* a<br />b\n* c");
    expect(await wt("<ul>\n<li><p>foo</p></li>\n</ul>")).toBe("* foo");
    expect(await wt("<ul><li> a</li><li>b</li></ul>")).toBe("* a\n* b");
  });
  it("give a term its space too, a definition on its line keeps its own", async () => {
    expect(await wt(`<dl><dt>hi\nho </dt><dd data-parsoid='{"stx":"row"}'> hi\nho</dd></dl>`)).toBe("; hi ho : hi ho");
  });
  it("are set apart from paragraphs by blank lines", async () => {
    expect(await wt("<p>before</p><ul>\n<li>a</li>\n<li>b</li>\n</ul><p>after</p>")).toBe("before\n\n* a\n* b\n\nafter");
  });
  it("need only a line break before a transclusion after them", async () => {
    const tpl = `<span about="#mwt1" typeof="mw:Transclusion" data-mw='{"parts":[{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"foo"}},"i":0}}]}'>foo</span>`;
    expect(await wt(`<ul><li>a</li></ul>${tpl}`)).toBe("* a\n{{1x|foo}}");
  });
  it("keep a nested list on the line after its item", async () => {
    expect(await wt("<ul><li>a<ul><li>b</li></ul></li></ul>")).toBe("* a\n** b");
  });
});

describe("new lists with the wikitext parser's layout", () => {
  it("are written in the compact form", async () => {
    expect(await wt("<ol><li>one</li>\n<li>two</li></ol>")).toBe("#one\n#two");
    expect(await wt("<ul><li>foo\n<ul><li>bar</li></ul></li></ul>")).toBe("*foo\n**bar");
    expect(await wt("<dl><dt>name</dt>\n<dd>Definition</dd></dl>")).toBe(";name:Definition");
  });
  it("keep the separators the HTML has around them", async () => {
    expect(await wt("<p>a</p>\n<ul><li>b</li></ul>\n<p>c</p>")).toBe("a\n*b\nc");
  });
  it("follow the spacing of parsed items next to a new one", async () => {
    expect(await wt(`<ul><li data-parsoid='{"dsr":[0,3,1,0]}'>a</li>\n<li>b</li></ul>`)).toBe("* a\n* b");
  });
});
