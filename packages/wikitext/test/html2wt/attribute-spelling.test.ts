// Attribute values written with character references: the parse data keeps the spelling
// (sa/a) and html2wt writes unchanged values back as written; values written anew have text that
// reads as a reference escaped.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

async function roundTrip(wikitext: string): Promise<string> {
  const { html } = await wt2html(wikitext, env, { bodyOnly: true, inlineDataParser: true });
  return html2wt(html, env);
}

describe("attribute values with character references", () => {
  it("round-trip as written", async () => {
    for (const source of ['<span title="&amp;">a</span>', '<span title="x &lt;y&gt; &#65;">a</span>', '<div class="1&2&amp;3">a</div>']) {
      expect(await roundTrip(source)).toBe(source);
    }
  });

  it("record the spelling only when a reference was decoded", async () => {
    const { html } = await wt2html('<span title="a&b" lang="&#101;n">x</span>', env, { bodyOnly: true, inlineDataParser: true });
    expect(html).toContain('"sa":{"lang":"&amp;#101;n"}');
    expect(html).toContain('"a":{"lang":"en"}');
  });

  it("write an edited value anew", async () => {
    const html = `<span title="changed" data-parsoid='{"stx":"html","sa":{"title":"&amp;amp;"},"a":{"title":"&amp;"}}'>a</span>`;
    expect(await html2wt(html, env)).toBe('<span title="changed">a</span>');
  });

  it("escape text that reads as a reference in values without parse data", async () => {
    expect(await html2wt('<span title="&amp;amp; &amp;bogus; a&amp;b x>y">a</span>', env)).toBe('<span title="&amp;amp; &bogus; a&b x&gt;y">a</span>');
  });
});
