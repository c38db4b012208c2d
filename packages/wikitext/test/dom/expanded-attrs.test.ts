// Templated attributes (mw:ExpandedAttrs): a template inside an HTML attribute value or a link
// target marks the element instead of wrapping it, and html2wt writes the template back.
import { describe, expect, it } from "vitest";
import { wt2html } from "../../src/wt2html.js";
import { html2wt } from "../../src/html2wt/index.js";
import { MemoryData } from "../preprocessor/env.js";
import { testSiteInfo } from "../site-fixture.js";
import { SiteConfig, type Env } from "../../src/index.js";

const pages = {
  "Template:1x": "{{{1}}}",
  // (A template's literal pipe would be part of the link's target: Parsoid reads only a {{!}}'s
  // as the link's pipe.)
  "Template:Pipe": "Main Page{{!}}Shown",
  "Template:Quote": '" onmouseover="x',
};

/** The test site with the {{!}} magic word, as wikis define it. */
const site = SiteConfig.fromSiteInfo({ ...testSiteInfo, magicwords: [...testSiteInfo.magicwords, { name: "!", aliases: ["!"], "case-sensitive": true }] });

function makeEnv(): Env {
  return { site, page: { title: "Test page" }, data: new MemoryData(pages) };
}

async function html(wikitext: string): Promise<string> {
  const { html } = await wt2html(wikitext, makeEnv(), { bodyOnly: true });
  return html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

/** The data-mw of the first element carrying one, parsed. */
function dataMw(out: string): { attribs?: Array<[{ txt: string; html?: string }, { html: string }]> } {
  const m = /data-mw=(?:"([^"]*)"|'([^']*)')/.exec(out);
  const raw = m?.[1] ?? m?.[2] ?? "{}";
  return JSON.parse(raw.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as ReturnType<typeof dataMw>;
}

const ONE_X = (wt: string): string =>
  `{"parts":[{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"${wt}"}},"i":0}}]}`;

describe("wt2html: templated attributes", () => {
  it("marks an HTML element whose attribute value a template wrote", async () => {
    const out = await html('<div title="a {{1x|b}}">x</div>');
    expect(out).toContain(`typeof="mw:ExpandedAttrs"`);
    expect(dataMw(out).attribs).toEqual([[{ txt: "title" }, { html: `a <span about="#mwt1" typeof="mw:Transclusion" data-mw='${ONE_X("b")}'>b</span>` }]]);
    expect(out).toContain(`title="a b"`);
    expect(out).not.toContain(`typeof="mw:Transclusion"`);
  });

  it("keeps quotes a template wrote inside a quoted value as part of the value", async () => {
    const out = await html('<div title="{{Quote}}">x</div>');
    expect(out).toMatch(/^<div title='" onmouseover="x' typeof="mw:ExpandedAttrs" data-mw=/);
  });

  it("leaves an element to the template's group when the template wrote a name", async () => {
    const out = await html('<div {{1x|title}}="a">x</div>');
    expect(out).toContain(`typeof="mw:Transclusion"`);
    expect(out).not.toContain("mw:ExpandedAttrs");
  });

  it("marks a link whose target a template wrote, its text left unwrapped", async () => {
    const out = await html("[[Foo{{1x|bar}}]]");
    expect(out).toMatch(/^<p><a rel="mw:WikiLink" href="\.\/Foobar[^"]*" title="Foobar" typeof="mw:ExpandedAttrs/);
    expect(out).toMatch(/">Foobar<\/a><\/p>$/);
    expect(dataMw(out).attribs?.[0]?.[1].html).toMatch(/^Foo<span [^>]*>bar<\/span>$/);
  });

  it("takes a pipe a template gave in a link target as part of the href", async () => {
    const out = await html("[[{{Pipe}}]]");
    expect(out).toContain("mw:ExpandedAttrs");
    expect(dataMw(out.slice(out.indexOf("<a "))).attribs?.[0]?.[1].html).toMatch(/>Main Page\|Shown<\/span>$/);
    expect(out).toContain(">Shown</a>");
  });

  it("records a category's templated sort key as mw:sortKey", async () => {
    const out = await html("[[Category:Foo|A {{1x|B}}]]");
    expect(dataMw(out).attribs?.[0]).toEqual([{ txt: "mw:sortKey" }, { html: `A <span about="#mwt1" typeof="mw:Transclusion" data-mw='${ONE_X("B")}'>B</span>` }]);
  });

  it("marks a free URL a template completed, rendering the written URL text as text", async () => {
    const out = await html("(http://example.com/{{1x|hi}})");
    expect(out).toContain('typeof="mw:ExpandedAttrs"');
    expect(dataMw(out).attribs?.[0]?.[1].html).toMatch(/^http:\/\/example\.com\/<span [^>]*>hi<\/span>$/);
    expect(out).toContain(">http://example.com/hi</a>)");
  });

  it("leaves a URL a template wrote whole to the template's group", async () => {
    const out = await html("{{1x|http://example.com/a}}");
    expect(out).toContain('typeof="mw:Transclusion"');
    expect(out).not.toContain("mw:ExpandedAttrs");
  });

  it("marks a file whose name a template wrote part of", async () => {
    const file = await html("[[File:{{1x|Foo.jpg}}]]");
    expect(file).toContain("mw:ExpandedAttrs");
    expect(dataMw(file).attribs?.[0]?.[1].html).toMatch(/^File:<span [^>]*>Foo\.jpg<\/span>$/);
  });

  it("takes an extension tag in an attribute value as markup: the value is its text", async () => {
    const out = await html('<span title="x <pre>a b</pre>">y</span>');
    expect(out).toMatch(/^<p><span title="x a b" typeof="mw:ExpandedAttrs" data-mw=/);
    expect(dataMw(out).attribs?.[0]?.[1].html).toMatch(/^x <pre typeof="mw:Extension\/pre"[^>]*>a b<\/pre>$/);
    expect(out).toMatch(/>y<\/span><\/p>$/);
    // Unclosed, it is no markup, and the `<` inside the tag leaves the tag as text.
    expect(await html('<span title="x <pre>a">y</span>')).toContain("&lt;span title=");
    const env = makeEnv();
    const written = '<span title="x <pre>a b</pre>">y</span>';
    const { html: round } = await wt2html(written, env, { bodyOnly: true });
    expect(await html2wt(round, env)).toBe(written);
  });

  it("writes templated attributes back as they were", async () => {
    const env = makeEnv();
    for (const wt of ['<div title="a {{1x|b}}">x</div>', "[[Foo{{1x|bar}}]]", "[[{{Pipe}}]]", "[[Category:Foo{{1x|bar}}|A {{1x|B}}]]", "http://example.com/{{1x|hi}}", "[[File:{{1x|Foo.jpg}}]]"]) {
      const { html: out } = await wt2html(wt, env, { bodyOnly: true });
      expect(await html2wt(out, env)).toBe(wt);
    }
  });
});
