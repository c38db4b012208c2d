import { describe, expect, it } from "vitest";
import { html2wt } from "../../src/html2wt/index.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

const env = makeEnv();

async function wt(html: string, scrubWikitext = false): Promise<string> {
  return html2wt(html, env, { scrubWikitext });
}

/** wikitext → HTML → wikitext with no original: the full serializer and the parse data alone. */
async function roundTrip(source: string): Promise<string> {
  const { html } = await wt2html(source, env, { bodyOnly: true });
  return html2wt(html, env);
}

describe("html2wt: handlers", () => {
  it("writes paragraphs, headings and quotes", async () => {
    expect(await wt("<h2>Title</h2><p>a <i>b</i> <b>c</b></p><p>d</p>")).toBe("== Title ==\na ''b'' '''c'''\n\nd");
  });
  it("writes nested and mixed lists with their bullets (new items as editors write them)", async () => {
    expect(await wt("<ul><li>a<ul><li>b</li></ul></li></ul><ol><li>c</li></ol><dl><dt>t</dt><dd>d</dd></dl>")).toBe("* a\n** b\n\n# c\n\n; t:d");
  });
  it("writes tables in wikitext syntax (the first row needs no |-)", async () => {
    expect(await wt('<table class="t"><tbody><tr><th>h</th></tr><tr><td>a</td><td style="x">b</td></tr></tbody></table>')).toBe(
      '{| class="t"\n!h\n|-\n|a\n| style="x" |b\n|}',
    );
  });
  it("writes wiki links, external links and categories", async () => {
    expect(await wt('<p><a rel="mw:WikiLink" href="./Main_Page">Main Page</a> <a rel="mw:WikiLink" href="./Main_Page">home</a></p>')).toBe(
      // (A new piped link's target is spelt as its href: Parsoid's [[Main_Page|home]].)
      "[[Main Page]] [[Main_Page|home]]",
    );
    expect(await wt('<p><a rel="mw:ExtLink" href="http://x.org/">site</a> <a rel="mw:ExtLink" href="http://x.org/"></a></p>')).toBe(
      "[http://x.org/ site] [http://x.org/]",
    );
    expect(await wt('<link rel="mw:PageProp/Category" href="./Category:Foo#Key"/>')).toBe("[[Category:Foo|Key]]");
  });
  it("writes transclusions from data-mw parts", async () => {
    const mw = JSON.stringify({ parts: ["a ", { template: { target: { wt: "Tpl" }, params: { "1": { wt: "x" }, k: { wt: "v" } }, i: 0 } }] });
    expect(await wt(`<p><span typeof="mw:Transclusion" about="#mwt1" data-mw='${mw}'>out</span><span about="#mwt1">more</span> b</p>`)).toBe("a {{Tpl|x|k=v}} b");
  });
  it("drops empty formatting and merges adjacent formatting when scrubbing", async () => {
    expect(await wt("<p>a<b></b><i>x</i><i>y</i></p>", true)).toBe("a''xy''");
  });
});

describe("html2wt: escaping with minimal nowiki", () => {
  it("protects text that would parse as markup", async () => {
    expect(await wt("<p>[[not a link]] and ''quotes''</p>")).toBe("<nowiki>[[not a link]]</nowiki> and <nowiki>''quotes''</nowiki>");
    expect(await wt("<p>*not a list</p>")).toBe("<nowiki>*</nowiki>not a list");
    expect(await wt("<p>=h=</p>")).toBe("<nowiki>=h=</nowiki>");
    expect(await wt("<p>a &amp;amp; b</p>")).toBe("a &amp;amp; b");
  });
  it("leaves ordinary text alone", async () => {
    expect(await wt("<p>Plain text, with punctuation: a-b; c's.</p>")).toBe("Plain text, with punctuation: a-b; c's.");
  });
  it("separates letters after a link from the link trail", async () => {
    expect(await wt('<p><a rel="mw:WikiLink" href="./Apple">Apple</a>s</p>')).toBe("[[Apple]]<nowiki/>s");
  });
});

describe("html2wt: wikitext round trips through the full serializer", () => {
  it.each([
    "== Head ==\nSome ''it'' and '''bold''' [[Main Page|link]]s",
    "*a\n** b\n#c\n;d:e",
    '{| class="w"\n|-\n! h1 !!h2\n|-\n|c1||c2\n|}',
    "a\n\nb\n----\n<!-- c -->\n<div id=\"x\">a</div>",
    "[http://x.org ext] &amp; x [[Category:Foo]]",
  ])("%s", async (source) => {
    expect(await roundTrip(source)).toBe(source);
  });
});

describe("html2wt: pathological input", () => {
  it("serializes very deep nesting without exhausting the stack, in linear time", async () => {
    const n = 20_000;
    const started = performance.now();
    for (const html of [
      "<div>".repeat(n) + "x" + "</div>".repeat(n),
      "<b>".repeat(n) + "x",
      "<h2>" + "<span>".repeat(n) + "x" + "</span>".repeat(n) + "</h2>",
      "<ul><li>".repeat(n) + "x" + "</li></ul>".repeat(n),
    ]) {
      expect((await wt(html)).length).toBeGreaterThan(n);
    }
    expect(performance.now() - started).toBeLessThan(20_000);
  });
  it("treats malformed parse data as absent", async () => {
    expect(await wt('<p data-parser="{not json">x</p>')).toBe("x");
  });
});

describe("html2wt: round trips through the parse data", () => {
  it("keeps media options as written (order, aliases, ignored ones) while the image is unchanged", async () => {
    for (const source of ["[[Image:Foobar.jpg|thumb|left|right|Caption1|Caption2]]", "[[File:Foobar.jpg|200px|300px|caption]]", "[[File:Foobar.jpg|link=Main_Page|Title]]"]) {
      expect(await roundTrip(source)).toBe(source);
    }
  });
  it("writes a media option anew where the HTML changed it and keeps the others", async () => {
    const { html } = await wt2html("[[File:Foobar.jpg|thumb|left|Caption]]", env, { bodyOnly: true });
    expect(await html2wt(html.replace("mw-halign-left", "mw-halign-right"), env)).toBe("[[File:Foobar.jpg|thumb|right|Caption]]");
  });
  it("writes template parameters in source order, positional when their '=' is nested", async () => {
    for (const source of ["{{1x|k=v|x}}", "{{1x|{{1x|1=bar}}}}", "{{1x|a<!-- b=c -->}}"]) {
      expect(await roundTrip(source)).toBe(source);
    }
  });
  it("writes French typography's display spaces as the spaces they stand for", async () => {
    expect(await wt('<p>foo<span typeof="mw:DisplaySpace">\u00a0</span>: bar</p>')).toBe("foo : bar");
  });
  it("keeps subpage link spellings and the spacing of [url   text]", async () => {
    expect(await roundTrip("[http://wp.org   foo]")).toBe("[http://wp.org   foo]");
  });
});
