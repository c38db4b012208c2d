// html2wt gaps closed in session 10: a list's last line closed by an HTML end tag; comment-only
// lines inside an indent-pre.
import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

async function wt2wt(wikitext: string): Promise<string> {
  const { html } = await wt2html(wikitext, env, { bodyOnly: true });
  return html2wt(html, env);
}

describe("html2wt: a list followed by an HTML tag", () => {
  it("lets the tag close the list's last line, as written", async () => {
    // (The stray </p> is an empty paragraph of its own after the list.)
    expect(await wt2wt("<p>\n#one</p>x")).toBe("<p>\n#one</p>x");
    expect(await wt2wt("<p>\n*a</p><p>\n*b</p>")).toBe("<p>\n*a</p><p>\n*b</p>");
  });
  it("keeps the line break the DOM has between them", async () => {
    expect(await wt2wt("*one\n<div>two</div>")).toBe("*one\n<div>two</div>");
  });
  it("still starts a new line before wikitext blocks", async () => {
    expect(await html2wt("<ul><li>one</li></ul><p>two</p>", env)).toBe("* one\n\ntwo");
  });
});

describe("html2wt: comment-only lines of an indent-pre", () => {
  it("writes such a line without the pre's space", async () => {
    expect(await wt2wt(" one\n <!-- note -->\n two")).toBe(" one\n <!-- note -->\n two");
    expect(await wt2wt(" one\n \n\t<!-- a --> <!-- b -->\n two")).toBe(" one\n \n\t<!-- a --> <!-- b -->\n two");
  });
  it("still indents blank lines and lines with content after a comment", async () => {
    expect(await html2wt("<pre>one\n\n<!-- c -->x\ntwo</pre>", env)).toBe(" one\n \n<!-- c --> x\n two");
  });
});
