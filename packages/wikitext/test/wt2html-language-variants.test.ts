// LanguageConverter markup (`-{…}-`): an element of the MediaWiki DOM spec on sites whose
// language has variants, text elsewhere; and html2wt writing it back as it was written.
import { describe, expect, it } from "vitest";
import { SiteConfig, wt2html } from "../src/index.js";
import { html2wt } from "../src/html2wt/index.js";
import { html } from "./helpers/html.js";
import { makeEnv, siteInfo, withPageSources } from "./helpers/env.js";

/** The test wiki in Chinese: a language with variants. */
function chineseEnv(): ReturnType<typeof makeEnv> {
  const variants = Object.fromEntries(["zh", "zh-hans", "zh-hant", "zh-cn", "zh-tw"].map((v) => [v, { fallbacks: [] }]));
  const site = SiteConfig.fromSiteInfo({ ...siteInfo, general: { ...siteInfo.general, lang: "zh" }, languagevariants: { zh: variants } });
  return { ...makeEnv(), site };
}

const zh = (wikitext: string) => html(wikitext, {}, chineseEnv());

/** The data-mw-variant JSON of each element (an attribute holding both quotes is double-quoted). */
function variantData(out: string): unknown[] {
  return [...out.matchAll(/data-mw-variant=(?:"([^"]*)"|'([^']*)')/g)].map((m) =>
    JSON.parse((m[1] ?? m[2]!).replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&")),
  );
}

describe("wt2html: language-variant markup", () => {
  it("is text on a site whose language has no variants", async () => {
    expect(await html("a -{b}- c")).toBe("<p>a -{b}- c</p>");
  });

  it("protects text from conversion: an empty span with the text in data-mw-variant", async () => {
    expect(await zh("a -{b}- c")).toBe(`<p>a <span typeof="mw:LanguageVariant" data-mw-variant='{"disabled":{"t":"b"}}'></span> c</p>`);
  });

  it("reads two-way and one-way rules, with their members in key order", async () => {
    expect(variantData(await zh("-{zh-cn:A; zh-tw:B}-"))).toEqual([{ twoway: [{ l: "zh-cn", t: "A" }, { l: "zh-tw", t: "B" }] }]);
    expect(variantData(await zh("-{A|X=>zh-cn:Y}-"))).toEqual([{ add: true, oneway: [{ f: "X", l: "zh-cn", t: "Y" }] }]);
    expect(await zh("-{A|X=>zh-cn:Y}-")).toContain(`data-mw-variant='{"add":true,"oneway":[{"f":"X","l":"zh-cn","t":"Y"}]}'`);
  });

  it("makes a meta of a rule that shows nothing, alone in an empty paragraph", async () => {
    expect(await zh("-{H|zh-cn:A;zh-tw:B}-")).toBe(
      `<p class="mw-empty-elt"><meta typeof="mw:LanguageVariant" data-mw-variant='{"add":true,"twoway":[{"l":"zh-cn","t":"A"},{"l":"zh-tw","t":"B"}]}'/></p>`,
    );
    expect(variantData(await zh("-{T|A}-"))).toEqual([{ disabled: { t: "A" }, title: true }]);
  });

  it("filters to variants and names a variant", async () => {
    expect(variantData(await zh("-{zh-hans;zh-hant|X}-"))).toEqual([{ filter: { l: ["zh-hans", "zh-hant"], t: "X" } }]);
    expect(variantData(await zh("-{N|zh-cn}-"))).toEqual([{ name: { t: "zh-cn" } }]);
  });

  it("parses the texts as wikitext where they stand: a rule's text continues its line", async () => {
    const [data] = variantData(await zh("-{zh-tw:* a;\nzh-cn:''b''}-"));
    expect(data).toEqual({ twoway: [{ l: "zh-tw", t: "* a" }, { l: "zh-cn", t: "<i>b</i>" }] });
  });

  it("is a div when a text holds blocks, and nests", async () => {
    const out = await zh("-{\n#a\n}-");
    expect(out).toMatch(/^<div typeof="mw:LanguageVariant"/);
    expect(variantData(out)).toEqual([{ disabled: { t: "\n<ol><li>a</li></ol>\n" } }]);
    const [outer] = variantData(await zh("-{x -{y}- z}-")) as Array<{ disabled: { t: string } }>;
    expect(outer!.disabled.t).toContain(`<span typeof="mw:LanguageVariant" data-mw-variant='{"disabled":{"t":"y"}}'`);
  });

  it("keeps its separators away from list items and table cells", async () => {
    expect(await zh(";-{zh-cn:A;zh-tw:B}-")).toMatch(/^<dl><dt><span typeof="mw:LanguageVariant"[^>]*><\/span><\/dt><\/dl>$/);
    expect(await zh("{|\n| -{R|B}-\n|}")).toContain(`<td><span typeof="mw:LanguageVariant" data-mw-variant='{"disabled":{"t":"B"}}'></span></td>`);
  });

  it("parses texts of deeply nested markup only a few levels down (each level is escaped once more)", async () => {
    const out = await zh("-{".repeat(2000) + "x" + "}-".repeat(2000));
    expect(out.length).toBeLessThan(100_000);
    expect(out).toContain("-{-{");
  });

  it("parses a text's templates with it: their transclusions are inside the text's HTML", async () => {
    const templated = withPageSources(chineseEnv(), { "Template:Echo": "{{{1}}}" });
    const { html: out } = await wt2html("a -{R|x {{echo|y}} z}- b", templated, { bodyOnly: true });
    expect(out).not.toMatch(/<span[^>]*typeof="mw:Transclusion mw:LanguageVariant"/);
    const [data] = variantData(out.replace(/ data-parser='[^']*'/g, "")) as Array<{ disabled: { t: string } }>;
    expect(data!.disabled.t).toMatch(/^x <span about="#mwt\d+" typeof="mw:Transclusion" data-mw='\{"parts":\[\{"template":\{"target":\{"wt":"echo"/);
    expect(await html2wt(out, templated)).toBe("a -{R|x {{echo|y}} z}- b");
  });

  it("counts as written in a heading's id", async () => {
    expect(await zh("== a -{b}- ==")).toMatch(/^<h2 id="a_-\{b\}-">/);
  });

  it("leaves unclosed and stray markup as text", async () => {
    expect(await zh("a }- b -{ c")).toBe("<p>a }- b -{ c</p>");
  });

  it("can run over lines, taking the line it closes on with it", async () => {
    expect(await zh("a -{x\ny}- b\nc")).toBe(`<p>a <span typeof="mw:LanguageVariant" data-mw-variant='{"disabled":{"t":"x\\ny"}}'></span> b\nc</p>`);
  });

  it("records the written flags and spaces for html2wt, which writes the markup back", async () => {
    const env = chineseEnv();
    for (const wikitext of [
      "-{zh-cn:A; zh-tw:B ;}-",
      "-{ H  |all}-",
      "-{A|X=>zh-cn:Y;X=>zh-tw:Z}-",
      "-{R|a:b}-",
      "-{zh-hans;zh-hant|x -{y}-}-",
      "x-{-|zh-cn:A}-y",
      "-{zh-tw:* a;\nzh-cn:b}-",
      "-{<nowiki>}-</nowiki>}-",
    ]) {
      const { html: out } = await wt2html(wikitext, env, { bodyOnly: true });
      expect(await html2wt(out, env)).toBe(wikitext);
    }
  });

  it("writes edited data back as markup, texts holding a separator in <nowiki>", async () => {
    const env = chineseEnv();
    const edited = `<p><span typeof="mw:LanguageVariant" data-mw-variant='{"twoway":[{"l":"zh-cn","t":"a;b"},{"l":"zh-tw","t":"c}-d"}]}'></span></p>`;
    expect(await html2wt(edited, env)).toBe("-{zh-cn:<nowiki>a;b</nowiki>; zh-tw:<nowiki>c}-d</nowiki>}-");
    // Such a text reads back as the nowiki's content.
    const { html: again } = await wt2html("-{zh-cn:<nowiki>a;b</nowiki>; zh-tw:<nowiki>c}-d</nowiki>}-", env, { bodyOnly: true });
    expect(variantData(again)).toEqual([{ twoway: [{ l: "zh-cn", t: "a;b" }, { l: "zh-tw", t: "c}-d" }] }]);
  });
});
