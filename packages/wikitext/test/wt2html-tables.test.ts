import { describe, expect, it } from "vitest";
import { html } from "./helpers/html.js";
import { makeEnv } from "./helpers/env.js";
import { wt2html } from "../src/index.js";
import { html2wt } from "../src/html2wt/index.js";

describe("wt2html: wikitext tables", () => {
  it("builds rows, header and data cells, and captions", async () => {
    expect(await html('{| class="t"\n|+ cap\n|-\n! h1 !! h2\n|-\n| a || b\n|}')).toBe(
      '<table class="t">\n<caption>cap</caption>\n<tbody><tr>\n<th>h1</th><th>h2</th></tr>\n<tr>\n<td>a</td><td>b</td></tr>\n</tbody></table>',
    );
  });
  it("reads cell attributes before a single pipe", async () => {
    expect(await html('{|\n| style="color:red" | x\n|}')).toBe('<table>\n<tbody><tr><td style="color:red">x</td></tr>\n</tbody></table>');
  });
  it("fosters content outside cells before the table", async () => {
    // (The newline ending the fostered paragraph's line follows it: MigrateTrailingNLs.)
    expect(await html("{|\nfoo\n|}")).toBe("<p>\nfoo</p>\n<table></table>");
  });
  it("nests tables in cells and in list items", async () => {
    const out = await html("{|\n|\n{|\n|x\n|}\n|}\n:{|\n|y\n|}");
    expect(out.match(/<table>/g)!.length).toBe(3);
    expect(out).toContain("<dl><dd><table>");
  });
  it("puts the newline that ends a cell's line between the cells, outside the cell's range", async () => {
    const result = await wt2html("{|\n|a \n|b\n|}", makeEnv(), { bodyOnly: true });
    expect(result.html).toMatch(/<td data-parser='\{[^']*"dsr":\[3,6,1,0\]\}'>a<\/td>\n<td data-parser='\{"dsr":\[7,9,1,0\]\}'>b<\/td><\/tr>\n/);
  });
  it("notes trimmed trailing spaces that the cell's range alone cannot place, so html2wt restores them", async () => {
    const env = makeEnv();
    const { html: out } = await wt2html("{|\n!- \n| b\n|}", env, { bodyOnly: true });
    expect(await html2wt(out, env)).toBe("{|\n!- \n| b\n|}");
  });
  it("keeps a newline written as an entity inside the cell", async () => {
    expect(await html("{|\n|a&#10;\n|}")).toContain('<td>a<span typeof="mw:Entity">\n</span></td></tr>\n');
  });
  it("keeps newlines inside a cell whose content spans lines", async () => {
    expect(await html("{|\n|a\nb\n|c\n|}")).toContain("<td>a\n<p>b</p></td>\n<td>c</td>");
  });
  it("keeps the blanks that indent table syntax, as text html2wt writes back", async () => {
    // (The last cell keeps the line break and the indent before `|}`, as in Parsoid.)
    expect(await html(" {|\n |-\n | a\n |}")).toBe(" <table>\n <tbody><tr>\n <td>a\n </td></tr></tbody></table>");
    const env = makeEnv();
    for (const source of [" {|\n |-\n !h1!!h2\n |foo||bar\n |}", "{|\n|a\n |b\n|}", "x\n {|\n|a\n|}"]) {
      expect(await html2wt((await wt2html(source, env, { bodyOnly: true })).html, env)).toBe(source);
    }
  });
  it("reads '|-' and '|}' after comments (and blanks) at the start of a line as table syntax", async () => {
    // MediaWiki removes the comments before it reads the line.
    expect(await html("{|\n<!--c-->|- class=x\n|a\n<!--d-->|}")).toBe('<table>\n<!--c--><tbody><tr class="x">\n<td>a\n<!--d--></td></tr></tbody></table>');
    const env = makeEnv();
    for (const source of ["{|\n <!--hi-->|-\n |there\n|}", "{|\n<!--a--> |-- class=\"x\"\n|b\n|}", "{|\n|-\n<!--c--> |a||b\n|}"]) {
      expect(await html2wt((await wt2html(source, env, { bodyOnly: true })).html, env)).toBe(source);
    }
  });
  it("keeps comments ending a table or row line as comments, not attributes", async () => {
    // MediaWiki removes comments before it reads the line: "<!--" is no attribute name.
    expect(await html('{| class="t" <!-- a -->\n|- <!-- b --> <!-- c -->\n|x\n|}')).toBe(
      '<table class="t"><!-- a -->\n<tbody><tr><!-- b --> <!-- c -->\n<td>x</td></tr>\n</tbody></table>',
    );
    const env = makeEnv();
    const source = "{|<!-- a -->\n|-<!-- b -->\n|x\n|}";
    expect(await html2wt((await wt2html(source, env, { bodyOnly: true })).html, env)).toBe(source);
  });
  it("reads a heading cell after comments at the start of a line", async () => {
    expect(await html("{|\n| a\n<!--x-->!b\n|}")).toContain("<td>a\n<!--x--></td><th>b</th>");
  });
  it("keeps line breaks written as character references in attribute values, and normalises written ones", async () => {
    expect(await html('{|\n|title="a&#10;b" | c\n|}')).toContain('<td title="a\nb">c</td>');
    expect(await html('<span title="a&#10;b" class="x\ny">c</span>')).toBe('<p><span title="a\nb" class="x y">c</span></p>');
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
