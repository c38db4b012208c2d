// html2wt gaps closed late: new bold and italics holding only blanks; bullets of a list nested
// in an HTML <li> that continues a wikitext list (the "li-hack").
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

async function wt2wt(wikitext: string): Promise<string> {
  const { html } = await wt2html(wikitext, env, { bodyOnly: true });
  return html2wt(html, env);
}

describe("html2wt: blank quotes an editor left", () => {
  it("drops new bold or italics that hold only spaces and tabs, with their blanks", async () => {
    expect(await html2wt("<p>a<b>\t </b>z</p>", env)).toBe("az");
    expect(await html2wt("<p><i>x</i><i> </i></p>", env)).toBe("''x''");
    expect(await html2wt("<p><b><i>y</i></b><i>  </i> tail</p>", env)).toBe("'''''y''''' tail");
  });
  it("keeps quotes whose blanks sit next to a comment or an element, and other blank formatting", async () => {
    expect(await html2wt("<p>a<i> <!--c--> </i>z</p>", env)).toBe("a'' <!--c--> ''z");
    expect(await html2wt("<p>a<s> </s>z</p>", env)).toBe("a<s> </s>z");
  });
  it("leaves parsed quotes as the source wrote them", async () => {
    expect(await html2wt(`<p>a<i data-parsoid='{"dsr":[1,6,2,2]}'> </i>z</p>`, env)).toContain("'' ''");
  });
});

describe("html2wt: lists inside an HTML <li> of a wikitext list", () => {
  it("writes a nested list with the bullets of the wikitext list around the HTML item", async () => {
    expect(await wt2wt("#one\n#<li>two\n##three\n#four")).toBe("#one\n#<li>two\n##three\n#four");
    expect(await wt2wt("*<li>x\n*:y")).toBe("*<li>x\n*:y");
  });
  it("adds no bullets for an HTML list", async () => {
    expect(await html2wt("<ul><li>a<ul><li>b</li></ul></li></ul>", env)).toBe("* a\n** b");
    expect(await html2wt(`<ul data-parsoid='{"stx":"html"}'><li data-parsoid='{"stx":"html"}'>a<ul><li>b</li></ul></li></ul>`, env)).toBe("<ul><li>a\n* b\n</li></ul>");
  });
});

describe("html2wt: a transclusion whose first node was fostered out of its table", () => {
  it("lays the transclusion out as the table its source starts with", async () => {
    const parts = JSON.stringify({ parts: ["{|\n", { template: { target: { wt: "Rows", href: "./Template:Rows" }, params: {}, i: 0 } }, "\n|}"] });
    const html =
      `<p>new</p><div about="#mwt1" typeof="mw:Transclusion" data-mw='${parts}' data-parsoid='{"stx":"html","fostered":true,"dsr":[0,17,0,0],"pi":[[]]}'>stray</div>` +
      `<table about="#mwt1" data-parsoid='{"dsr":[0,17,2,2]}'><tbody><tr><td>a</td></tr></tbody></table>`;
    expect(await html2wt(html, env)).toBe("new\n{|\n{{Rows}}\n|}");
  });
});

describe("html2wt: categories with no place in a source", () => {
  it("puts a category whose parse data has no range on a line of its own next to text", async () => {
    expect(await html2wt(`<p>Lead <link rel="mw:PageProp/Category" href="./Category:Birds" data-parsoid="{}"/>tail</p>`, env)).toBe("Lead \n[[Category:Birds]]\ntail");
  });
  it("leaves a parsed category where its source had it", async () => {
    const { html } = await wt2html("Lead [[Category:Birds]] tail", env, { bodyOnly: true });
    expect(await html2wt(html, env)).toBe("Lead [[Category:Birds]] tail");
  });
});
