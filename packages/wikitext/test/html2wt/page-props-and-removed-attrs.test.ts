// html2wt of page properties without parse data (unknown behaviour switches, several redirects),
// attributes the sanitizer dropped (written back as the source had them), and player times.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

describe("html2wt: page properties", () => {
  it("writes behaviour switches the wiki knows and nothing for others", async () => {
    expect(await html2wt('<meta property="mw:PageProp/notoc"/><meta property="mw:PageProp/unknownthing"/>', env)).toBe("__NOTOC__");
  });

  it("puts new categories on lines of their own, without the direction marks around them", async () => {
    const cat = (name: string) => `<link rel="mw:PageProp/Category" href="./Category:${name}"/>`;
    expect(await html2wt(`<p>\u200f${cat("A")}\u200f\n\u200f${cat("B")}\u200f</p>`, env)).toBe("[[Category:A]]\n[[Category:B]]");
    expect(await html2wt(`<p>${cat("A")}${cat("B")}</p>`, env)).toBe("[[Category:A]]\n[[Category:B]]");
    // Marks before text stay: they change how the text is shown.
    expect(await html2wt(`<p>\u200f${cat("A")}\u200fy</p>`, env)).toBe("[[Category:A]]\n\u200fy");
  });

  it("writes an <includeonly> from the source its start marker keeps (data-mw src), once", async () => {
    const html = '<p>Foo</p><meta typeof="mw:Includes/IncludeOnly" data-mw=\'{"src":"&lt;includeonly>bar&lt;/includeonly>"}\'/><meta typeof="mw:Includes/IncludeOnly/End"/>';
    expect(await html2wt(html, env)).toBe("Foo<includeonly>bar</includeonly>");
  });

  it("writes one redirect", async () => {
    expect((await html2wt('<link rel="mw:PageProp/redirect" href="./Foo"/>\n<link rel="mw:PageProp/redirect" href="./Bar"/>', env)).trim()).toBe("#REDIRECT [[Foo]]");
  });
});

describe("attributes the sanitizer dropped", () => {
  it("are recorded and come back as written", async () => {
    const { html } = await wt2html('<span onclick="x()" title="t">a</span> <br id />', env, { bodyOnly: true, inlineDataParser: true });
    expect(html).toContain('"a":{"onclick":null}');
    expect(await html2wt(html, env)).toBe('<span title="t" onclick="x()">a</span> <br id />');
  });

  it("are not written twice when renamed (data-x-)", async () => {
    const { html } = await wt2html('<span typeof="x">a</span>', env, { bodyOnly: true, inlineDataParser: true });
    expect(await html2wt(html, env)).toBe('<span typeof="x">a</span>');
  });
});

describe("html2wt: player times", () => {
  it("writes start= and end= from data-mw", async () => {
    const html = `<p><span class="mw-default-size" typeof="mw:File" data-mw='{"attribs":[["starttime",{"txt":"0:1.2"}],["endtime",{"txt":"3"}]]}'><span><video resource="./File:Video.ogv" height="240" width="320" class="mw-file-element"></video></span></span></p>`;
    expect(await html2wt(html, env)).toBe("[[File:Video.ogv|start=0:1.2|end=3]]");
  });
});
