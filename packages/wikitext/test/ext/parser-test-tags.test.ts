// The parser tests' own extension tags that leave localization to the client (i18ntag, i18nattr).
import { describe, expect, it } from "vitest";
import { SiteConfig, wt2html, html2wt } from "../../src/index.js";
import { extEnv, extSite } from "./env.js";

const site = SiteConfig.fromSiteInfo({ ...extSite.info, extensiontags: [...(extSite.info.extensiontags ?? []), "<i18ntag>", "<i18nattr>"] });
const env = { ...extEnv(), site };
const html = async (wikitext: string) => (await wt2html(wikitext, env, { bodyOnly: true })).html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");

describe("parser-test i18n tags", () => {
  it("makes <i18ntag> an empty span with the page-language message for its content", async () => {
    expect(await html("<i18ntag>message.key</i18ntag>")).toBe(
      `<p><span typeof="mw:I18n mw:Extension/i18ntag" data-mw-i18n='{"/":{"lang":"x-page","key":"message.key"}}' data-mw='{"name":"i18ntag","attrs":{},"body":{"extsrc":"message.key"}}'></span></p>`,
    );
  });
  it("keeps <i18nattr>'s text and names the user-language message of its attribute", async () => {
    const out = await html('<i18nattr message="message.key">some text</i18nattr>');
    expect(out).toContain(`typeof="mw:LocalizedAttrs mw:Extension/i18nattr" data-mw-i18n='{"message":{"lang":"x-user","key":"message.key"}}'`);
    expect(out).toMatch(/>some text<\/span><\/p>$/);
    const source = '<i18nattr message="message.key">some text</i18nattr>';
    expect(await html2wt((await wt2html(source, env, { bodyOnly: true })).html, env)).toBe(source);
  });
});
