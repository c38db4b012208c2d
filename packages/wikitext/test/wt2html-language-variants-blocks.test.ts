// Block content inside language-variant markup: a table's HTML in data-mw-variant reads as
// Parsoid writes it (a wikitext row ends before the newline of its last line: `</tr>\n<tr>`,
// which the page-level normaliser hides but the attribute's text shows), and a variant asked
// for shows the table and list inside the element.
import { describe, expect, it } from "vitest";
import { SiteConfig, wt2html } from "../src/index.js";
import { html2wt } from "../src/html2wt/index.js";
import { makeEnv, siteInfo } from "./helpers/env.js";

const chinese = SiteConfig.fromSiteInfo({
  ...siteInfo,
  general: { ...siteInfo.general, lang: "zh" },
  languagevariants: { zh: { zh: { fallbacks: [] }, "zh-cn": { fallbacks: [] }, "zh-tw": { fallbacks: [] } } },
});

async function convert(wikitext: string, variant?: string): Promise<string> {
  const { html } = await wt2html(wikitext, { ...makeEnv(), site: chinese }, { bodyOnly: true, ...(variant ? { variant } : {}) });
  return html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

/** The element's data-mw-variant (JSON) and what it shows. */
function variantElement(out: string): { data: Record<string, { t: string }>; shown: string } {
  const m = /^<div typeof="mw:LanguageVariant" data-mw-variant="([^"]*)">/.exec(out);
  if (!m) throw new Error(`not a variant div: ${out}`);
  const data = JSON.parse(m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as Record<string, { t: string }>;
  return { data, shown: out.slice(m[0].length) };
}

describe("wt2html: tables and lists inside language-variant markup", () => {
  it("writes a wikitext row's closing newline after the row", async () => {
    const out = await convert("{|\n|p||q\n|-\n|r\n|}");
    expect(out).toBe("<table>\n<tbody><tr><td>p</td><td>q</td></tr>\n<tr>\n<td>r</td></tr>\n</tbody></table>");
    // An HTML row keeps what it holds.
    expect(await convert("<table><tr><td>s</td>\n</tr></table>")).toContain("<td>s</td>\n</tr>");
  });

  it("keeps Parsoid's row layout in the markup's HTML and shows the table for a variant", async () => {
    const wt = "-{zh-cn;|\n{|\n|u\n|-\n|v\n|}\n}-";
    const { data, shown } = variantElement(await convert(wt, "zh-cn"));
    expect(data["filter"]?.t).toBe("\n<table>\n<tbody><tr><td>u</td></tr>\n<tr>\n<td>v</td></tr>\n</tbody></table>\n");
    expect(shown).toBe("\n<table>\n<tbody><tr><td>u</td></tr>\n<tr>\n<td>v</td></tr>\n</tbody></table>\n</div>");
  });

  it("shows a list held by disabled markup", async () => {
    const { data, shown } = variantElement(await convert("-{\n#w\n#x\n}-", "zh-tw"));
    expect(data["disabled"]?.t).toBe("\n<ol><li>w</li>\n<li>x</li></ol>\n");
    expect(shown).toBe("\n<ol><li>w</li>\n<li>x</li></ol>\n</div>");
  });
});

describe("wt2html: language-variant markup in a media caption", () => {
  it("keeps the markup's pipes in the caption (they split no options)", async () => {
    const out = await convert("[[File:Foobar.jpg|thumb|see -{R|left}- here]]");
    expect(out).toContain(`<figcaption>see <span typeof="mw:LanguageVariant" data-mw-variant='{"disabled":{"t":"left"}}'></span> here</figcaption>`);
    // "left" stayed the markup's text, not an alignment option.
    expect(out).toMatch(/^<figure class="mw-default-size"/);
  });
});

describe("html2wt: text that reads as language-variant markup", () => {
  it("is kept from pairing on wikis with variants, left alone elsewhere", async () => {
    const env = { ...makeEnv(), site: chinese };
    expect(await html2wt("<p>x -{y}- z</p>", env)).toBe("x <nowiki>-{y}-</nowiki> z");
    expect(await html2wt("<p>only -{ open</p>", env)).toBe("only -{ open");
    expect(await html2wt("<p>x -{y}- z</p>", makeEnv())).toBe("x -{y}- z");
  });
});
