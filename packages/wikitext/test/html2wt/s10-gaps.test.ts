// html2wt gaps closed in session 10: a list's last line closed by an HTML end tag; comment-only
// lines inside an indent-pre; a space after a category link at a line's start.
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

describe("html2wt: a space after a category link that opens a line", () => {
  it("is kept: it makes no preformatted text there", async () => {
    expect(await wt2wt("[[Category:Kings]] and queens")).toBe("[[Category:Kings]] and queens");
    expect(await wt2wt("one\n \n[[Category:Kings]] two")).toBe("one\n \n[[Category:Kings]] two");
  });
  it("is still scrubbed after a behaviour switch, as Parsoid writes it", async () => {
    expect(await wt2wt("__NOTOC__ two")).toBe("__NOTOC__two");
  });
});

describe("html2wt: a definition after a term that left an HTML tag open", () => {
  it("goes on a line of its own: a ':' inside the open tag would be the tag's text", async () => {
    const html = "<dl><dt><span data-parser='{\"stx\":\"html\",\"autoInsertedEnd\":true}'>term</span></dt><dd>meaning</dd></dl>";
    expect(await html2wt(html, env)).toBe(";<span>term\n:meaning");
  });
  it("still follows a term on its line otherwise", async () => {
    expect(await html2wt("<dl><dt><span data-parser='{\"stx\":\"html\"}'>term</span></dt><dd>meaning</dd></dl>", env)).toBe(";<span>term</span>:meaning");
  });
});

describe("html2wt: URLs of external links holding characters that end a URL", () => {
  it("writes those as character references, which the parser decodes back", async () => {
    const out = await html2wt(`<p><a rel="mw:ExtLink" href="https://example.org/a#[b]c">label</a></p>`, env);
    expect(out).toBe("[https://example.org/a#&#x5B;b&#x5D;c label]");
    const back = await wt2html(out, env, { bodyOnly: true });
    expect(back.html).toContain(`href="https://example.org/a#%5Bb%5Dc"`);
    expect(await html2wt(`<p><a rel="mw:ExtLink" href="https://example.org/x<y">z</a></p>`, env)).toBe("[https://example.org/x&#x3C;y z]");
  });
  it("writes a bare URL whose text shows characters the href percent-encodes as that text", async () => {
    const out = await html2wt(`<p><a rel="mw:ExtLink" class="external free" href="http://example.org/?a=1%7C2">http://example.org/?a=1|2</a></p>`, env);
    expect(out).toBe("http://example.org/?a=1&vert;2");
    const back = await wt2html(out, env, { bodyOnly: true });
    expect(back.html).toContain(`href="http://example.org/?a=1%7C2"`);
    expect(back.html).toContain(`>http://example.org/?a=1|2</a>`);
  });
  it("keeps an IPv6 host's brackets", async () => {
    expect(await html2wt(`<p><a rel="mw:ExtLink" href="http://[2001:db8::1]/x">y</a></p>`, env)).toBe("[http://[2001:db8::1]/x y]");
  });
});

describe("html2wt: new paragraphs and lists carrying attributes", () => {
  it("are written as HTML tags, which keep the attributes", async () => {
    expect(await html2wt(`<p lang="he" dir="rtl">shalom</p>`, env)).toBe(`<p lang="he" dir="rtl">shalom</p>`);
    expect(await html2wt(`<ol><li id="first">one</li><li>two</li></ol>`, env)).toBe(`<ol><li id="first">one</li><li>two</li></ol>`);
    expect(await html2wt(`<dl><dt>term</dt><dd class="note">text</dd></dl>`, env)).toBe(`<dl><dt>term</dt><dd class="note">text</dd></dl>`);
  });
  it("leaves the engine's own ids and markers to wikitext syntax", async () => {
    expect(await html2wt(`<p id="mwAQ">plain</p><ul><li id="mwAw">item</li></ul>`, env)).toBe("plain\n\n* item");
  });
  it("round-trips such markup from wikitext unchanged", async () => {
    expect(await wt2wt(`<ul class="x"><li>a</li></ul>`)).toBe(`<ul class="x"><li>a</li></ul>`);
  });
});

describe("wt2wt: a NUL right after a bracketed link's URL", () => {
  it("is left out of the href but written back with the URL", async () => {
    const { html } = await wt2html("[http://example.org/a\u0000 label]", env, { bodyOnly: true });
    expect(html).toContain(`href="http://example.org/a"`);
    expect(await html2wt(html, env)).toBe("[http://example.org/a\u0000 label]");
  });
});

describe("wt2wt: an include directive written as a table line's attribute", () => {
  it("is one attribute name, its tag whole, and is written back so", async () => {
    const source = "{| <noinclude>\n|- <includeonly>\n|x\n|- </noinclude>\n|}";
    const { html } = await wt2html(source, env, { bodyOnly: true });
    expect(html).toContain(`"sa":{"<noinclude>":""}`);
    expect(html).toContain(`"sa":{"</noinclude>":""}`);
    expect(html).toContain(`{"txt":"","html":"<meta typeof=\\"mw:Includes/NoInclude\\"/>"}`);
    expect(await html2wt(html, env)).toBe(source);
  });
});

describe("html2wt: a cell written mid-line whose cell before it was deleted", () => {
  it("starts its line with a plain marker, not its row markers as written", async () => {
    // ("|||two": row markers, then an empty attribute list's "|".)
    const { html } = await wt2html("{|\n!head\n| id=\"gone\" |one|||two||three\n|}", env, { bodyOnly: true });
    const edited = html.replace(/<td id="gone"[^<]*<\/td>/, "");
    expect(edited).not.toBe(html);
    expect(await html2wt(edited, env)).toBe("{|\n!head\n|two||three\n|}");
  });
});

describe("selser: a new paragraph before page metadata parsed where it stood", () => {
  it("leaves the metadata a line of its own", async () => {
    for (const [source, tag] of [["[[Category:Kings]]", "link"], ["__NOTOC__", "meta"]] as const) {
      const { html } = await wt2html(source, env, { bodyOnly: true });
      const edited = html.replace(`<${tag} `, `<p>New text</p><${tag} `);
      expect(await html2wt(edited, env, { original: { wikitext: source, html } })).toBe(`New text\n${source}`);
    }
  });
});
