// html2wt of wiki links whose written form the HTML alone does not give: a pipe written {{!}},
// text with %-escapes, subpage links and pages whose titles look like subpage syntax.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
// The preprocessor tests' wiki: {{!}} is a magic word there, and Talk pages have subpages.
import { makeEnv } from "../preprocessor/env.js";
// The engine tests' wiki has an interwiki map.
import { makeEnv as makeLinkEnv } from "../helpers/env.js";

const env = makeEnv({}, "Talk:Foo");

describe("html2wt: wiki link forms", () => {
  it("round-trips a pipe written as {{!}}", async () => {
    const { html } = await wt2html("[[Main Page{{!}}other text]]", env, { bodyOnly: true, inlineDataParser: true });
    expect(html).toContain('"firstPipeSrc":"{{!}}"');
    expect(await html2wt(html, env)).toBe("[[Main Page{{!}}other text]]");
  });

  it("pipes text with %-escapes (as a target they would be decoded)", async () => {
    expect(await html2wt('<p><a rel="mw:WikiLink" href="./7%25_Solution" title="7% Solution">7%25 Solution</a></p>', env)).toBe("[[7% Solution|7%25 Solution]]");
  });

  it("writes a subpage link whose text is its syntax", async () => {
    expect(await html2wt('<p><a rel="mw:WikiLink" href="./Talk:Foo/bar" title="Talk:Foo/bar">/bar</a></p>', env)).toBe("[[/bar]]");
  });

  it("colon-escapes a page whose title looks like subpage syntax", async () => {
    expect(await html2wt('<p><a rel="mw:WikiLink" href="./Talk:/x/" title="Talk:/x/">Talk:/x/</a> <a rel="mw:WikiLink" href=".//x/" title="/x/">/x/</a></p>', env)).toBe("[[Talk:/x/]] [[:/x/]]");
  });

  it("keeps an interwiki title as the URL spells it (the other wiki may not read _ as a space)", async () => {
    const html = '<p><a rel="mw:WikiLink/Interwiki" href="http://en.wikipedia.org/wiki/Ok_as_well%3F" title="wikipedia:Ok as well?" class="extiw">x</a></p>';
    expect(await html2wt(html, makeLinkEnv())).toBe("[[wikipedia:Ok_as_well?|x]]");
  });
});

describe("html2wt: interwiki links to unknown wikis", () => {
  it("are written as external links", async () => {
    const html = '<p><a rel="mw:WikiLink/Interwiki" href="//example.net/wiki/234" title="nowiki:234" class="extiw">see 234</a></p>';
    expect(await html2wt(html, makeLinkEnv())).toBe("[//example.net/wiki/234 see 234]");
  });
});
