// html2wt of external links whose URL markup wrote (data-mw attribs) and of bare URLs that start
// a new paragraph (no guard against the previous paragraph's last letter).
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { SiteConfig } from "../../src/index.js";
import { makeEnv, siteInfo } from "../helpers/env.js";

const env = makeEnv();

function dataMw(value: unknown): string {
  return JSON.stringify(value).replace(/&/g, "&amp;").replace(/'/g, "&#39;");
}

describe("html2wt: external link URLs from markup", () => {
  it("writes a URL with include markers as written, bare or bracketed", async () => {
    const href = 'http://example.com/<meta typeof="mw:Includes/NoInclude" data-parsoid=\'{"src":"<noinclude>"}\'/>x<meta typeof="mw:Includes/NoInclude/End" data-parsoid=\'{"src":"</noinclude>"}\'/>';
    const mw = dataMw({ attribs: [[{ txt: "href" }, { html: href }]] });
    const link = (cls: string, text: string) => `<a typeof="mw:ExpandedAttrs" rel="mw:ExtLink" href="http://example.com/x" class="external ${cls}" data-mw='${mw}'>${text}</a>`;
    expect(await html2wt(`<p>${link("free", "http://example.com/x")} a</p>`, env)).toBe("http://example.com/<noinclude>x</noinclude> a");
    expect(await html2wt(`<p>${link("text", "a")}</p>`, env)).toBe("[http://example.com/<noinclude>x</noinclude> a]");
  });
});

describe("html2wt: bracketed link text right after the URL", () => {
  it("writes no space before text the source wrote as a tag, a template or an include marker", async () => {
    const link = (dsrOpen: number, text: string) => `<p><a rel="mw:ExtLink" href="http://x.org/" class="external text" data-parsoid='{"dsr":[0,40,${dsrOpen},1]}'>${text}</a></p>`;
    // "[" + the 13-character URL: nothing between URL and text.
    expect(await html2wt(link(14, `<b data-parsoid='{"stx":"html"}'>y</b>`), env)).toBe("[http://x.org/<b>y</b>]");
    const template = `<b about="#mwt1" typeof="mw:Transclusion" data-mw='{"parts":[{"template":{"target":{"wt":"1x","href":"./Template:1x"},"params":{"1":{"wt":"<b>y</b>"}},"i":0}}]}'>y</b>`;
    expect(await html2wt(link(14, template), env)).toBe("[http://x.org/{{1x|<b>y</b>}}]");
    // A space in the source stays; new text after a URL gets one.
    expect(await html2wt(link(15, template), env)).toBe("[http://x.org/ {{1x|<b>y</b>}}]");
    expect(await html2wt(`<p><a rel="mw:ExtLink" href="http://x.org/">y</a></p>`, env)).toBe("[http://x.org/ y]");
  });
});

describe("html2wt: bare URLs", () => {
  it("guard against a letter on their line only", async () => {
    const url = '<a rel="mw:ExtLink" href="http://example.com/" data-parsoid=\'{"stx":"url"}\'>http://example.com/</a>';
    expect(await html2wt(`<p>x${url}</p>`, env)).toBe("x<nowiki/>http://example.com/");
    expect(await html2wt(`<p>x</p>\n\n<p>${url}</p>`, env)).toBe("x\n\nhttp://example.com/");
  });
});

describe("html2wt: magic links", () => {
  it("write spaces that entity spans hold as their references", async () => {
    const html = `<p><a href="https://datatracker.ietf.org/doc/html/rfc822" rel="mw:ExtLink" class="external mw-magiclink" data-parsoid='{"stx":"magiclink"}'>RFC <span typeof="mw:Entity" data-parsoid='{"src":"&amp;nbsp;","srcContent":" "}'>\u00a0</span>822</a></p>`;
    expect(await html2wt(html, env)).toBe("RFC &nbsp;822");
  });

  it("leave magic-link-like text alone where the wiki turned them off", async () => {
    const off = { ...env, site: SiteConfig.fromSiteInfo({ ...siteInfo, general: { ...siteInfo.general, magiclinks: { ISBN: false, PMID: false, RFC: false } } }) };
    expect(await html2wt("<p>RFC 4321 and PMID 1234</p>", off)).toBe("RFC 4321 and PMID 1234");
    expect(await html2wt("<p>RFC 4321</p>", env)).toBe("<nowiki>RFC 4321</nowiki>");
  });
});

describe("html2wt: '[' before a bare URL", () => {
  it("needs no escape when a control character keeps the brackets from making a link", async () => {
    const url = '<a rel="mw:ExtLink" href="http://example.com" data-parsoid=\'{"stx":"url"}\'>http://example.com</a>';
    expect(await html2wt(`<p>[${url}\u0008 x]</p>`, env)).toBe("[http://example.com\u0008 x]");
    expect(await html2wt(`<p>[${url} x]</p>`, env)).toBe("<nowiki>[</nowiki>http://example.com x]");
  });
});
