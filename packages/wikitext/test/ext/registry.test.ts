import { describe, expect, it } from "vitest";
import { SiteConfig, html2wt, wt2html } from "../../src/index.js";
import { siteInfo } from "../preprocessor/env.js";
import { extensionHandlerFor, enabledExtensionTags } from "../../src/ext/registry.js";
import { extEnv } from "./env.js";
import { extHtml } from "./html.js";

describe("extension registry", () => {
  it("acts only for tags the site lists", async () => {
    const without = SiteConfig.fromSiteInfo({ ...siteInfo, extensiontags: ["<pre>", "<nowiki>"] });
    expect(extensionHandlerFor(without, "indicator")).toBeNull();
    expect(enabledExtensionTags(without)).toEqual([]);
    const html = (await wt2html('<indicator name="x">hi</indicator>', { ...extEnv(), site: without }, { bodyOnly: true })).html;
    expect(html).toContain("&lt;indicator");
    expect(enabledExtensionTags(extEnv().site)).toContain("indicator");
  });

  it("leaves an unclosed extension tag as text", async () => {
    expect(await extHtml('a <indicator name="x">b')).toBe('<p>a &lt;indicator name="x"&gt;b</p>');
  });

  it("round-trips extension source through html2wt", async () => {
    const source = '<indicator name="x">[[Main Page]] here</indicator>\n<section begin="a" />';
    const env = extEnv();
    const { html } = await wt2html(source, env, { bodyOnly: false });
    expect(await html2wt(html, env)).toBe(source);
  });
});

describe("indicator", () => {
  it("leaves a meta carrying data-mw, outside paragraphs", async () => {
    expect(await extHtml('<indicator name="a&amp;b">[[Main Page]]</indicator>\ntext')).toBe(
      '<meta typeof="mw:Extension/indicator" data-mw=\'{"name":"indicator","attrs":{"name":"a&amp;b"},"body":{"extsrc":"[[Main Page]]"}}\'/>\n<p>text</p>',
    );
  });

  it("reports a blank name as an error in place", async () => {
    const html = await extHtml('<indicator name=" ">x</indicator>');
    expect(html).toContain('typeof="mw:I18n mw:Extension/indicator mw:Error"');
    expect(html).toContain('"errors":[{"key":"invalid-indicator-name"}]');
  });

  it("is encapsulated with the template that produced it", async () => {
    const html = await extHtml("{{Ind}}", { "Template:Ind": '<indicator name="t">x</indicator>' });
    expect(html).toContain('typeof="mw:Extension/indicator mw:Transclusion"');
    expect(html).toContain('"parts":[{"template":{"target":{"wt":"Ind","href":"./Template:Ind"}');
  });
});

describe("labeled section markers", () => {
  it("become link elements", async () => {
    expect(await extHtml('<section begin="intro" />')).toBe(
      '<p class="mw-empty-elt"><link typeof="mw:Extension/section" data-mw=\'{"name":"section","attrs":{"begin":"intro"}}\'/></p>',
    );
  });
});
