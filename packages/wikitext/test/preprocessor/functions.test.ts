import { describe, expect, it } from "vitest";
import { preprocess } from "../../src/preprocessor/index.js";
import { makeEnv } from "./env.js";
import { expandText } from "./helpers.js";

const pages = { "Template:1x": "{{{1}}}", "Existing page": "x", "File:Exists.png": "file page" };
const run = (text: string, title = "Test page") => expandText(text, pages, {}, title);

describe("conditional functions", () => {
  it("#if tests for non-whitespace", async () => {
    expect(await run("{{#if: x | yes | no }}")).toBe("yes");
    expect(await run("{{#if:   | yes | no }}")).toBe("no");
    expect(await run("{{#if: {{{1|}}} | yes | no }}")).toBe("no");
    expect(await run("{{#if: x | yes }}")).toBe("yes");
    expect(await run("{{#if: | yes }}")).toBe("");
    expect(await run("{{#if: x | a=b }}")).toBe("a=b");
  });

  it("#ifeq compares numbers as numbers and text as text", async () => {
    expect(await run("{{#ifeq: 01 | 1 | same | different }}")).toBe("same");
    expect(await run("{{#ifeq: 1e3 | 1000 | same | different }}")).toBe("same");
    expect(await run("{{#ifeq: a | A | same | different }}")).toBe("different");
    expect(await run("{{#ifeq: foo | foo | same }}")).toBe("same");
  });

  it("#iferror recognises error markup", async () => {
    expect(await run("{{#iferror: {{#expr: 1/0}} | bad | good }}")).toBe("bad");
    expect(await run("{{#iferror: {{#expr: 1+1}} | bad | good }}")).toBe("good");
    expect(await run("{{#iferror: {{#expr: 1+1}} | bad }}")).toBe("2");
    expect(await run("{{#iferror: {{#expr: 1/0}} }}")).toBe("");
    expect(await run('{{#iferror: <span class="x error">e</span> | bad }}')).toBe("bad");
  });

  it("#ifexpr evaluates the condition", async () => {
    expect(await run("{{#ifexpr: 1 > 0 | yes | no }}")).toBe("yes");
    expect(await run("{{#ifexpr: 0 | yes | no }}")).toBe("no");
    expect(await run("{{#ifexpr: | yes | no }}")).toBe("no");
    expect(await run("{{#ifexpr: 1 + | yes | no }}")).toBe('<strong class="error">Expression error: Missing operand for +.</strong>');
  });

  it("#ifexist asks the data access", async () => {
    expect(await run("{{#ifexist: Existing page | yes | no }}")).toBe("yes");
    expect(await run("{{#ifexist: Missing page | yes | no }}")).toBe("no");
    expect(await run("{{#ifexist: Media:Exists.png | yes | no }}")).toBe("yes");
    expect(await run("{{#ifexist: [[bad]] | yes | no }}")).toBe("no");
  });

  it("#switch matches cases, falls through and has defaults", async () => {
    expect(await run("{{#switch: b | a = A | b = B | #default = D }}")).toBe("B");
    expect(await run("{{#switch: b | a | b | c = ABC | d = D }}")).toBe("ABC");
    expect(await run("{{#switch: z | a = A | #default = D | b = B }}")).toBe("D");
    expect(await run("{{#switch: z | a = A | last }}")).toBe("last");
    expect(await run("{{#switch: z | a = A }}")).toBe("");
    expect(await run("{{#switch: 1.0 | 1 = one }}")).toBe("one");
    expect(await run("{{#switch: &amp; | & = amp }}")).toBe("amp");
    expect(await run("{{#switch: a | a | #default | b = AB }}")).toBe("AB");
    expect(await run("{{#switch: q | #default | b = X }}")).toBe("X");
  });
});

describe("string and URL functions", () => {
  it("changes case", async () => {
    expect(await run("{{lc:ÀBC}} {{uc:àbc}} {{lcfirst:ABC}} {{ucfirst:abc}} {{LCFirst:AOEU}} {{ucFIRST:aoeu}}")).toBe("àbc ÀBC aBC Abc aOEU Aoeu");
    // Extension tags are opaque to case mapping.
    expect(await run("{{uc:a<nowiki>b</nowiki>c}} {{formatnum:1234<nowiki>5678</nowiki>}}")).toBe("A<nowiki>b</nowiki>C 1,234<nowiki>5678</nowiki>");
  });

  it("pads", async () => {
    expect(await run("{{padleft:xyz|5}} {{padright:xyz|5}}")).toBe("00xyz xyz00");
    expect(await run("{{padleft:xyz|6|ab}} {{padright:xyz|6|ab}}")).toBe("abaxyz xyzaba");
    expect(await run("{{padleft:|3|abcde}} {{padleft:-Hello|7|Æ}}")).toBe("abc Æ-Hello");
    expect(await run("{{padleft:abcdef|junk}} {{padleft:x|9999|y}}".replace("9999", "3"))).toBe("abcdef yyx");
  });

  it("encodes URLs and anchors", async () => {
    expect(await run("{{urlencode:hi world?!}}")).toBe("hi+world%3F%21");
    expect(await run("{{urlencode:hi world?!|WIKI}}")).toBe("hi_world%3F!");
    expect(await run("{{urlencode:hi world?!|PATH}}")).toBe("hi%20world%3F%21");
    expect(await run("{{urlencode:x<nowiki/>y}}")).toBe("xy");
    expect(await run("{{anchorencode:foo bar©#%n}}")).toBe("foo_bar©#%n");
    expect(await run("{{anchorencode:[[a|b]] c}}")).toBe("b_c");
  });

  it("builds page URLs", async () => {
    expect(await run("{{localurl:Some page}}")).toBe("/wiki/Some_page");
    expect(await run("{{localurl:Some page|amp=&}}")).toBe("/w/index.php?title=Some_page&amp=&");
    expect(await run("{{fullurl:User talk:cscott|action=edit&section=new}}")).toBe("//test.example/w/index.php?title=User_talk:Cscott&action=edit&section=new");
    expect(await run("{{fullurl:wikipedia:Foo}}")).toBe("http://en.wikipedia.org/wiki/Foo");
  });

  it("formats numbers and plurals", async () => {
    expect(await run("{{formatnum:1234567.891}} {{formatnum:-1000}} {{formatnum:1,234,567|R}} {{formatnum:123456|NOSEP}}")).toBe("1,234,567.891 -1,000 1234567 123456");
    const german = await preprocess("{{formatnum:1234567.891}} {{formatnum:123456.78|NOSEP}}", makeEnv(pages, "Test page", { pagelanguage: "de" }));
    expect(german.text).toBe("1.234.567,891 123456.78");
    expect(await run("{{plural:1|item|items}} {{plural:2|item|items}} {{plural:1,000|item|items}} {{plural:0|item|items}}")).toBe("item items items items");
    expect(await run("{{plural:3|one|other|3=three}}")).toBe("three");
    expect(await run("{{plural:1.0|item|items}} {{plural:1|only}}")).toBe("items only");
    const russian = await preprocess("{{plural:1|статья|статьи|статей}} {{plural:3|статья|статьи|статей}} {{plural:5|статья|статьи|статей}} {{plural:21|статья|статьи|статей}}", makeEnv(pages, "Test page", { pagelanguage: "ru" }));
    expect(russian.text).toBe("статья статьи статей статья");
  });

  it("names namespaces", async () => {
    expect(await run("{{ns:1}}|{{ns:01}}|{{ns:0}}|{{ns:-1}}|{{ns:User_talk}}|{{ns:uSeR tAlK}}|{{ns:Image}}|{{nse:User talk}}")).toBe("Talk|Talk||Special|User talk|User talk|File|User_talk");
  });

  it("builds tags with #tag", async () => {
    expect(await run("{{#tag:span|-{{#tag:span|-{{1x|x}}}}}}")).toBe("<span>-<span>-x</span></span>");
    expect(await run('{{#tag:ref|Note|name="n1"|group = g }}')).toBe('<ref name="n1" group="g">Note</ref>');
    expect(await run("{{#tag:references}}")).toBe("<references/>");
  });

  it("answers #language with language names and int: like a missing message", async () => {
    expect(await run("{{#language:fr}}")).toBe("français");
    expect(await run("{{#language:fr|en}}")).toBe("French");
    expect(await run("{{int:edit}}")).toBe("⧼edit⧽");
  });

  it("resolves titles with #titleparts and #rel2abs", async () => {
    expect(await run("{{#titleparts: Talk:Foo/bar/baz/quok }}")).toBe("Talk:Foo/bar/baz/quok");
    expect(await run("{{#titleparts: Talk:Foo/bar/baz/quok | 1 }}")).toBe("Talk:Foo");
    expect(await run("{{#titleparts: Talk:Foo/bar/baz/quok | 2 }}")).toBe("Talk:Foo/bar");
    expect(await run("{{#titleparts: Talk:Foo/bar/baz/quok | 2 | 2 }}")).toBe("bar/baz");
    expect(await run("{{#titleparts: Talk:Foo/bar/baz/quok | -1 }}")).toBe("Talk:Foo/bar/baz");
    expect(await run("{{#titleparts: Talk:Foo/bar/baz/quok | | -2 }}")).toBe("baz/quok");
    expect(await run("{{#titleparts: talk:foo/bar | 1 }}")).toBe("Talk:Foo");
    expect(await run("{{#rel2abs: ../quok | Help:Foo/bar/baz }}")).toBe("Help:Foo/bar/quok");
    expect(await run("{{#rel2abs: ./quok | Help:Foo/bar/baz }}")).toBe("Help:Foo/bar/baz/quok");
    expect(await run("{{#rel2abs: /quok | Help:Foo/bar/baz }}")).toBe("Help:Foo/bar/baz/quok");
    expect(await run("{{#rel2abs: quok | Help:Foo/bar/baz }}")).toBe("quok");
    expect(await run("{{#rel2abs: ./sub }}", "Main/page")).toBe("Main/page/sub");
    expect(await run("{{#rel2abs: ../../.. | A/B }}")).toBe('<strong class="error">Error: Invalid depth in path: "A/B/../../.." (tried to access a node above the root node).</strong>');
  });

  it("records DISPLAYTITLE and DEFAULTSORT as page properties", async () => {
    const result = await preprocess("{{DISPLAYTITLE:''Foo''}}{{DEFAULTSORT:Bar}}{{DEFAULTSORT:Baz|noreplace}}", makeEnv(pages));
    expect(result.text).toBe("");
    expect(result.pageProperties).toEqual({ displaytitle: "''Foo''", defaultsort: "Bar" });
  });

  it("names special pages and language codes", async () => {
    expect(await run("{{#special:Recentchanges}}|{{#special:RandomPage}}|{{#special:foobar nonexistent}}|{{#speciale:Recentchanges/a b}}")).toBe(
      "Special:RecentChanges|Special:Random|Special:Foobar nonexistent|Special:RecentChanges/a_b",
    );
    expect(await run("{{#bcp47:sr-ec}} {{#bcp47:zh-yue}} {{#bcp47: de-formal}} {{#bcp47:en-gb}} {{#bcp47:zh-hant-tw}} {{#bcp47}}")).toBe("sr-Cyrl yue de-x-formal en-GB zh-Hant-TW en");
    expect(await run("{{#dir:fa}} {{#dir:en}} {{#dir: he}} {{#dir:blah<blah}}")).toBe("rtl ltr rtl ltr");
  });

  it("formats dates with #formatdate", async () => {
    expect(await run("{{#formatdate:2009-03-24}}")).toBe('<span class="mw-formatted-date" title="2009-03-24">2009-03-24</span>');
    expect(await run("{{#formatdate:2009-03-24|mdy}}|{{#dateformat:2009-03-24|dmy}}|{{#formatdate:june 3|dmy}}")).toBe(
      '<span class="mw-formatted-date" title="2009-03-24">March 24, 2009</span>|<span class="mw-formatted-date" title="2009-03-24">24 March 2009</span>|<span class="mw-formatted-date" title="06-03">3 June</span>',
    );
    expect(await run("{{#formatdate:0000-12-31|mdy}}")).toBe('<span class="mw-formatted-date" title="0000-12-31">December 31, 1 BC</span>');
    expect(await run("{{#formatdate:not a date|dmy}}")).toBe("not a date");
  });

  it("measures pages", async () => {
    expect(await run("{{PAGESIZE:Existing page}}|{{PAGESIZE:Missing}}")).toBe("1|0");
    expect(await expandText("{{PAGESIZE:Big|R}} {{PAGESIZE:Big}}", { Big: "é".repeat(600) })).toBe("1200 1,200");
  });

  it("reports unimplemented hash functions as Parsoid does", async () => {
    expect(await run("{{#foo:bar|bat}}")).toBe("Parser function implementation for pf_foo missing in Parsoid.");
  });
});

describe("host functions", () => {
  it("takes extra functions registered by the host", async () => {
    const { defaultRegistry } = await import("../../src/preprocessor/index.js");
    const functions = defaultRegistry().with([{ name: "f3_uc", hash: true, call: (ctx) => `[${ctx.first}]` }]);
    const env = makeEnv(pages);
    const info = { ...env.site.info, magicwords: [...env.site.info.magicwords, { name: "f3_uc", aliases: ["f3_uc"], "case-sensitive": true }] };
    const site = (await import("../../src/index.js")).SiteConfig.fromSiteInfo(info);
    const result = await preprocess("{{#f3_uc:x}} {{#if:1|still}}", { ...env, site }, { functions });
    expect(result.text).toBe("[x] still");
  });
});

describe("magic variables", () => {
  it("names the page", async () => {
    const title = "User talk:Ævar Arnfjörð/sub page/leaf";
    expect(await run("{{PAGENAME}}|{{FULLPAGENAME}}|{{BASEPAGENAME}}|{{ROOTPAGENAME}}|{{SUBPAGENAME}}", title)).toBe(
      "Ævar Arnfjörð/sub page/leaf|User talk:Ævar Arnfjörð/sub page/leaf|Ævar Arnfjörð/sub page|Ævar Arnfjörð|leaf",
    );
    expect(await run("{{PAGENAMEE}}|{{NAMESPACE}}|{{NAMESPACEE}}|{{NAMESPACENUMBER}}|{{TALKSPACE}}|{{SUBJECTSPACE}}", title)).toBe(
      "%C3%86var_Arnfj%C3%B6r%C3%B0/sub_page/leaf|User talk|User_talk|3|User talk|User",
    );
    expect(await run("{{TALKPAGENAME}}|{{SUBJECTPAGENAME}}", "Foo")).toBe("Talk:Foo|Foo");
    expect(await run("{{PAGENAME:Talk:Foo/bar}}|{{BASEPAGENAME:Talk:Foo/bar}}|{{NAMESPACE:Talk:Foo}}")).toBe("Foo/bar|Foo|Talk");
    expect(await run("{{PAGENAME}}", "A'b=c")).toBe("A&#39;b&#61;c");
  });

  it("matches case-sensitive names exactly and others in any case", async () => {
    expect(await run("{{pagename}}")).toBe("[[:Template:Pagename]]");
    expect(await run("{{sErVeRNaMe}}|{{SERver}}")).toBe("test.example|//test.example");
    expect(await run("{{PAGENAME|x}}")).toBe("[[:Template:PAGENAME]]");
  });

  it("tells the site and the time of the conversion", async () => {
    expect(await run("{{SITENAME}}|{{SERVER}}|{{SCRIPTPATH}}|{{CONTENTLANGUAGE}}|{{PAGELANGUAGE}}|{{!}}|{{=}}")).toBe("Testwiki|//test.example|/w|en|en|||=");
    // The test page pretends to be converted at 2024-03-05T14:07:09Z (a Tuesday, ISO week 10).
    expect(await run("{{CURRENTYEAR}}-{{CURRENTMONTH}}-{{CURRENTDAY2}} {{CURRENTTIME}} {{CURRENTDAYNAME}} w{{CURRENTWEEK}} {{CURRENTTIMESTAMP}}")).toBe(
      "2024-03-05 14:07 Tuesday w10 20240305140709",
    );
    expect(await run("{{CURRENTMONTHNAME}} {{CURRENTMONTH1}} {{CURRENTDAY}} {{CURRENTDOW}} {{CURRENTHOUR}}")).toBe("March 3 5 2 14");
    // The wiki is one hour ahead of UTC.
    expect(await run("{{LOCALTIME}} {{LOCALHOUR}}")).toBe("15:07 15");
  });

  it("tells the revision of the page", async () => {
    const result = await preprocess("{{REVISIONID}} {{REVISIONTIMESTAMP}} {{REVISIONID:Existing page}}", makeEnv(pages, "Test page", { revid: 1337 }));
    expect(result.text).toBe("1337 20240305140709 101");
  });
});

describe("parser-test functions", () => {
  it("implements the pure test functions as their tests show", async () => {
    expect(await run("{{#f1_wt:foo|bar}} {{#F1_wt:x}} {{#f1_wt_hash}}|{{#f2_if: |yes|NO}} {{#f2_if:x|yes|NO}}")).toBe("foo bar x |NO yes");
    const result = await preprocess("{{#f1_wt:foo|bar}}", makeEnv(pages));
    expect(result.expansions[0]!.typeof).toBe("mw:Transclusion mw:ParserFunction/f1_wt");
    expect(result.expansions[0]!.dataMwJson).toBe('{"parts":[{"parserfunction":{"target":{"wt":"#f1_wt","key":"f1_wt"},"params":{"1":{"wt":"foo"},"2":{"wt":"bar"}},"i":0}}]}');
  });
});
