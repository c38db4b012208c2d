// html2wt of edited quotes: nested quotes turned inside out to merge with a neighbour, HTML
// quotes kept apart from wikitext ones, formatting in a piped link left inside it.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();
const wt = (html: string): Promise<string> => html2wt(html, env);

describe("html2wt quote tidying", () => {
  it("merges nested quotes with a neighbour of the inner quote's kind", async () => {
    expect(await wt("<p><i>A</i><b><i>B</i></b></p>")).toBe("''A'''B'''''");
    expect(await wt("<p><b>A</b><i><b>B</b><b>C</b></i><b>D</b></p>")).toBe("'''A''BC''D'''");
    expect(await wt("<p><i><b>A</b></i><b><i>B</i></b></p>")).toBe("'''''AB'''''");
  });
  it("never merges an HTML quote with a wikitext one, and separates their markers", async () => {
    expect(await wt(`<p><i>A</i><i data-parsoid='{"stx":"html"}'>B</i></p>`)).toBe("''A''<i>B</i>");
    expect(await wt(`<p><i>A</i><b><i data-parsoid='{"stx":"html"}'>B</i></b></p>`)).toBe("''A''<nowiki/>'''<i>B</i>'''");
  });
  it("leaves the formatting of a piped link's text inside the link", async () => {
    expect(await wt(`<p><a rel="mw:WikiLink" href="./Foo" data-parsoid='{"stx":"piped"}'><i>Foo</i></a></p>`)).toBe("[[Foo|''Foo'']]");
  });
});

describe("html2wt quotes with attributes", () => {
  it("writes formatting with attributes as HTML (quote markup has none)", async () => {
    expect(await wt('<p><b style="display: inline">bold</b></p>')).toBe('<b style="display: inline">bold</b>');
  });
});

describe("html2wt apostrophes next to quote markers", () => {
  it("separates a text apostrophe right after a marker", async () => {
    expect(await wt("<p><i>'foo'</i></p>")).toBe("''<nowiki/>'foo'''");
    expect(await wt("<p><i>foo</i>'s</p>")).toBe("''foo''<nowiki/>'s");
    expect(await wt("<p><b>foo</b>'s</p>")).toBe("'''foo'''<nowiki/>'s");
  });
});

describe("wt2wt: quotes the source left open", () => {
  const roundTrip = async (source: string): Promise<string> => wt((await wt2html(source, env, { bodyOnly: true, inlineDataParser: true })).html);
  it("end at the end of their line again, without closing markers", async () => {
    for (const source of ["'''a\n\nb", "x ''y\nz", "* ''a '''b\n* c", "{|\n|''a||'''b\n|}", "== ''h ==", "'''a ''b'' c"]) {
      expect(await roundTrip(source)).toBe(source);
    }
  });
  it("get their markers when more follows on the line or they are new", async () => {
    const { html } = await wt2html("'''a\n\nb", env, { bodyOnly: true, inlineDataParser: true });
    expect(await wt(html.replace("</b>", "</b> more"))).toBe("'''a''' more\n\nb");
    expect(await wt("<p><b>a</b></p>")).toBe("'''a'''");
  });
});
