// Templated attributes (mw:ExpandedAttrs): templates that write whole attributes of a tag, or a
// table line's attributes and then content, as Parsoid's AttributeExpander records them.
import { describe, expect, it } from "vitest";
import { html } from "./helpers/html.js";
import { makeEnv, withPageSources } from "./helpers/env.js";
import { html2wt } from "../src/html2wt/index.js";
import { wt2html } from "../src/index.js";

const TEMPLATES: Record<string, string> = {
  "Template:Echo": "{{{1}}}",
  "Template:Paint": 'class="paint"',
  "Template:Pipe": "|",
  "Template:Framed": 'class="frame" title="framed"\n|-\n|inside',
};

function templatedEnv(): ReturnType<typeof makeEnv> {
  return withPageSources(makeEnv(), TEMPLATES);
}

/** The data-mw of the first element carrying `typeof` with `type`. */
function dataMwOf(out: string, type: string): { attribs?: unknown[]; parts?: unknown[] } {
  const tag = out.match(/<[a-z]+(?:[^>"']|"[^"]*"|'[^']*')*>/g)?.find((t) => t.includes(type)) ?? "";
  const quoted = /data-mw=(?:'([^']*)'|"([^"]*)")/.exec(tag);
  const json = quoted?.[1] ?? quoted?.[2];
  if (json === undefined) throw new Error(`no data-mw on ${type} in ${out}`);
  return JSON.parse(json.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as { attribs?: unknown[]; parts?: unknown[] };
}

describe("wt2html: templates that write whole attributes", () => {
  it("keeps an HTML tag whose attributes a template wrote, marking them expanded instead of wrapping the tag", async () => {
    const out = await html('<span {{echo|1=lang="fr" dir="ltr"}}>mot</span>', {}, templatedEnv());
    expect(out).toMatch(/^<p><span lang="fr" dir="ltr" typeof="mw:ExpandedAttrs" data-mw=/);
    expect(out).not.toContain("mw:Transclusion\"");
    const [entry] = dataMwOf(out, "mw:ExpandedAttrs").attribs as Array<[{ txt: string; html: string }, { html: string }]>;
    // One entry, named after the first attribute, its HTML the rendered call, its value empty.
    expect(entry![0].txt).toBe("lang");
    expect(entry![0].html).toMatch(/^<span about="#mwt\d+" typeof="mw:Transclusion" data-mw='[^']*'>lang="fr" dir="ltr"<\/span>$/);
    expect(entry![1]).toEqual({ html: "" });
  });

  it("writes such a tag back with the call once, not the attributes it wrote again", async () => {
    const env = templatedEnv();
    const source = '<span {{echo|1=lang="fr" dir="ltr"}}>mot</span>';
    const { html: out } = await wt2html(source, env, { bodyOnly: true });
    expect(await html2wt(out, env)).toBe(source);
  });

  it("marks a table cell whose attribute a template wrote after a literal one", async () => {
    const out = await html('{|\n| style="color:red" {{paint}} |x\n|}', {}, templatedEnv());
    expect(out).toMatch(/<td style="color:red" class="paint" typeof="mw:ExpandedAttrs"/);
    const [entry] = dataMwOf(out, "mw:ExpandedAttrs").attribs as Array<[{ txt: string }, unknown]>;
    expect(entry![0].txt).toBe("class");
  });

  it("reads the values as Parsoid reads the template's tokens: without comments and line breaks", async () => {
    expect(await html('<div {{echo|1=style="color:\nred"}}>x</div>', {}, templatedEnv())).toMatch(/^<div style="color:red" typeof="mw:ExpandedAttrs"/);
    expect(await html('{| {{echo|1=title="a <!--c--> b"}}\n|x\n|}', {}, templatedEnv())).toMatch(/^<table title="a  b" typeof="mw:ExpandedAttrs"/);
  });

  it("leaves a cell alone when another template wrote its attribute separator", async () => {
    const out = await html("{|\n|{{paint}}{{pipe}}x\n|}", {}, templatedEnv());
    expect(out).not.toContain("mw:ExpandedAttrs");
    expect(out).toMatch(/<td about="#mwt\d+" typeof="mw:Transclusion"/);
  });
});

describe("wt2html: a table line's template that writes attributes and then content", () => {
  it("keeps the transclusion and records the attributes' text as uneditable", async () => {
    const out = await html("{| {{framed}}\n|-\n|after\n|}", {}, templatedEnv());
    expect(out).toMatch(/^<table class="frame" title="framed" typeof="mw:Transclusion mw:ExpandedAttrs"/);
    const data = dataMwOf(out, "mw:ExpandedAttrs");
    expect(data.attribs).toEqual([[{ txt: "class", html: 'class="frame" title="framed"', uneditable: true }, { html: "" }]]);
    expect(data.parts).toBeDefined();
  });
});

describe("wt2html: style values", () => {
  it("keeps line breaks written in a style value, as Parsoid does", async () => {
    expect(await html('<div style="color:\nred">x</div>')).toBe('<div style="color:\nred">x</div>');
  });
});

describe("wt2html: markup in table attribute text", () => {
  it("reads a <nowiki> in a cell's attribute value as its text and records the value's HTML", async () => {
    const out = await html('{|\n|lang="a<nowiki>|</nowiki>b" |x\n|}');
    expect(out).toMatch(/<td lang="a\|b" typeof="mw:ExpandedAttrs"/);
    expect(dataMwOf(out, "mw:ExpandedAttrs").attribs).toEqual([[{ txt: "lang" }, { html: 'a<span typeof="mw:Nowiki">|</span>b' }]]);
  });

  it("writes such a value back as written", async () => {
    const env = makeEnv();
    const source = '{|\n| lang="a<nowiki>|</nowiki>b" |x\n|}';
    const { html: out } = await wt2html(source, env, { bodyOnly: true });
    expect(await html2wt(out, env)).toBe(source);
  });

  it("records an include directive or a nowiki standing as a name, with no text", async () => {
    const out = await html("{| <noinclude>\n|x\n|}");
    expect(dataMwOf(out, "mw:ExpandedAttrs").attribs).toEqual([[{ txt: "", html: '<meta typeof="mw:Includes/NoInclude"/>' }, { html: "" }]]);
    const nowiki = await html('{| dir="ltr" <nowiki/>\n|x\n|}');
    expect(nowiki).toMatch(/^<table dir="ltr" typeof="mw:ExpandedAttrs"/);
    expect(dataMwOf(nowiki, "mw:ExpandedAttrs").attribs).toEqual([[{ txt: "", html: '<span typeof="mw:Nowiki"></span>' }, { html: "" }]]);
  });

  it("drops other tags in attribute text without a record", async () => {
    expect(await html("{| <span>x</span> dir=\"ltr\"\n|x\n|}")).toMatch(/^<table dir="ltr">/);
  });
});

describe("wt2html: free URLs", () => {
  it("keeps a character reference's ';' at the end of the URL", async () => {
    expect(await html("see https://a.example/x&#93;. next")).toBe('<p>see <a rel="mw:ExtLink nofollow" href="https://a.example/x%5D" class="external free">https://a.example/x]</a>. next</p>');
  });

  it("reads a comment as part of the URL, in neither the href nor the text, and writes it back", async () => {
    expect(await html("(https://a.example/b<!-- c -->)")).toBe('<p>(<a rel="mw:ExtLink nofollow" href="https://a.example/b" class="external free">https://a.example/b</a>)</p>');
    expect(await html("https://a.example/b<!-- c -->d e")).toBe('<p><a rel="mw:ExtLink nofollow" href="https://a.example/bd" class="external free">https://a.example/bd</a> e</p>');
    const env = makeEnv();
    const source = "(https://a.example/b<!-- c -->d)";
    const { html: out } = await wt2html(source, env, { bodyOnly: true });
    expect(await html2wt(out, env)).toBe(source);
  });
});

describe("wt2html: include directives in a URL", () => {
  it("reads them as part of the URL: the href is expanded, its HTML holds their metas", async () => {
    for (const source of ["https://a.example/<onlyinclude>b</onlyinclude> c", "[https://a.example/<onlyinclude>b</onlyinclude> c]"]) {
      const out = await html(source);
      expect(out).toMatch(/<a rel="mw:ExtLink nofollow" href="https:\/\/a.example\/b" class="external (?:free|text)" typeof="mw:ExpandedAttrs"/);
      expect(dataMwOf(out, "mw:ExpandedAttrs").attribs).toEqual([[{ txt: "href" }, { html: 'https://a.example/<meta typeof="mw:Includes/OnlyInclude"/>b<meta typeof="mw:Includes/OnlyInclude/End"/>' }]]);
      const env = makeEnv();
      const { html: converted } = await wt2html(source, env, { bodyOnly: true });
      expect(await html2wt(converted, env)).toBe(source);
    }
  });
});

describe("wt2html: attribute text of a self-closed tag", () => {
  it("ends an unclosed quote's value before the blanks that precede '/>'", async () => {
    expect(await html('<span lang="en us />x')).toBe('<p><span lang="en us">x</span></p>');
    // Before a plain '>' they stay part of it.
    expect(await html('<span lang="en us >x</span>')).toBe('<p><span lang="en us ">x</span></p>');
  });
});

describe("wt2html: markup inside an HTML tag's attributes", () => {
  it("reads the attributes the page shows around include directives", async () => {
    expect(await html('<span <includeonly>lang="de"</includeonly><noinclude>lang="fr"</noinclude>>x</span>')).toBe('<p><span lang="fr">x</span></p>');
    expect(await html('<span <noinclude>lang</noinclude><includeonly>dir</includeonly>="fr">x</span>')).toBe('<p><span lang="fr">x</span></p>');
    expect(await html('<span lang="<onlyinclude>fr</onlyinclude>">x</span>')).toBe('<p><span lang="fr">x</span></p>');
  });

  it("writes such a tag back as written", async () => {
    const env = makeEnv();
    const source = '<span <noinclude>lang</noinclude><includeonly>dir</includeonly>="fr">x</span>';
    const { html: out } = await wt2html(source, env, { bodyOnly: true });
    expect(await html2wt(out, env)).toBe(source);
  });

  it("reads a <nowiki> in a value as its text, recording the value's HTML", async () => {
    const out = await html('<span title="<nowiki>a|b</nowiki>">x</span>');
    expect(out).toMatch(/^<p><span title="a\|b" typeof="mw:ExpandedAttrs"/);
    expect(dataMwOf(out, "mw:ExpandedAttrs").attribs).toEqual([[{ txt: "title" }, { html: '<span typeof="mw:Nowiki">a|b</span>' }]]);
  });

  it("still shows as text a tag with other markup before its end", async () => {
    expect(await html("a <b <i>x</i>")).toBe("<p>a &lt;b <i>x</i></p>");
    expect(await html('<span title="<b>x</b>">y</span>')).toBe('<p>&lt;span title="<b>x</b>"&gt;y</p>');
  });
});
