// An inline image's caption is kept as HTML in data-mw (parsed like any wikitext); its text is
// the tooltip and the default alt text, and html2wt writes an unchanged caption back as it was.
import { describe, expect, it } from "vitest";
import { wt2html } from "../../src/wt2html.js";
import { html2wt } from "../../src/html2wt/index.js";
import { MemoryData } from "../preprocessor/env.js";
import { testSite } from "../site-fixture.js";
import type { Env } from "../../src/index.js";

// "Link" exists: a caption's links get their classes as the page's do (a missing page's is red).
function makeEnv(): Env {
  return { site: testSite, page: { title: "Test page" }, data: new MemoryData({ Link: "x" }) };
}

function dataMw(out: string): { caption?: string; attribs?: unknown[] } {
  const m = /data-mw=(?:"([^"]*)"|'([^']*)')/.exec(out);
  const raw = m?.[1] ?? m?.[2] ?? "{}";
  return JSON.parse(raw.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as { caption?: string; attribs?: unknown[] };
}

describe("wt2html: inline image captions", () => {
  it("keeps the parsed caption as HTML and shows its text for a missing file", async () => {
    const wt = "[[File:Foobar.jpg|a [[Link|link]] & ''b'' > c]]";
    const { html } = await wt2html(wt, makeEnv(), { bodyOnly: true });
    expect(dataMw(html).caption).toBe('a <a rel="mw:WikiLink" href="./Link" title="Link">link</a> &amp; <i>b</i> > c');
    expect(html).toContain(">a link &amp; b &gt; c</span></a></span>");
  });

  it("keeps an alt text with markup as HTML in data-mw attribs, its text as the alt", async () => {
    const { html } = await wt2html("[[File:Foobar.jpg|alt=a '''b''']]", makeEnv(), { bodyOnly: true });
    expect(dataMw(html).attribs).toEqual([["alt", { html: "alt=a <b>b</b>", txt: "a b" }]]);
    expect(html).toContain("mw:ExpandedAttrs");
  });

  it("keeps a plain caption as it is written, spaces included", async () => {
    const { html } = await wt2html("[[File:Foobar.jpg| one ]]", makeEnv(), { bodyOnly: true });
    expect(dataMw(html).caption).toBe(" one ");
    expect(html).toContain(">one</span></a></span>");
  });

  it("writes an unchanged caption back as it was written", async () => {
    const env = makeEnv();
    for (const wt of ["[[File:Foobar.jpg|a [[link]]foo b]]", "[[File:Foobar.jpg| one ]]", "[[File:Foobar.jpg|alt=a '''b''']]"]) {
      const { html } = await wt2html(wt, env, { bodyOnly: true });
      expect(await html2wt(html, env)).toBe(wt);
    }
  });
});
