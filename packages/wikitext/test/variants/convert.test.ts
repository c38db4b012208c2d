// Output in a language variant: Serbian text in Cyrillic or Latin, variant markup showing the
// target's text, and the text that must stay as written.
import { describe, expect, it } from "vitest";
import { SiteConfig, wt2html, VariantUnsupportedError } from "../../src/index.js";
import { toCyrillic, toLatin } from "../../src/variants/serbian.js";
import { variantConverter, mediaWikiVariantCode } from "../../src/variants/convert.js";
import { makeEnv, siteInfo } from "../helpers/env.js";

const serbian = SiteConfig.fromSiteInfo({
  ...siteInfo,
  general: { ...siteInfo.general, lang: "sr", variants: [{ code: "sr", name: "Ћир./lat." }, { code: "sr-ec", name: "Ћирилица" }, { code: "sr-el", name: "Latinica" }] },
  languagevariants: { sr: { sr: { fallbacks: ["sr-ec"] }, "sr-ec": { fallbacks: ["sr"] }, "sr-el": { fallbacks: ["sr"] } } },
});

async function inVariant(wikitext: string, variant: string): Promise<string> {
  const { html } = await wt2html(wikitext, { ...makeEnv(), site: serbian }, { bodyOnly: true, variant });
  return html.replace(/ data-(?:parser|mw-variant)=("[^"]*"|'[^']*')/g, "");
}

describe("Serbian scripts", () => {
  it("writes Latin in Cyrillic, digraphs as one letter, Roman numerals kept", () => {
    expect(toCyrillic("Njegoš, ljubav i džep")).toBe("Његош, љубав и џеп");
    expect(toCyrillic("LJUBAV u XIX veku")).toBe("ЉУБАВ у XIX веку");
    expect(toCyrillic("abvg šđžčć")).toBe("абвг шђжчћ");
  });
  it("writes Cyrillic in Latin", () => {
    expect(toLatin("Његош, љубав и Џеп")).toBe("Njegoš, ljubav i Džep");
  });
});

describe("conversion to a variant", () => {
  it("names variants by their MediaWiki or BCP 47 code and offers only what it converts", () => {
    expect(mediaWikiVariantCode("sr-Cyrl")).toBe("sr-ec");
    expect(variantConverter(serbian, "sr-Latn")?.code).toBe("sr-el");
    expect(variantConverter(serbian, "sr")?.convert("abvg")).toBe("abvg");
    expect(variantConverter(serbian, "zh-hans")).toBeNull();
    expect(variantConverter(SiteConfig.fromSiteInfo(siteInfo), "sr-ec")).toBeNull();
  });

  it("converts text but not nowiki, code, or a link's URL text", async () => {
    expect(await inVariant("abvg <nowiki>lj</nowiki> <code>x</code> [http://a.example http://b.example] [http://a.example tekst]", "sr-Cyrl")).toBe(
      '<p>абвг <span typeof="mw:Nowiki">lj</span> <code>x</code> <a rel="mw:ExtLink nofollow" href="http://a.example" class="external text">http://b.example</a> <a rel="mw:ExtLink nofollow" href="http://a.example" class="external text">текст</a></p>',
    );
    expect(await inVariant("абцд", "sr-el")).toBe("<p>abcd</p>");
  });

  it("fills variant elements with what they show in the target variant", async () => {
    expect(await inVariant("-{lj}-", "sr-ec")).toBe('<p><span typeof="mw:LanguageVariant">lj</span></p>');
    expect(await inVariant("-{sr-el:Beograd;sr-ec:Београд}-", "sr-el")).toBe('<p><span typeof="mw:LanguageVariant">Beograd</span></p>');
    expect(await inVariant("-{sr-el:Beograd;sr-ec:Београд}-", "sr-ec")).toBe('<p><span typeof="mw:LanguageVariant">Београд</span></p>');
    expect(await inVariant("-{sr-ec|grad}- -{sr-el|grad}-", "sr-ec")).toBe('<p><span typeof="mw:LanguageVariant">град</span> <span typeof="mw:LanguageVariant">grad</span></p>');
    expect(await inVariant("-{N|sr-el}-", "sr-ec")).toBe('<p><span typeof="mw:LanguageVariant">Latinica</span></p>');
    expect(await inVariant("a-{H|sr-el:a;sr-ec:б}-", "sr-ec")).toBe('<p>а<meta typeof="mw:LanguageVariant"/></p>');
  });

  it("refuses a variant it has no converter for", async () => {
    await expect(wt2html("x", { ...makeEnv(), site: serbian }, { variant: "zh-hans" })).rejects.toBeInstanceOf(VariantUnsupportedError);
  });
});
