// Annotation ranges (mw:Annotation metas) where they meet templates and tables: tags a template
// wrote, metas fostered out of a table.
import { describe, expect, it } from "vitest";
import { SiteConfig, wt2html } from "../src/index.js";
import { extSite, extEnv } from "./ext/env.js";

const site = SiteConfig.fromSiteInfo({ ...extSite.info, annotationtags: ["anno", "note"] });
const templates = { "Template:Echo": "{{{1}}}", "Template:Wrap": "<anno>{{{1}}}</anno>" };

async function convert(source: string): Promise<string> {
  const { html } = await wt2html(source, { ...extEnv(templates), site }, { bodyOnly: true });
  return html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "").replace(/ about="[^"]*"/g, "");
}

describe("annotation tags a template wrote", () => {
  it("are metas of the template's output, with the range id on both and no source offsets", async () => {
    const html = await convert("x {{echo|one <anno>two</anno> three}} y");
    expect(html).toContain('<meta typeof="mw:Annotation/anno" data-mw=\'{"rangeId":"mwa0"}\'/><span>two</span><meta typeof="mw:Annotation/anno/End" data-mw=\'{"rangeId":"mwa0"}\'/>');
    expect(html).not.toContain("wtOffsets");
    expect(html).not.toContain("&lt;anno");
  });

  it("merge into the transclusion when the template's output starts with one, its parts first", async () => {
    const html = await convert("{{wrap|text}}");
    expect(html).toMatch(/^<p><meta typeof="mw:Transclusion mw:Annotation\/anno" data-mw='\{"parts":\[\{"template":\{"target":\{"wt":"wrap"[^']*\}\],"rangeId":"mwa0"\}'\/><span>text<\/span><meta typeof="mw:Annotation\/anno\/End" data-mw='\{"rangeId":"mwa0"\}'\/><\/p>$/);
  });

  it("are numbered with the page's own ranges in document order", async () => {
    const html = await convert("<note>a</note> {{wrap|b}} <note>c</note>");
    expect(html.match(/"rangeId":"mwa\d"/g)).toEqual(['"rangeId":"mwa0"', '"rangeId":"mwa1"', '"rangeId":"mwa1"', '"rangeId":"mwa2"']);
  });

  it("stay text when the tag is only partly the template's", async () => {
    const html = await convert("{{echo|<anno}}>x</anno>");
    expect(html).toContain("&lt;anno");
    expect(html).not.toContain("mw:Annotation");
  });

  it("an end tag alone on a page is text", async () => {
    expect(await convert("a</anno>")).toBe("<p>a&lt;/anno&gt;</p>");
  });
});
