// html2wt's DOM normalisation of editors' HTML (Parsoid's normaliser rules): markup-free wrappers
// are written as their content, and a new link's trailing space moves after it only where no
// space follows.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

describe("html2wt normalisation", () => {
  it("drops new <font> tags without attributes and keeps those with some", async () => {
    expect(await html2wt('<font>foo</font>\n<font><font>bar</font></font>\n<font class="x">boo</font>', env)).toBe('foo\nbar\n<font class="x">boo</font>');
  });

  it("writes the span Parsoid adds around text a misnested link split as its text", async () => {
    const html = '<p><a rel="mw:WikiLink" href="./One" title="One">one</a><span data-parsoid=\'{"misnested":true}\'> two</span><span> three</span></p>';
    expect(await html2wt(html, env)).toBe("[[one]] two<span> three</span>");
  });

  it("moves a new link's trailing space after it, unless a space follows or nothing does", async () => {
    const link = (text: string) => `<a rel="mw:WikiLink" href="./Boston" title="Boston">${text}</a>`;
    expect(await html2wt(`<p>${link("Boston ")}is</p>`, env)).toBe("[[Boston]] is");
    expect(await html2wt(`<p>${link("Boston ")} is</p>`, env)).toBe("[[Boston]] is");
    expect(await html2wt(`<p>${link("Boston ")}<b>x</b></p>`, env)).toBe("[[Boston]] '''x'''");
    expect(await html2wt(`<p>a ${link("Boston ")}</p>`, env)).toBe("a [[Boston]]");
  });
});
