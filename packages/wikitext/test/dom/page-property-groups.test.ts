// A template whose output is nothing but page properties (categories) is encapsulated in an
// empty-looking span (Parsoid's mw-empty-elt wrapper); mixed output keeps its own nodes.
import { describe, expect, it } from "vitest";
import { wt2html } from "../../src/wt2html.js";
import { html2wt } from "../../src/html2wt/index.js";
import { MemoryData } from "../preprocessor/env.js";
import { testSite } from "../site-fixture.js";
import type { Env } from "../../src/index.js";

function makeEnv(): Env {
  return { site: testSite, page: { title: "Test page" }, data: new MemoryData({ "Template:1x": "{{{1}}}" }) };
}

async function html(wikitext: string): Promise<string> {
  const { html } = await wt2html(wikitext, makeEnv(), { bodyOnly: true });
  return html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

describe("wt2html: templates writing page properties", () => {
  it("wraps categories a template wrote in one span carrying the transclusion", async () => {
    const out = await html("a\n\n{{1x|[[Category:Foo]]\n[[Category:Bar]]}}");
    expect(out).toMatch(/<span class="mw-empty-elt" about="#mwt1" typeof="mw:Transclusion" data-mw='[^']*'><link rel="mw:PageProp\/Category" href="\.\/Category:Foo"\/><link rel="mw:PageProp\/Category" href="\.\/Category:Bar"\/><\/span>/);
  });

  it("leaves output with text as it is", async () => {
    const out = await html("{{1x|[[Category:Foo]] text}}");
    expect(out).not.toContain("mw-empty-elt");
  });

  it("writes the template back", async () => {
    const env = makeEnv();
    const wt = "a\n\n{{1x|[[Category:Foo]]\n[[Category:Bar]]}}";
    const { html: out } = await wt2html(wt, env, { bodyOnly: true });
    expect(await html2wt(out, env)).toBe(wt);
  });
});
