// LanguageConverter markup in Parsoid's HTML (typeof="mw:LanguageVariant" with data-mw-variant):
// written back as -{…}- markup, with the flags as written (data-parsoid fl).
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

function variant(data: object, flags?: string[]): string {
  const dp = flags ? ` data-parsoid='${JSON.stringify({ fl: flags })}'` : "";
  return `<span typeof="mw:LanguageVariant" data-mw-variant='${JSON.stringify(data).replace(/'/g, "&apos;")}'${dp}></span>`;
}

describe("html2wt: language variants", () => {
  it("writes disabled conversion, filters and two-way rules", async () => {
    expect(await html2wt(`<p>${variant({ disabled: { t: "raw" } }, ["R"])}</p>`, env)).toBe("-{R|raw}-");
    expect(await html2wt(`<p>${variant({ disabled: { t: "raw" } })}</p>`, env)).toBe("-{raw}-");
    expect(await html2wt(`<p>${variant({ filter: { l: ["zh-hans"], t: "WEBLOG" } }, ["zh-hans"])}</p>`, env)).toBe("-{zh-hans|WEBLOG}-");
    // Without the written spaces (tSp), rules after the first get one before them, as in Parsoid.
    expect(await html2wt(`<p>${variant({ twoway: [{ l: "zh-cn", t: "a" }, { l: "zh-tw", t: "<b>b</b>" }] })}</p>`, env)).toBe("-{zh-cn:a; zh-tw:'''b'''}-");
  });

  it("keeps the markup's pipes in a media caption", async () => {
    const figure = `<figure typeof="mw:File/Thumb"><a href="./File:Foobar.jpg"><img resource="./File:Foobar.jpg" src="http://example.com/images/3/3a/Foobar.jpg" height="20" width="180"/></a><figcaption>${variant({ disabled: { t: "caption:" } }, ["R"])}</figcaption></figure>`;
    const wikitext = await html2wt(figure, env);
    expect(wikitext).toMatch(/^\[\[File:Foobar\.jpg\|thumb\|(?:.*\|)?-\{R\|caption:\}-\]\]$/);
    expect(wikitext).not.toContain("nowiki");
  });
});
