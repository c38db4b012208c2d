// Lists meeting HTML blocks and items: what an item or paragraph left empty by them looks like.
import { describe, expect, it } from "vitest";
import { wt2html } from "../src/index.js";
import { extEnv } from "./ext/env.js";

async function convert(source: string): Promise<string> {
  const { html } = await wt2html(source, extEnv(), { bodyOnly: true });
  return html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "");
}

describe("empty list items", () => {
  it("an item an HTML <li> closed at once is marked empty, whichever syntax opened it", async () => {
    const html = await convert("*one\n*<li>two\n\n<ol><li><li>three</ol>");
    expect(html.match(/<li class="mw-empty-elt"><\/li>/g)?.length).toBe(2);
    expect(html).toContain("<li>two</li>");
    expect(html).toContain("<li>three</li>");
  });

  it("comments and blanks leave an item empty; text or an element does not", async () => {
    const html = await convert("*<!--c--> <li>a\n*x<li>b\n*<b></b><li>c");
    expect(html).toContain('<li class="mw-empty-elt"><!--c--></li>');
    expect(html).toContain("<li>x</li>");
    expect(html).toContain("<li><b></b></li>");
  });

  it("an item with attributes keeps them without the class", async () => {
    const html = await convert('<ul><li class="k"></li></ul>');
    expect(html).toContain('<li class="k"></li>');
  });
});

describe("paragraphs written as HTML and left empty", () => {
  it("are marked when a list closes them before any content, or an end tag makes one", async () => {
    const html = await convert("<p>\n*a</p>");
    expect(html).toMatch(/^<p class="mw-empty-elt">\n<\/p><ul><li>a<\/li><\/ul><p class="mw-empty-elt"><\/p>$/);
  });

  it("are not marked when they hold text or were closed by their own end tag around blanks", async () => {
    expect(await convert("<p>x</p>")).toBe("<p>x</p>");
    expect(await convert("<p> </p>")).toBe("<p> </p>");
  });
});

describe("source ranges of list items opened on one line", () => {
  /** The wikitext before the transclusion in its data-mw parts (the item's own bullets). */
  async function leadingPart(source: string): Promise<unknown> {
    const { html } = await wt2html(source, extEnv({ "Template:Two": "one\n::two" }), { bodyOnly: true });
    const json = /data-mw='([^']*)'/.exec(html)![1]!.replace(/&apos;/g, "'").replace(/&amp;/g, "&");
    return (JSON.parse(json) as { parts: unknown[] }).parts[0];
  }

  it("a nested item opened with its parent starts at its own bullet", async () => {
    expect(await leadingPart("::{{Two}}")).toBe(":");
  });

  it("the first item a line opens under continued levels starts at the line's bullets", async () => {
    expect(await leadingPart(":a\n::{{Two}}")).toBe("::");
  });
});
