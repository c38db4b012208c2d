// Link text over several lines (Parsoid's and the legacy parser's link text may hold line
// breaks once a pipe has ended the target), media captions parsed as captions of their own,
// and a template's missing image with one data-mw.
import { describe, expect, it } from "vitest";
import { SiteConfig, wt2html, type Env } from "../src/index.js";
import { html2wt } from "../src/html2wt/index.js";
import { makeEnv, siteInfo } from "./helpers/env.js";

const base = makeEnv();
const env: Env = {
  site: SiteConfig.fromSiteInfo({ ...siteInfo, magicwords: [...siteInfo.magicwords, { name: "img_alt", aliases: ["alt=$1"], "case-sensitive": true }] }),
  page: base.page,
  data: {
    ...base.data,
    async getPageSource(name: string) {
      return name === "Template:Echo" ? { title: name, revid: 1, source: "{{{1}}}" } : null;
    },
  },
};

const html = async (wikitext: string) => (await wt2html(wikitext, env, { bodyOnly: true })).html.replace(/ data-parser='[^']*'| data-parser="[^"]*"/g, "");
const roundTrip = async (wikitext: string) => html2wt((await wt2html(wikitext, env, { bodyOnly: true })).html, env);

describe("wiki links whose text runs over line breaks", () => {
  it("keep the line breaks in the link text, in one paragraph", async () => {
    const out = await html("[[Main Page|a\nb]] c");
    expect(out).toMatch(/^<p><a rel="mw:WikiLink" href="\.\/Main_Page"[^>]*>a\nb<\/a> c<\/p>$/);
    expect(await roundTrip("[[Main Page|a\nb]] c")).toBe("[[Main Page|a\nb]] c");
  });
  it("start no line syntax inside the text: a list item goes on over the link", async () => {
    const source = "* x [[Main Page|a\n* b]]\n* y";
    const out = await html(source);
    expect(out.match(/<li>/g)?.length).toBe(2);
    expect(out).toContain(">a\n* b</a></li>");
    expect(await roundTrip(source)).toBe(source);
  });
  it("need the pipe on the first line: a target with a line break is no link", async () => {
    const out = await html("[[Main Page\n* b]]");
    expect(out).not.toContain("<a ");
    expect(out).toContain("<li>b]]</li>");
  });
});

describe("media captions over several lines", () => {
  it("hold tables, headings and rules on their later lines, without paragraphs", async () => {
    const out = await html("[[File:Foo.jpg|thumb|\n{| class=\"t\" |\n|- class=\"r\" |\n| cell\n|}\n== Head ==\nText\n----\n]]");
    expect(out).toMatch(/^<figure [^>]*typeof="mw:Error mw:File\/Thumb"/);
    const caption = /<figcaption>([\s\S]*)<\/figcaption>/.exec(out)![1]!;
    expect(caption).toMatch(/<table class="t">[\s\S]*<tr class="r">\s*<td>cell<\/td>/);
    expect(caption).toContain('<h2 id="Head">Head</h2>');
    expect(caption).toContain("<hr/>");
    expect(caption).not.toContain("<p>");
  });
  it("keep list syntax as text in an inline image's caption", async () => {
    const out = await html("[[File:Foo.jpg|This\n*is text]]");
    expect(out).toContain('data-mw=\'{"caption":"This\\n*is text"');
    expect(out).not.toContain("<li>");
  });
  it("encapsulate their templates inside the caption", async () => {
    const out = await html("[[File:Foo.jpg|thumb|a {{Echo|b}}\n{{Echo|c}}|alt=d]]");
    expect(out).toMatch(/^<figure class="mw-default-size" typeof="mw:Error mw:File\/Thumb"/);
    const caption = /<figcaption>([\s\S]*)<\/figcaption>/.exec(out)![1]!;
    expect(caption.match(/typeof="mw:Transclusion"/g)?.length).toBe(2);
    expect(await roundTrip("[[File:Foo.jpg|thumb|a {{Echo|b}}\n{{Echo|c}}|alt=d]]")).toBe("[[File:Foo.jpg|thumb|a {{Echo|b}}\n{{Echo|c}}|alt=d]]");
  });
});

describe("a missing image a template wrote", () => {
  it("carries one data-mw with the template's parts and the error", async () => {
    const out = await html("{{Echo|[[File:Missing.jpg]]}}");
    expect(out.match(/ data-mw=/g)?.length).toBe(1);
    expect(out).toContain('"parts":[{"template"');
    expect(out).toContain('"errors":[{"key":"apierror-filedoesnotexist"');
  });
});

describe("transclusion about ids", () => {
  it("are the document's own across a caption parsed apart and the page", async () => {
    const out = await html("{{Echo|a}} [[File:Foo.jpg|thumb|x {{Echo|b}}]] {{Echo|c}}");
    const ids = [...out.matchAll(/about="(#mwt\d+)"/g)].map((m) => m[1]);
    expect(ids.length).toBe(3);
    expect(new Set(ids).size).toBe(3);
  });
});
