// html2wt of attributes and media options that markup produced (typeof mw:ExpandedAttrs): data-mw
// `attribs` keeps the HTML the markup rendered to, and that HTML's wikitext is written back.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

/** A data-mw attribute value (single-quoted in the HTML). */
function dataMw(value: unknown): string {
  return JSON.stringify(value).replace(/&/g, "&amp;").replace(/'/g, "&#39;");
}

const transclusion = (target: string, param: string, text: string) =>
  `<span typeof="mw:Transclusion" data-mw='${dataMw({ parts: [{ template: { target: { wt: target, href: `./Template:${target}` }, params: { "1": { wt: param } }, i: 0 } }] })}'>${text}</span>`;

describe("html2wt: templated attributes", () => {
  it("writes a key/value pair a template produced as the transclusion", async () => {
    const mw = { attribs: [[{ txt: "class", html: transclusion("echo", 'class="x"', 'class="x"') }, { html: "" }]] };
    const html = `<div class="x" typeof="mw:ExpandedAttrs" data-parsoid='{"stx":"html"}' data-mw='${dataMw(mw)}'>a</div>`;
    expect(await html2wt(html, env)).toBe('<div {{echo|1=class="x"}}>a</div>');
  });

  it("writes a templated value inside the quotes and keeps plain attributes", async () => {
    const mw = { attribs: [["title", { html: `t ${transclusion("echo", "v", "v")}` }]] };
    const html = `<span lang="en" title="t v" typeof="mw:ExpandedAttrs" data-mw='${dataMw(mw)}'>a</span>`;
    expect(await html2wt(html, env)).toBe('<span lang="en" title="t {{echo|v}}">a</span>');
  });

  it("writes a table cell's templated attributes in cell syntax", async () => {
    const mw = { attribs: [[{ txt: "class", html: transclusion("cls", "1", 'class="c"') }, { html: "" }]] };
    const html = `<table><tbody><tr><td class="c" typeof="mw:ExpandedAttrs" data-mw='${dataMw(mw)}'>x</td></tr></tbody></table>`;
    expect(await html2wt(html, env)).toBe("{|\n| {{cls|1}} |x\n|}");
  });

  it("writes a category's templated sort key", async () => {
    const mw = { attribs: [[{ txt: "mw:sortKey" }, { html: `A ${transclusion("echo", "B", "B")}` }]] };
    const html = `<link rel="mw:PageProp/Category" href="./Category:Foo#A%20B" typeof="mw:ExpandedAttrs" data-mw='${dataMw(mw)}'/>`;
    expect(await html2wt(html, env)).toBe("[[Category:Foo|A {{echo|B}}]]");
  });
});

describe("html2wt: media options from markup", () => {
  const img = '<img resource="./File:Foobar.jpg" src="http://example.com/images/3/3a/Foobar.jpg" height="220" width="1941" alt="Main Page" class="mw-file-element"/>';

  it("writes alt= with markup from data-mw and link= from the link's parse data", async () => {
    const mw = { attribs: [["alt", { html: 'alt=<a rel="mw:WikiLink" href="./Main_Page" title="Main Page">Main Page</a>', txt: "Main Page" }]] };
    const html = `<p><span class="mw-default-size" typeof="mw:File mw:ExpandedAttrs" data-mw='${dataMw(mw)}'><a href="./Main_Page" data-parsoid='{"a":{"href":"./Main_Page"},"sa":{"href":"link=[[Main Page]]"}}'>${img}</a></span></p>`;
    expect(await html2wt(html, env)).toBe("[[File:Foobar.jpg|link=[[Main Page]]|alt=[[Main Page]]]]");
  });

  it("keeps a templated link= option while the link records no other href", async () => {
    const dp = { optList: [{ ck: "link", ak: "link=http://test{{echo|345}}" }] };
    const html = `<p><span class="mw-default-size" typeof="mw:File" data-parsoid='${dataMw(dp)}'><a href="http://test345" data-parsoid="{}">${img.replace(' alt="Main Page"', "")}</a></span></p>`;
    expect(await html2wt(html, env)).toBe("[[File:Foobar.jpg|link=http://test{{echo|345}}]]");
  });

  it("writes a templated page= option", async () => {
    const mw = { attribs: [["page", { html: `page=${transclusion("echo", "2", "2")}`, txt: "2" }]] };
    const html = `<p><span class="mw-default-size" typeof="mw:File mw:ExpandedAttrs" data-mw='${dataMw(mw)}'><a href="./File:Foobar.jpg?page=2" class="mw-file-description">${img.replace(' alt="Main Page"', "")}</a></span></p>`;
    expect(await html2wt(html, env)).toBe("[[File:Foobar.jpg|page={{echo|2}}]]");
  });
});
