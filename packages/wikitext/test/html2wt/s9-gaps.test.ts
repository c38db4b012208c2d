// html2wt gaps closed in session 9: category sort keys the href cannot spell back; the indent
// of a table line after a caption or cell; a new heading after an annotation's start marker; a
// line's first cell written "||" (an empty attribute list), and reused markup after a bare "|";
// spaces among comments at the start of a paragraph's line.
import { describe, expect, it } from "vitest";
import { html2wt, htmlToDom, htmlToNodes } from "../../src/html2wt/index.js";
import { applyChanges, type Change } from "../../src/html2wt/testing/apply-changes.js";
import { serializeChildren } from "../../src/output/serialize.js";
import { SiteConfig, type Env } from "../../src/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv, siteInfo } from "../helpers/env.js";
import { extEnv } from "../ext/env.js";

const env = makeEnv();

async function wt2wt(wikitext: string): Promise<string> {
  const { html } = await wt2html(wikitext, env, { bodyOnly: true });
  return html2wt(html, env);
}

describe("html2wt: category sort keys as written", () => {
  it("keeps a newline or an entity of the sort key, which the href drops or decodes", async () => {
    expect(await wt2wt("[[Category:Kings|Louis\nXIV]]")).toBe("[[Category:Kings|Louis\nXIV]]");
    expect(await wt2wt("x\n[[Category:Kings|R&amp;D]]\ny")).toBe("x\n[[Category:Kings|R&amp;D]]\ny");
  });
  it("writes the href's key once an edit changed it", async () => {
    const { html } = await wt2html("[[Category:Kings|Louis\nXIV]]", env, { bodyOnly: true });
    expect(await html2wt(html.replace("#LouisXIV", "#Henri"), env)).toBe("[[Category:Kings|Henri]]");
  });
});

describe("wt2wt: a table line indented after a caption or cell", () => {
  it("ends the caption or cell at its line's end, leaving the indent between them", async () => {
    const { html } = await wt2html("{|\n|+Title\n  !Head\n|}", env, { bodyOnly: true });
    expect(html).toMatch(/<caption data-parser='\{"dsr":\[3,10,2,0\]\}'>Title<\/caption>\n  <tbody/);
    const cells = await wt2html("{|\n|one\n\t|two\n|}", env, { bodyOnly: true });
    // (A cell keeps a line break the next line's indent follows: Parsoid's MigrateTrailingNLs
    // moves only newlines that end a cell's text, and its trim only blanks right after content.)
    expect(cells.html).toContain(`<td data-parser='{"dsr":[3,9,1,0]}'>one\n\t</td><td`);
  });
  it("writes the indent back, not trailing spaces in the caption", async () => {
    expect(await wt2wt("{|\n |+Title\n !  |Head\n|}")).toBe("{|\n |+Title\n !  |Head\n|}");
    expect(await wt2wt("{|\n|+Title\n !Head\n|one\n  |two\n|}")).toBe("{|\n|+Title\n !Head\n|one\n  |two\n|}");
  });
});

/** selser: the wikitext's DOM with Parsoid-test style edits, serialized against the wikitext. */
async function edit(wikitext: string, changes: Change[], on: Env = env): Promise<string> {
  const { html } = await wt2html(wikitext, on, { bodyOnly: true });
  const body = htmlToDom(html);
  applyChanges(body, changes, htmlToNodes);
  return html2wt(serializeChildren(body, { inlineDataParser: true }), on, { original: { wikitext, html } });
}

describe("selser: a new heading next to annotation markers", () => {
  const annotated = { ...makeEnv(), site: SiteConfig.fromSiteInfo({ ...siteInfo, annotationtags: ["mark"] }) };
  it("starts on the line after a start marker, and a blank line after an end marker", async () => {
    const source = "intro\n\n<mark>\nbody\n</mark>\n\nend";
    expect(await edit(source, [["meta", "after", "<h3>New</h3>"]], annotated)).toBe("intro\n\n<mark>\n=== New ===\nbody\n</mark>\n\n=== New ===\n\nend");
  });
  it("is still set apart from a paragraph before it", async () => {
    expect(await edit("intro\n\nbody", [["p", "after", "<h3>New</h3>"]], annotated)).toContain("intro\n\n=== New ===");
  });
});

describe("a line's first cell written '||'", () => {
  const withVariants = {
    ...makeEnv(),
    site: SiteConfig.fromSiteInfo({ ...siteInfo, general: { ...siteInfo.general, lang: "zh" }, languagevariants: { zh: { zh: { fallbacks: [] }, "zh-cn": { fallbacks: [] } } } }),
  };
  it("is one cell with an empty attribute list, not row syntax", async () => {
    const { html } = await wt2html("{|\n|one\n||two\n|}", env, { bodyOnly: true });
    expect(html).toContain(`<td data-parser='{"attrSepSrc":"|","dsr":[8,13,2,0]}'>two</td>`);
    expect(await wt2wt("{|\n|one\n||two\n|}")).toBe("{|\n|one\n||two\n|}");
    expect(await wt2wt("{|\n|one||two\n!three!!four\n|}")).toBe("{|\n|one||two\n!three!!four\n|}");
  });
  it("keeps its markers in selser, and reused markup starting with '-' after a bare '|' is guarded", async () => {
    const source = "{|\n|<b>x</b>-{Y}-\n||<b>x</b>-{Y}-\n|}";
    expect(await edit(source, [["td > b", "remove"]], withVariants)).toBe("{|\n|<nowiki/>-{Y}-\n||-{Y}-\n|}");
  });
});

describe("html2wt: spaces among comments at the start of a line", () => {
  it("drops them (they would make preformatted text), guarding line syntax once where they were", async () => {
    expect(await html2wt("<p> <!--x-->#item</p>", env)).toBe("<nowiki/><!--x-->#item");
    expect(await html2wt("<p><!--x--> <!--y--> <!--z--> ;term</p>", env)).toBe("<!--x--><nowiki/><!--y--><!--z-->;term");
    expect(await html2wt("<p><!--x--> <!--y--> plain</p>", env)).toBe("<!--x--><!--y-->plain");
  });
  it("leaves spaces after a block's end on its line alone", async () => {
    expect(await html2wt("<p>a</p> <!--x-->\t<!--y-->", env)).toBe("a <!--x-->\t<!--y-->");
  });
});

describe("formatting tree building reopened around list items and paragraphs", () => {
  it("writes the items of a list inside a tagless formatting element as wikitext items", async () => {
    const html = `<dl data-parsoid='{}'><dt data-parsoid='{}'>a</dt><b data-parsoid='{"stx":"html","autoInsertedStart":true,"autoInsertedEnd":true}'>\n<dt data-parsoid='{}'>b</dt><dd data-parsoid='{"stx":"row"}'>c</dd></b></dl>`;
    expect(await html2wt(html, env)).toBe(";a\n;b:c");
  });
  it("marks the copy of an unclosed HTML <b> as HTML syntax, so that no tags are written for it", async () => {
    const { html } = await wt2html("<b>one\n\ntwo", env, { bodyOnly: true });
    expect(html).toContain(`<b data-parser='{"stx":"html","autoInsertedStart":true`);
    expect(await wt2wt("<b>one\n\ntwo")).toBe("<b>one\n\ntwo");
    expect(await wt2wt(";<b>x:y\n;z")).toBe(";<b>x:y\n;z");
  });
  it("still writes the quotes of a reopened wikitext bold (its text stays bold)", async () => {
    expect(await wt2wt("'''a<div>b</div>c'''")).toMatch(/'''c'''$/);
  });
});

describe("html2wt: media options data-mw keeps as markup", () => {
  const localized = {
    ...makeEnv(),
    site: SiteConfig.fromSiteInfo({ ...siteInfo, magicwords: [...siteInfo.magicwords, { name: "img_alt", aliases: ["alternativ=$1", "alt=$1"], "case-sensitive": true }] }),
  };
  const image = (mw: string) => `<p><span class="mw-default-size" typeof="mw:File mw:ExpandedAttrs"${mw}><a href="./File:Foo.jpg" class="mw-file-description"><img alt="x" resource="./File:Foo.jpg" src="http://example.com/Foo.jpg" height="10" width="10" class="mw-file-element"/></a></span></p>`;
  it("keeps the option's key as the markup wrote it; new options take the wiki's word", async () => {
    expect(await html2wt(image(` data-mw='{"attribs":[["alt",{"html":"alt=&lt;b>x&lt;/b>","txt":"x"}]]}'`), localized)).toBe("[[File:Foo.jpg|alt='''x''']]");
    expect(await html2wt(image(""), localized)).toBe("[[File:Foo.jpg|alternativ=x]]");
  });
});

describe("selser: a transclusion whose first node was fostered out of its table", () => {
  it("is written back from its source when an edit lands next to it", async () => {
    const withTemplates = extEnv({ "Template:Echo": "{{{1}}}" });
    const source = "<div id=\"gone\">x</div>\n{|\n{{echo|<div>lost</div>\n{{!}}cell}}\n|next\n|}";
    const edited = await edit(source, [["div#gone", "remove"], ["div", "before", "<div>new</div>"]], withTemplates);
    expect(edited).toBe("\n<div>new</div>\n{|\n{{echo|<div>lost</div>\n{{!}}cell}}\n|next\n|}");
  });
});

describe("an HTML list item whose end tag was implied", () => {
  it("ends before the newline of its line, which follows it (Parsoid's MigrateTrailingNLs)", async () => {
    const { html } = await wt2html("<ol>\n<li>one\n<li>two\n</ol>", env, { bodyOnly: true });
    expect(html).toContain(`<li data-parser='{"stx":"html","autoInsertedEnd":true,"dsr":[5,12,4,0]}'>one</li>\n<li`);
    expect(html).toContain(">two</li>\n</ol>");
    expect(await wt2wt("<ol>\n<li>one\n<li>two\n</ol>")).toBe("<ol>\n<li>one\n<li>two\n</ol>");
  });
  it("keeps the line breaks between items templates wrote", async () => {
    const withTemplates = extEnv({ "Template:Echo": "{{{1}}}" });
    const { html } = await wt2html("{{echo|<li>}}x\n{{echo|<li>}}y", withTemplates, { bodyOnly: true });
    expect(await html2wt(html, withTemplates)).toBe("{{echo|<li>}}x\n{{echo|<li>}}y");
  });
});
