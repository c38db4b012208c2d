// Session 9 block fixes: paragraphs, lists, indent-pre, newlines (helper B).
import { describe, expect, it } from "vitest";
import { html2wt, wt2html } from "../src/index.js";
import { html } from "./helpers/html.js";
import { makeEnv } from "./helpers/env.js";
import { MemoryData } from "./preprocessor/env.js";

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

describe("wt2html: newlines before category and language links", () => {
  const cat = '<link rel="mw:PageProp/Category" href="./Category:Y"/>';
  it("break no paragraph, end no list item and start no indent-pre", async () => {
    expect(await html("x\n \n[[Category:Y]] z")).toBe(`<p>x\n \n${cat} z</p>`);
    expect(await html("* p\n \n[[Category:Y]] q\n* r")).toBe(`<ul><li>p\n \n${cat} q</li>\n<li>r</li></ul>`);
    expect(await html(" a\n [[Category:Y]] b")).toBe(`<pre>a\n ${cat} b</pre>`);
  });
  it("leave a paragraph before links that end the page", async () => {
    expect(await html("x\n\n[[Category:Y]]")).toBe(`<p>x</p>\n\n${cat}`);
  });
  it("move out of the last item of the outermost list, with the blank lines", async () => {
    const out = (await wt2html("*p\n**q\n\n[[Category:Y]]\n[[Category:Z]]", makeEnv(), { bodyOnly: true })).html;
    expect(out.replace(/ data-parser='[^']*'/g, "")).toBe(`<ul><li>p\n<ul><li>q</li></ul></li></ul>\n\n${cat}\n${cat.replace("Y", "Z").replace("Y", "Z")}`);
    // The lists and items along the way end where the moved content started.
    expect([...out.matchAll(/"dsr":\[(\d+),(\d+)/g)].slice(0, 4).map((m) => m[2])).toEqual(["6", "6", "6", "6"]);
    // Comments and the blanks between them go along, untrimmed.
    expect(await html("*p\n\n[[Category:Y]]<!--c--> <!--d-->")).toBe(`<ul><li>p</li></ul>\n\n${cat}<!--c--> <!--d-->`);
  });
  it("stay in an item that is not the last, or with no newline before them", async () => {
    expect(await html("*p\n\n[[Category:Y]]\n*q")).toBe(`<ul><li>p\n\n${cat}</li>\n<li>q</li></ul>`);
    expect(await html("*p [[Category:Y]]")).toBe(`<ul><li>p${cat}</li></ul>`);
  });
  it("round-trip", async () => {
    const env = makeEnv();
    for (const source of ["*p\n**q\n\n[[Category:Y]]\n[[Category:Z]]", "*p\n\n[[Category:Y]]<!--c--> <!--d-->"]) {
      expect(await html2wt((await wt2html(source, env)).html, env)).toBe(source);
    }
  });
});

describe("wt2html: quotes", () => {
  it("drop a tag reopened after an inner tag closed when the line ends right after it", async () => {
    expect(await html("''x''''y''")).toBe("<p><i>x'<b>y</b></i></p>");
    expect(await html("'''x''y'''")).toBe("<p><b>x<i>y</i></b></p>");
    // With content after it, it stays.
    expect(await html("''x'''y''z")).toBe("<p><i>x<b>y</b></i><b>z</b></p>");
  });
});

describe("wt2html: category links a template ends with", () => {
  const env = () => {
    const e = makeEnv();
    const pages = new MemoryData({ "Template:Echo": "{{{1}}}" });
    e.data.getPageSource = (title) => pages.getPageSource(title);
    return e;
  };
  const strip = (s: string) => s.replace(/ data-parser='[^']*'/g, "").replace(/ data-mw='[^']*'/g, "").replace(/ about="[^"]*"/g, "");
  it("stay in the paragraph of the template's text, without the newlines between them", async () => {
    const out = (await wt2html("{{Echo|words\n[[Category:P]]\n[[Category:Q]]}}", env(), { bodyOnly: true })).html;
    expect(strip(out)).toBe('<p><span typeof="mw:Transclusion">words\n</span><link rel="mw:PageProp/Category" href="./Category:P"/><link rel="mw:PageProp/Category" href="./Category:Q"/></p>');
  });
  it("keep the newlines the page itself writes between them", async () => {
    const out = (await wt2html("words\n[[Category:P]]\n[[Category:Q]]", env(), { bodyOnly: true })).html;
    expect(strip(out)).toBe('<p>words</p>\n<link rel="mw:PageProp/Category" href="./Category:P"/>\n<link rel="mw:PageProp/Category" href="./Category:Q"/>');
  });
});

describe("wt2html: a template between blank lines and a category link", () => {
  const env = () => {
    const e = makeEnv();
    const pages = new MemoryData({ "Template:Nothing": "", "Template:Line": "<br/>\n" });
    e.data.getPageSource = (title) => pages.getPageSource(title);
    return e;
  };
  const strip = (s: string) => s.replace(/ data-parser='[^']*'/g, "").replace(/ data-mw='[^']*'/g, "").replace(/ about="[^"]*"/g, "");
  const cat = '<link rel="mw:PageProp/Category" href="./Category:A"/>';
  it("keeps the newlines before the template's end as line breaks", async () => {
    const out = (await wt2html("x\n\n{{Nothing}}\n[[Category:A]]", env(), { bodyOnly: true })).html;
    expect(strip(out)).toBe(`<p>x</p>\n\n<span typeof="mw:Transclusion"></span>\n${cat}`);
  });
  it("ends the paragraph after the template's own newline, before the page's", async () => {
    const out = (await wt2html("x\n\n\n{{Line}}\n\n[[Category:A]]", env(), { bodyOnly: true })).html;
    expect(strip(out)).toBe(`<p>x</p>\n<p>\n<br/>\n<br typeof="mw:Transclusion"/><span>\n</span></p>\n\n${cat}`);
  });
});

describe("wt2html: an empty template among category links after a paragraph", () => {
  it("leaves the paragraph ending at its content (the template's start comes before its end)", async () => {
    const e = makeEnv();
    const pages = new MemoryData({ "Template:Nothing": "" });
    e.data.getPageSource = (title) => pages.getPageSource(title);
    const out = (await wt2html("x\n[[Category:A]]{{Nothing}}\n[[Category:B]]", e, { bodyOnly: true })).html;
    expect(out.replace(/ data-parser='[^']*'/g, "")).toMatch(/^<p>x<\/p>\n<link rel="mw:PageProp\/Category" href=".\/Category:A"\/>/);
  });
});
