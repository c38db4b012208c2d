// HTML start tags written otherwise than html2wt writes them (quotes, case, spacing, bare
// attributes): the parse data keeps the tag as written (tagSrc), and html2wt writes it back while
// the element's attributes are unchanged. End tags likewise (endTagSrc: `</DIV>`, `</div >`).
import { describe, expect, it } from "vitest";
import { html2wt, htmlToDom } from "../../src/html2wt/index.js";
import { serializeChildren } from "../../src/output/serialize.js";
import type { WElement } from "../../src/dom/node.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

async function html(wikitext: string): Promise<string> {
  return (await wt2html(wikitext, env, { bodyOnly: true, inlineDataParser: true })).html;
}

function firstElement(el: WElement, name: string): WElement | null {
  for (const c of el.children) {
    if (c.kind !== "element") continue;
    if (c.name === name) return c;
    const found = firstElement(c, name);
    if (found) return found;
  }
  return null;
}

describe("HTML start tags as written", () => {
  it("round-trip with their quotes, case and spacing", async () => {
    for (const source of ["<div id='rock'>a</div>", "<div id=rock>a</div>", "<font color=#x>a</font>", "<span title=''>a</span>", "a<hr >b", "a<br/>b", "<DIV ID=\"x\">a</div>"]) {
      expect(await html2wt(await html(source), env)).toBe(source);
    }
  });

  it("are recorded only when html2wt would write them otherwise", async () => {
    expect(await html('<div id="rock">a</div>')).not.toContain("tagSrc");
    expect(await html("<div id='rock'>a</div>")).toContain("&quot;tagSrc&quot;:&quot;<div id='rock'>&quot;");
  });

  it("give way to html2wt's spelling once the attributes change", async () => {
    const body = htmlToDom(await html("<div id='rock'>a</div>"));
    firstElement(body, "div")!.setAttribute("id", "roll");
    expect(await html2wt(serializeChildren(body, { inlineDataParser: true }), env)).toBe('<div id="roll">a</div>');
  });
});

describe("HTML end tags as written", () => {
  it("round-trip with their case, spacing and a stray slash", async () => {
    for (const source of ["<span>a</SPAN>", "<DIV>a</DIV>", "<b>a</b >", "<div>a</div/>", "<p>a</P\n>"]) {
      expect(await html2wt(await html(source), env)).toBe(source);
    }
  });

  it("are recorded only when html2wt would write them otherwise", async () => {
    expect(await html("<span>a</span>")).not.toContain("endTagSrc");
    expect(await html("<span>a</SPAN>")).toContain(`"endTagSrc":"</SPAN>"`);
  });
});
