// Session 10 wt2html fixes in the preprocessor and extension areas (helper C2).
import { describe, expect, it } from "vitest";
import { K_TAG_OPEN } from "@wikiloom/wasm";
import { SiteConfig, wt2html } from "../src/index.js";
import { getTokenizer, loadTokenizer } from "../src/tokenizer/load.js";
import { makeEnv, siteInfo } from "./helpers/env.js";

async function body(wikitext: string, env = makeEnv()): Promise<string> {
  const out = (await wt2html(wikitext, env, { bodyOnly: true })).html;
  return out.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

/** The data-mw JSON of the first element carrying one. */
function firstDataMw(html: string): Record<string, unknown> {
  const m = /data-mw='([^']*)'/.exec(html);
  if (!m) throw new Error(`no data-mw in ${html}`);
  return JSON.parse(m[1]!.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as Record<string, unknown>;
}

describe("template arguments on a page", () => {
  it("number every part after the name: a default value holding '=' is no named parameter", async () => {
    const mw = firstDataMw(await body("{{{arg| k = v |w=z}}}"));
    const part = (mw["parts"] as Array<Record<string, unknown>>)[0]!;
    expect(part["templatearg"]).toEqual({ target: { wt: "arg" }, params: { "1": { wt: " k = v " }, "2": { wt: "w=z" } }, i: 0 });
  });
  it("leave named parameters to templates", async () => {
    const mw = firstDataMw(await body("{{Nope| k = v }}"));
    const part = (mw["parts"] as Array<Record<string, unknown>>)[0]!;
    expect((part["template"] as Record<string, unknown>)["params"]).toEqual({ k: { wt: "v" } });
  });
});

describe("a <style> extension tag", () => {
  const env = () => ({ ...makeEnv(), site: SiteConfig.fromSiteInfo({ ...siteInfo, extensiontags: [...(siteInfo.extensiontags ?? []), "<style>"] }) });
  const style = (css: string) =>
    `<style typeof="mw:Extension/style" data-mw='{"name":"style","attrs":{},"body":{"extsrc":"${css}"}}'>${css}</style>`;
  it("keeps its CSS as raw text", async () => {
    expect(await body("<style>a > b {}</style>", env())).toContain(">a > b {}</style>");
  });
  it("gets no paragraph on a line of its own, or with other style elements", async () => {
    expect(await body("x\n\n<style>q{}</style>\n\ny", env())).toBe(`<p>x</p>\n\n${style("q{}")}\n\n<p>y</p>`);
    expect(await body("<style>q{}</style> <style>r{}</style>", env())).toBe(`${style("q{}")} ${style("r{}")}`);
  });
  it("stays in the paragraph of a line with content", async () => {
    expect(await body("<style>q{}</style> z", env())).toBe(`<p>${style("q{}")} z</p>`);
    expect(await body("z\n<style>q{}</style>", env())).toBe(`<p>z\n${style("q{}")}</p>`);
  });
  it("is text where the site has no such extension", async () => {
    expect(await body("<style>q{}</style>")).toBe("<p>&lt;style&gt;q{}&lt;/style&gt;</p>");
  });
});

describe("'<' before a name that is no tag the wiki knows", () => {
  it("is text, and what follows is wikitext: a blank line still ends the paragraph", async () => {
    expect(await body("p<qq\n\nr>s")).toBe("<p>p&lt;qq</p>\n\n<p>r&gt;s</p>");
  });
  it("leaves the links and line syntax after it alone", async () => {
    expect(await body("<zz [[Main Page]]>")).toBe('<p>&lt;zz <a rel="mw:WikiLink" href="./Main_Page" title="Main Page">Main Page</a>&gt;</p>');
    expect(await body("<zz\n*item>")).toBe("<p>&lt;zz</p>\n<ul><li>item&gt;</li></ul>");
  });
  it("lets a URL in angle brackets be a free link", async () => {
    expect(await body("see <http://example.com/q>.")).toContain('&lt;<a rel="mw:ExtLink nofollow" href="http://example.com/q" class="external free">http://example.com/q</a>&gt;.');
  });
  it("while an HTML tag, even one shown as text, still spans its lines", async () => {
    expect(await body("<b\nclass=\"k\">t</b>")).toBe('<p><b class="k">t</b></p>');
    expect(await body("<video\n\nsrc=x>")).toBe("<p>&lt;video\n\nsrc=x&gt;</p>");
  });
});

describe("the tokenizer's known tag names", () => {
  function tagOpenings(text: string): number {
    const stream = getTokenizer().tokenize(text);
    let n = 0;
    for (let i = 0; i < stream.count; i++) if (stream.words[i * 4] === K_TAG_OPEN) n++;
    return n;
  }
  it("let any name open a tag while none are set, and only those (any case) and raw tags once set", async () => {
    await loadTokenizer();
    const tokenizer = getTokenizer();
    tokenizer.setRawTags(["nowiki"]);
    try {
      tokenizer.setKnownTags([]);
      expect(tagOpenings("<zz> <B>")).toBe(2);
      tokenizer.setKnownTags(["b"]);
      expect(tagOpenings("<zz> <B> <nowiki>x</nowiki>")).toBe(2);
    } finally {
      // The engine sets both lists again before its next conversion.
      tokenizer.setKnownTags([]);
    }
  });
});
