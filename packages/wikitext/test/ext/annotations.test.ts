import { describe, expect, it } from "vitest";
import { SiteConfig, html2wt, wt2html } from "../../src/index.js";
import { extSite, extEnv } from "./env.js";

const site = SiteConfig.fromSiteInfo({ ...extSite.info, annotationtags: ["anno"] });

async function convert(source: string, pages: Record<string, string> = {}): Promise<string> {
  const { html } = await wt2html(source, { ...extEnv(pages), site }, { bodyOnly: true });
  return html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

describe("annotation tags", () => {
  it("mark range starts and ends with metas numbered in document order, with their source offsets", async () => {
    const html = await convert("<anno nowrap>some</anno> and <anno>more</anno>");
    expect(html).toContain('<meta typeof="mw:Annotation/anno" data-mw=\'{"attrs":{"nowrap":""},"rangeId":"mwa0","extendedRange":false,"wtOffsets":[0,13]}\'/>');
    expect(html).toContain('some<meta typeof="mw:Annotation/anno/End" data-mw=\'{"wtOffsets":[17,24]}\'/> and <meta typeof="mw:Annotation/anno" data-mw=\'{"rangeId":"mwa1","extendedRange":false,"wtOffsets":[29,35]}\'/>more');
    expect(html).toContain('<meta typeof="mw:Annotation/anno/End" data-mw=\'{"wtOffsets":[39,46]}\'/>');
  });

  it("do not open paragraphs on their own lines; an end tag closing nothing is text", async () => {
    const html = await convert("<anno>\nText.\n</anno></anno>");
    expect(html).toMatch(/^<meta typeof="mw:Annotation\/anno" [^>]*\/>\n<p>Text\.\n<meta typeof="mw:Annotation\/anno\/End"[^>]*\/>&lt;\/anno&gt;<\/p>$/);
  });

  it("round-trip through html2wt", async () => {
    const source = "<anno nowrap>some ''text''</anno>\n\n== H ==";
    const env = { ...extEnv(), site };
    expect(await html2wt((await wt2html(source, env)).html, env)).toBe(source);
  });
});
