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

  it("do not open paragraphs on their own lines: their metas stay outside the paragraph", async () => {
    const html = await convert("<anno>\nText.\n</anno>");
    expect(html).toMatch(/^<meta typeof="mw:Annotation\/anno" [^>]*\/>\n<p>Text\.<\/p>\n<meta typeof="mw:Annotation\/anno\/End"[^>]*\/>$/);
  });

  it("an end tag closing nothing is text, which paragraph wrapping saw as a meta", async () => {
    const html = await convert("<anno></anno></anno>");
    expect(html).toMatch(/^<meta typeof="mw:Annotation\/anno" [^>]*\/><meta typeof="mw:Annotation\/anno\/End"[^>]*\/>&lt;\/anno&gt;$/);
  });

  it("stay in the paragraph of the text on their line", async () => {
    const html = await convert("<anno>one</anno>\n\n<anno>two\n\nthree</anno>");
    expect(html).toMatch(/^<p><meta typeof="mw:Annotation\/anno" [^>]*\/>one<meta typeof="mw:Annotation\/anno\/End"[^>]*\/><\/p>\n\n/);
    // A range over two paragraphs has its metas outside both.
    expect(html).toMatch(/\n\n<meta typeof="mw:Annotation\/anno" data-mw='\{"rangeId":"mwa1","extendedRange":false[^>]*\/><p>two<\/p>\n\n<p>three<\/p><meta typeof="mw:Annotation\/anno\/End"[^>]*\/>$/);
  });

  it("extend over the markup they cut through, wrapped in an mw:ExtendedAnnRange that round-trips as written", async () => {
    const source = "a ''b <anno>c'' d</anno> e";
    const html = await convert(source);
    expect(html).toMatch(/^<p>a <span typeof="mw:ExtendedAnnRange"><meta typeof="mw:Annotation\/anno" data-mw='\{"rangeId":"mwa0","extendedRange":true,[^>]*\/><i>b c<\/i> d<meta typeof="mw:Annotation\/anno\/End"[^>]*\/><\/span> e<\/p>$/);
    const env = { ...extEnv(), site };
    expect(await html2wt((await wt2html(source, env)).html, env)).toBe(source);
  });

  it("nested in a range of the same type at the top level are dropped", async () => {
    const html = await convert("''<anno>b'' c ''d </anno> e <anno>f</anno>''");
    expect(html.match(/mw:Annotation\/anno"/g)?.length).toBe(1);
    expect(html.match(/mw:Annotation\/anno\/End"/g)?.length).toBe(1);
  });

  it("keep attributes a template wrote as written, without a transclusion of their own", async () => {
    const html = await convert('<anno {{1x|name}}="v" b={{1x|c}}>x</anno>', { "Template:1x": "{{{1}}}" });
    expect(html).toMatch(/^<p><meta typeof="mw:Annotation\/anno" data-mw='\{"attrs":\{"\{\{1x\|name\}\}":"v","b":"\{\{1x\|c\}\}"\},"rangeId":"mwa0","extendedRange":false,"wtOffsets":\[0,33\]\}'\/>x<meta/);
    expect(html).not.toContain("mw:Transclusion");
  });

  it("round-trip through html2wt", async () => {
    const source = "<anno nowrap>some ''text''</anno>\n\n== H ==";
    const env = { ...extEnv(), site };
    expect(await html2wt((await wt2html(source, env)).html, env)).toBe(source);
  });
});
