// Output in a variant that has no script converter (Chinese here): the variant elements show
// their text for it, and the page's own rules (markup with the add flag) convert the text and
// the title/alt attributes that follow them, in document order.
import { describe, expect, it } from "vitest";
import { SiteConfig, wt2html, VariantUnsupportedError } from "../../src/index.js";
import { variantConverter } from "../../src/variants/convert.js";
import { makeEnv, siteInfo } from "../helpers/env.js";

const chinese = SiteConfig.fromSiteInfo({
  ...siteInfo,
  general: { ...siteInfo.general, lang: "zh" },
  languagevariants: {
    zh: { zh: { fallbacks: [] }, "zh-hans": { fallbacks: [] }, "zh-hant": { fallbacks: [] }, "zh-cn": { fallbacks: ["zh-hans"] }, "zh-tw": { fallbacks: ["zh-hant"] } },
  },
});

async function inVariant(wikitext: string, variant: string): Promise<string> {
  const { html } = await wt2html(wikitext, { ...makeEnv(), site: chinese }, { bodyOnly: true, variant });
  return html.replace(/ data-(?:parser|mw-variant)=("[^"]*"|'[^']*')/g, "");
}

describe("variants without a script converter", () => {
  it("are offered only when asked for rules only, and only when the wiki has them", () => {
    expect(variantConverter(chinese, "zh-tw")).toBeNull();
    expect(variantConverter(chinese, "zh-Hant-TW", { rulesOnly: true })?.code).toBe("zh-tw");
    expect(variantConverter(chinese, "sr-ec", { rulesOnly: true })).toBeNull();
  });

  it("show the markup's text for the variant, nested markup included", async () => {
    expect(await inVariant("-{zh-tw;zh-hk|-{zh-cn:Apple;zh-tw:Pear}-}-", "zh-tw")).toBe(
      `<p><span typeof="mw:LanguageVariant"><span typeof="mw:LanguageVariant">Pear</span></span></p>`,
    );
    expect(await inVariant("-{\n*one\n}-", "zh-tw")).toBe(`<div typeof="mw:LanguageVariant">\n<ul><li>one</li></ul>\n</div>`);
    await expect(wt2html("x", { ...makeEnv(), site: chinese }, { variant: "sr-ec" })).rejects.toBeInstanceOf(VariantUnsupportedError);
  });

  it("apply the page's added rules to the text after them, not before", async () => {
    const out = await inVariant("Mango first.\n\n-{H|zh-cn:Mango;zh-tw:Guava}-Mango then, Mangoes.", "zh-tw");
    expect(out).toBe(`<p>Mango first.</p>\n\n<p><meta typeof="mw:LanguageVariant"/>Guava then, Guavaes.</p>`);
  });

  it("apply one-way rules for their variant only, and stop after a removal", async () => {
    const wt = "-{H|Kiwi=>zh-cn:Lime}-Kiwi -{-|Kiwi=>zh-cn:Lime}-Kiwi";
    expect(await inVariant(wt, "zh-cn")).toBe(`<p><meta typeof="mw:LanguageVariant"/>Lime <meta typeof="mw:LanguageVariant"/>Kiwi</p>`);
    expect(await inVariant(wt, "zh-tw")).toBe(`<p><meta typeof="mw:LanguageVariant"/>Kiwi <meta typeof="mw:LanguageVariant"/>Kiwi</p>`);
  });

  it("convert title and alt attributes with the text, not the wiki's own language", async () => {
    const wt = `-{H|zh-cn:Plum;zh-tw:Peach}-<span title="Plum">x</span>`;
    expect(await inVariant(wt, "zh-tw")).toBe(`<p><meta typeof="mw:LanguageVariant"/><span title="Peach">x</span></p>`);
    expect(await inVariant(wt, "zh")).toBe(`<p><meta typeof="mw:LanguageVariant"/><span title="Plum">x</span></p>`);
  });
});
