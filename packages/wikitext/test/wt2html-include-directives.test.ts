// Include directives (`<noinclude>`, `<includeonly>`, `<onlyinclude>`) as Parsoid shows them:
// the page's own become `mw:Includes/*` metas; those written in the page's template arguments
// stay in the argument's value (Parsoid tokenizes the page's text, arguments included); a
// transcluded template's `<onlyinclude>` tags are metas of its transclusion (Parsoid's
// OnlyInclude), its other include tags are gone.
import { describe, expect, it } from "vitest";
import { SiteConfig, wt2html } from "../src/index.js";
import { preprocess } from "../src/preprocessor/index.js";
import { extEnv } from "./ext/env.js";
import { siteInfo } from "./preprocessor/env.js";

const templates = {
  "Template:Echo": "{{{1}}}",
  "Template:Sum": "{{#expr:{{{1}}}+1}}",
  "Template:Shown": "hidden<onlyinclude>part one</onlyinclude> hidden <onlyinclude>part two</onlyinclude>hidden",
  "Template:Number": "<onlyinclude>41</onlyinclude><noinclude>documentation</noinclude>",
  "Template:Mixed": "a<noinclude>doc</noinclude><includeonly>b</includeonly>",
  "Template:Twice": "{{{1}}}\n{{{1}}}",
  "Template:Own heading": "== From the template ==",
};

/** The same wiki with behaviour switches, one of them also spelt with full-width low lines. */
const switchesSite = SiteConfig.fromSiteInfo({
  ...siteInfo,
  magicwords: [
    ...siteInfo.magicwords,
    { name: "notoc", aliases: ["__NOTOC__", "＿＿目次非表示＿＿"], "case-sensitive": false },
    { name: "index", aliases: ["__INDEX__"], "case-sensitive": false },
  ],
});

/** The output without parse data. */
async function plain(source: string, wrapSections = false): Promise<string> {
  const { html } = await wt2html(source, { ...extEnv(templates), site: switchesSite }, { bodyOnly: true, wrapSections });
  return html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

const metaOf = (type: string, about = "") => `<meta typeof="${type}"${about ? ` about="${about}"` : ""}/>`;

describe("include directives in the page's template arguments", () => {
  it("stay in the argument's value: the transclusion shows their metas inside its paragraph", async () => {
    const html = await plain("x {{echo|y</noinclude>z}}");
    expect(html).toContain(`"params":{"1":{"wt":"y</noinclude>z"}}`);
    expect(html.startsWith('<p>x <span about="#mwt1" typeof="mw:Transclusion"')).toBe(true);
    expect(html.endsWith(`>y</span>${metaOf("mw:Includes/NoInclude/End", "#mwt1")}<span about="#mwt1">z</span></p>`)).toBe(true);
  });

  it("start the transclusion: its first node is the directive's meta with both types", async () => {
    const html = await plain("<noinclude>{{echo|</noinclude>word<noinclude>}}</noinclude>");
    expect(html).toContain('<p><meta typeof="mw:Transclusion mw:Includes/NoInclude/End" about="#mwt1"');
    expect(html).toContain(`<span about="#mwt1">word</span>${metaOf("mw:Includes/NoInclude", "#mwt1")}</p>`);
    // The page's own directives around the call stay outside the paragraph.
    expect(html.startsWith('<meta typeof="mw:Includes/NoInclude"/><p>')).toBe(true);
    expect(html.endsWith('</p><meta typeof="mw:Includes/NoInclude/End"/>')).toBe(true);
  });

  it("stay the page's own next to a transclusion with empty output (sol-transparent: no paragraph opens before them)", async () => {
    const html = await plain("<onlyinclude>{{echo|}}</onlyinclude>text");
    expect(html.startsWith('<meta typeof="mw:Includes/OnlyInclude"/>')).toBe(true);
    expect(html).toContain('<meta typeof="mw:Includes/OnlyInclude/End"/><p>text</p>');
  });

  it("in the call's target only name the template: the target reads without them", async () => {
    const html = await plain("{{echo<noinclude>|text</noinclude>}}");
    expect(html).toContain('"target":{"wt":"echo<noinclude>","href":"./Template:Echo"}');
    expect(html).toMatch(/>text<\/span><meta typeof="mw:Includes\/NoInclude\/End" about="#mwt1"\/><\/p>$/);
  });

  it("keep an <includeonly> section as written (a meta carrying its source)", async () => {
    const out = await preprocess("{{echo|a<includeonly>b</includeonly>c}}", extEnv(templates));
    expect(out.text).toBe("a<includeonly>b</includeonly>c");
  });
});

describe("a transcluded template's include tags", () => {
  it("keep its <onlyinclude> tags as metas of the transclusion, every section in order", async () => {
    const html = await plain("{{shown}}");
    expect(html).toBe(
      '<p><meta typeof="mw:Transclusion mw:Includes/OnlyInclude" about="#mwt1" data-mw=\'{"parts":[{"template":{"target":{"wt":"shown","href":"./Template:Shown"},"params":{},"i":0}}]}\'/>' +
        `<span about="#mwt1">part one</span>${metaOf("mw:Includes/OnlyInclude/End", "#mwt1")}${metaOf("mw:Includes/OnlyInclude", "#mwt1")}` +
        `<span about="#mwt1">part two</span>${metaOf("mw:Includes/OnlyInclude/End", "#mwt1")}</p>`,
    );
  });

  it("leave no tags where the output is an argument or a function's input (MediaWiki's text)", async () => {
    // A page transclusion keeps the tags; the same template as an argument value does not.
    expect((await preprocess("{{number}}", extEnv(templates))).text).toBe("<onlyinclude>41</onlyinclude>");
    expect((await preprocess("{{sum|{{number}}}}", extEnv(templates))).text).toBe("42");
    expect((await preprocess("{{#expr:{{number}}*2}}", extEnv(templates))).text).toBe("82");
    // (A call without arguments is cached: the page's transclusion must not leave tags in it.)
    expect((await preprocess("{{number}} {{#expr:{{number}}+0}}", extEnv(templates))).text).toBe("<onlyinclude>41</onlyinclude> 41");
  });

  it("drop <noinclude> sections and <includeonly> tags without a trace", async () => {
    expect((await preprocess("{{mixed}}", extEnv(templates))).text).toBe("ab");
  });
});

describe("sol-transparent markup at the start of a line and after a heading", () => {
  it("leaves the line's start in place: a heading may follow comments, include directives and behaviour switches", async () => {
    for (const prefix of ["<!-- note -->", "<noinclude>", "</noinclude>", "<includeonly>x</includeonly>", "__INDEX__", "<!--a--></onlyinclude>__NOTOC__"]) {
      expect(await plain(`${prefix}== Title ==\ntext`)).toMatch(/<h2 id="Title">Title<\/h2>\n<p>text<\/p>$/);
    }
    // Anything else before the `=` keeps the line a paragraph.
    expect(await plain("x== Title ==")).toBe("<p>x== Title ==</p>");
    expect(await plain("<span>a</span>== Title ==")).toBe("<p><span>a</span>== Title ==</p>");
    expect(await plain("__UNKNOWN__== Title ==")).toBe("<p>__UNKNOWN__== Title ==</p>");
  });

  it("lets a heading end with include directives after its closing run", async () => {
    const html = await plain("== Title == <includeonly>i</includeonly><noinclude><!--c--></noinclude>\ntext");
    expect(html).toMatch(/^<h2 id="Title">Title<\/h2> <meta typeof="mw:Includes\/IncludeOnly"/);
    expect(html).toContain('<meta typeof="mw:Includes/NoInclude"/><!--c--><meta typeof="mw:Includes/NoInclude/End"/>');
  });

  it("gives such headings sections no editor opens: MediaWiki's preprocessor does not see them", async () => {
    const html = await plain("== One ==\n<!--c-->== Two ==\n== Three ==<noinclude/>\n== Four == <!-- ok -->", true);
    const ids = [...html.matchAll(/data-mw-section-id="(-?\d+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(["0", "1", "-1", "-1", "2"]);
  });

  it("starts a list item after include directives", async () => {
    expect(await plain("</noinclude>*item")).toBe('<meta typeof="mw:Includes/NoInclude/End"/><ul><li>item</li></ul>');
  });

  it("reads behaviour switches written with full-width low lines", async () => {
    expect(await plain("＿＿目次非表示＿＿")).toBe('<meta property="mw:PageProp/notoc"/>');
    expect(await plain("＿＿UNKNOWN＿＿")).toBe("<p>＿＿UNKNOWN＿＿</p>");
  });
});

describe("section numbers as MediaWiki's preprocessor counts the page's headings", () => {
  const ids = async (source: string) => [...(await plain(source, true)).matchAll(/data-mw-section-id="(-?\d+)"/g)].map((m) => m[1]);

  it("count the heading lines written in a call's arguments, shown or not, once each", async () => {
    expect(await ids("== A ==\n{{echo|x|\n== unused ==\n}}\n== B ==")).toEqual(["0", "1", "3"]);
    // The argument's heading is shown twice: both sections are uneditable, the count moves by one.
    expect(await ids("== A ==\n{{twice|1=\n== shown ==\n}}\n== B ==")).toEqual(["0", "1", "-1", "-1", "3"]);
  });

  it("do not count a template's own headings, nor lines that are not headings", async () => {
    expect(await ids("== A ==\n{{own heading}}\n== B ==")).toEqual(["0", "1", "-1", "2"]);
    expect(await ids("== A ==\n{{echo|1=not a ==heading==}}\n{{echo|x\n==}}\n== B ==")).toEqual(["0", "1", "2"]);
  });
});

describe("a template's end marker after an indent-pre it ends", () => {
  it("takes the template's last newline out of the blank lines after it, as after any other line", async () => {
    // On the page, three newlines after a pre make an empty paragraph; when the first is a
    // template's last character, Parsoid's end marker (after the pre) takes it back.
    expect(await plain(" c\n\n\nd")).toBe("<pre>c</pre>\n<p>\n<br/>\nd</p>");
    const html = await plain("{{echo| c\n}}\n\nd");
    expect(html).not.toContain("<br/>");
    expect(html).toMatch(/<\/pre>[^]*<p>d<\/p>$/);
    // A template that ends before the pre's line does keeps the page's count.
    expect(await plain("{{echo| }}c\n\n\nd")).toContain("<br/>");
  });
});
