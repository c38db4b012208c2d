import { describe, expect, it } from "vitest";
import { html } from "./helpers/html.js";

describe("wt2html: wikitext tables", () => {
  it("builds rows, header and data cells, and captions", async () => {
    expect(await html('{| class="t"\n|+ cap\n|-\n! h1 !! h2\n|-\n| a || b\n|}')).toBe(
      '<table class="t">\n<caption>cap</caption><tbody><tr>\n<th>h1</th><th>h2\n</th></tr><tr>\n<td>a</td><td>b\n</td></tr></tbody></table>',
    );
  });
  it("reads cell attributes before a single pipe", async () => {
    expect(await html('{|\n| style="color:red" | x\n|}')).toBe('<table>\n<tbody><tr><td style="color:red">x\n</td></tr></tbody></table>');
  });
  it("fosters content outside cells before the table", async () => {
    expect(await html("{|\nfoo\n|}")).toBe("<p>\nfoo\n</p><table></table>");
  });
  it("nests tables in cells and in list items", async () => {
    const out = await html("{|\n|\n{|\n|x\n|}\n|}\n:{|\n|y\n|}");
    expect(out.match(/<table>/g)!.length).toBe(3);
    expect(out).toContain("<dl><dd><table>");
  });
  it("treats table syntax outside a table as text", async () => {
    expect(await html("|}\n|-")).toBe("<p>|}\n|-</p>");
  });
});

describe("wt2html: HTML tables", () => {
  it("accepts HTML table tags", async () => {
    expect(await html("<table><tr><td>a</td></tr></table>")).toBe("<table><tbody><tr><td>a</td></tr></tbody></table>");
  });
});
