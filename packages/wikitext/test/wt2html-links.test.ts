import { describe, expect, it } from "vitest";
import { html } from "./helpers/html.js";
import { wt2html } from "../src/wt2html.js";
import { html2wt } from "../src/html2wt/index.js";
import { makeEnv, siteInfo } from "./helpers/env.js";
import { SiteConfig } from "../src/index.js";

describe("wt2html: wiki links", () => {
  it("links existing pages with ./ hrefs and titles", async () => {
    expect(await html("[[Main Page]]")).toBe('<p><a rel="mw:WikiLink" href="./Main_Page" title="Main Page">Main Page</a></p>');
  });
  it("keeps the link text of piped links and absorbs link trails", async () => {
    expect(await html("[[main Page|the page]]s!")).toBe('<p><a rel="mw:WikiLink" href="./Main_Page" title="Main Page">the pages</a>!</p>');
  });
  it("marks missing pages as red links", async () => {
    expect(await html("[[Nope#x]]")).toBe(
      `<p><a rel="mw:WikiLink" href="./Nope?action=edit&amp;redlink=1#x" title="Nope" class="new" typeof="mw:LocalizedAttrs" data-mw-i18n='{"title":{"lang":"x-page","key":"red-link-title","params":["Nope"]}}'>Nope#x</a></p>`,
    );
  });
  it("gives each link to a missing title its own href, fragments included", async () => {
    const out = await html("[[Nope#a]] [[Nope]] [[nope#b]] [[Nope]]");
    const hrefs = [...out.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      "./Nope?action=edit&amp;redlink=1#a",
      "./Nope?action=edit&amp;redlink=1",
      "./Nope?action=edit&amp;redlink=1#b",
      "./Nope?action=edit&amp;redlink=1",
    ]);
    expect(out.match(/class="new"/g)).toHaveLength(4);
  });
  it("marks redirects and asks for existence once per document", async () => {
    const env = makeEnv({ "Main Page": { exists: true }, Old: { exists: true, redirect: true } });
    const out = await html("[[Old]] [[Main Page]] [[Old]] [[Gone]]", {}, env);
    expect(out).toContain('class="mw-redirect"');
    expect(env.queries).toEqual([["Old", "Main Page", "Gone"]]);
  });
  it("marks self links and fragment links", async () => {
    expect(await html("[[Test page]] [[#Top]]")).toBe(
      '<p><a rel="mw:WikiLink" href="./Test_page" class="mw-selflink selflink">Test page</a> <a rel="mw:WikiLink" href="./Test_page#Top" class="mw-selflink-fragment">#Top</a></p>',
    );
  });
  it("renders categories and language links as page properties", async () => {
    expect(await html("[[Category:Foo|Sort key]][[fr:Bonjour]]")).toBe(
      '<link rel="mw:PageProp/Category" href="./Category:Foo#Sort%20key"/><link rel="mw:PageProp/Language" href="http://fr.wikipedia.org/wiki/Bonjour"/>',
    );
  });
  it("links colon-escaped categories and files", async () => {
    expect(await html("[[:Category:Foo]]")).toContain('href="./Category:Foo?action=edit&amp;redlink=1"');
  });
  it("links interwiki titles", async () => {
    expect(await html("[[wikipedia:Foo|bar]]")).toBe(
      '<p><a rel="mw:WikiLink/Interwiki" href="http://en.wikipedia.org/wiki/Foo" title="wikipedia:Foo" class="extiw">bar</a></p>',
    );
  });
  it("leaves invalid targets and unclosed links as text", async () => {
    expect(await html("[[a<b]] [[x")).toBe("<p>[[a&lt;b]] [[x</p>");
  });
  it("survives 100k unclosed [[", async () => {
    const out = await html("[[a".repeat(100_000));
    expect(out.length).toBeGreaterThan(300_000);
  });
});

describe("wt2html: external links", () => {
  it("makes bracketed links with text", async () => {
    expect(await html("[http://example.com link]")).toBe(
      '<p><a rel="mw:ExtLink nofollow" href="http://example.com" class="external text">link</a></p>',
    );
  });
  it("makes autonumbered links", async () => {
    expect(await html("[http://example.com]")).toBe('<p><a rel="mw:ExtLink nofollow" href="http://example.com" class="external autonumber"></a></p>');
  });
  it("makes free links without trailing punctuation", async () => {
    expect(await html("see http://example.com/a.")).toBe(
      '<p>see <a rel="mw:ExtLink nofollow" href="http://example.com/a" class="external free">http://example.com/a</a>.</p>',
    );
  });
  it("does not link unknown schemes or words ending in a colon", async () => {
    expect(await html("foo://x Note: y")).toBe("<p>foo://x Note: y</p>");
  });
});

describe("wt2html: brackets closing links", () => {
  it("lets a lone ']' at the start of a run of ']]'s close the '[' open in the innermost link text", async () => {
    expect(await html("[[Main Page|[meh]]]")).toContain('title="Main Page">[meh]</a>');
    const caption = await html("[[File:Foo.jpg|thumb|[[Main Page|[meh]]]]]");
    expect(caption).toMatch(/<figcaption><a rel="mw:WikiLink" href="\.\/Main_Page" title="Main Page">\[meh\]<\/a><\/figcaption>/);
  });
});

describe("wt2html: the wiki's external link target", () => {
  it("goes on bracketed and free external links, and html2wt needs nothing more to write them", async () => {
    const env = { ...makeEnv(), site: SiteConfig.fromSiteInfo({ ...siteInfo, general: { ...siteInfo.general, externallinktarget: "_blank" } }) };
    const source = "[https://www.example.com] [https://example.org/ x] https://example.net/";
    const out = await html(source, {}, env);
    expect(out.match(/ target="_blank"/g)?.length).toBe(3);
    expect(await html2wt((await wt2html(source, env, { bodyOnly: true })).html, env)).toBe(source);
    expect(await html("[https://www.example.com]")).not.toContain("target=");
  });
});

describe("wt2html: magic links", () => {
  it("links ISBN, RFC and PMID", async () => {
    const out = await html("ISBN 0-306-40615-2 RFC 822 PMID 123");
    expect(out).toContain('<a href="./Special:BookSources/0306406152" rel="mw:WikiLink" class="internal mw-magiclink mw-magiclink-isbn">ISBN 0-306-40615-2</a>');
    expect(out).toContain('href="https://datatracker.ietf.org/doc/html/rfc822"');
    expect(out).toContain('href="//www.ncbi.nlm.nih.gov/pubmed/123?dopt=Abstract"');
  });
  it("shows the references written for spaces as entity spans, and writes them back", async () => {
    const source = "RFC &nbsp;&#160; 822 and ISBN&#xA0;0-306-40615-2";
    const out = await html(source);
    expect(out).toContain('class="external mw-magiclink mw-magiclink-rfc">RFC <span typeof="mw:Entity">\u00a0</span><span typeof="mw:Entity">\u00a0</span> 822</a>');
    expect(out).toContain('class="internal mw-magiclink mw-magiclink-isbn">ISBN<span typeof="mw:Entity">\u00a0</span>0-306-40615-2</a>');
    const env = makeEnv();
    expect(await html2wt((await wt2html(source, env, { bodyOnly: true })).html, env)).toBe(source);
  });
});
