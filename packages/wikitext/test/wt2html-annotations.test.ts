// Annotation ranges (mw:Annotation metas) where they meet templates and tables: tags a template
// wrote, metas fostered out of a table.
import { beforeEach, describe, expect, it } from "vitest";
import { SiteConfig, wt2html } from "../src/index.js";
import { html2wt, htmlToDom, htmlToNodes } from "../src/html2wt/index.js";
import { applyChanges, type Change } from "../src/html2wt/testing/apply-changes.js";
import { serializeChildren } from "../src/output/serialize.js";
import { WElement, WText, walkElements, type WNode } from "../src/dom/node.js";
import { buildAnnotationRanges, findRanges, moveFosteredMetas } from "../src/ext/annotation-ranges.js";
import { extSite, extEnv } from "./ext/env.js";

const site = SiteConfig.fromSiteInfo({ ...extSite.info, annotationtags: ["anno", "note"] });
const templates = { "Template:Echo": "{{{1}}}", "Template:Wrap": "<anno>{{{1}}}</anno>" };

async function convert(source: string): Promise<string> {
  const { html } = await wt2html(source, { ...extEnv(templates), site }, { bodyOnly: true });
  return html.replace(/ data-parser=("[^"]*"|'[^']*')/g, "").replace(/ about="[^"]*"/g, "");
}

describe("annotation tags a template wrote", () => {
  it("are metas of the template's output, with the range id on both and no source offsets", async () => {
    const html = await convert("x {{echo|one <anno>two</anno> three}} y");
    expect(html).toContain('<meta typeof="mw:Annotation/anno" data-mw=\'{"rangeId":"mwa0"}\'/><span>two</span><meta typeof="mw:Annotation/anno/End" data-mw=\'{"rangeId":"mwa0"}\'/>');
    expect(html).not.toContain("wtOffsets");
    expect(html).not.toContain("&lt;anno");
  });

  it("merge into the transclusion when the template's output starts with one, its parts first", async () => {
    const html = await convert("{{wrap|text}}");
    expect(html).toMatch(/^<p><meta typeof="mw:Transclusion mw:Annotation\/anno" data-mw='\{"parts":\[\{"template":\{"target":\{"wt":"wrap"[^']*\}\],"rangeId":"mwa0"\}'\/><span>text<\/span><meta typeof="mw:Annotation\/anno\/End" data-mw='\{"rangeId":"mwa0"\}'\/><\/p>$/);
  });

  it("are numbered with the page's own ranges in document order", async () => {
    const html = await convert("<note>a</note> {{wrap|b}} <note>c</note>");
    expect(html.match(/"rangeId":"mwa\d"/g)).toEqual(['"rangeId":"mwa0"', '"rangeId":"mwa1"', '"rangeId":"mwa1"', '"rangeId":"mwa2"']);
  });

  it("stay text when the tag is only partly the template's", async () => {
    const html = await convert("{{echo|<anno}}>x</anno>");
    expect(html).toContain("&lt;anno");
    expect(html).not.toContain("mw:Annotation");
  });

  it("an end tag alone on a page is text", async () => {
    expect(await convert("a</anno>")).toBe("<p>a&lt;/anno&gt;</p>");
  });
});

// Tree building marks what it fostered out of a table (parse data `fostered` on each top-level
// fostered node); these DOMs are built by hand in that shape.
describe("annotation metas fostered out of a table", () => {
  /** The metas in the order they are made (source order). */
  let made: WElement[] = [];
  function meta(type: string, fostered: boolean): WElement {
    const el = new WElement("meta", [{ name: "typeof", value: `mw:Annotation/${type}` }]);
    el.dp = fostered ? { fostered: true } : {};
    made.push(el);
    return el;
  }
  beforeEach(() => {
    made = [];
  });
  function holder(text: string): WElement {
    const p = new WElement("p");
    p.dp = { fostered: true };
    p.appendChild(new WText(text));
    return p;
  }
  function tableWith(...cells: WNode[]): WElement {
    const table = new WElement("table");
    table.dp = { dsr: [0, 100, 7, 8] };
    const td = new WElement("td");
    for (const c of cells) td.appendChild(c);
    table.appendChild(td);
    return table;
  }
  /** Runs the range builder over `body`, pairing each start with the next end of its type. */
  function build(body: WElement, tableOnPage = true): string[] {
    const metas: WElement[] = [];
    walkElements(body, (el) => {
      if (el.name === "meta") metas.push(el);
    });
    const typeOf = (el: WElement): string => /mw:Annotation\/([^/\s]+)/.exec(el.getAttribute("typeof")!)![1]!;
    const isEnd = (el: WElement): boolean => el.getAttribute("typeof")!.endsWith("/End");
    // Source order pairs them; here each end closes the start of its type that the test made last before it.
    const startOfEnd = new Map<WElement, WElement>();
    for (const m of metas) if (isEnd(m)) startOfEnd.set(m, made.filter((s) => !isEnd(s) && typeOf(s) === typeOf(m) && made.indexOf(s) < made.indexOf(m)).pop()!);
    const moved = moveFosteredMetas(metas, isEnd, () => tableOnPage);
    const built = buildAnnotationRanges(findRanges(metas, typeOf, (el) => startOfEnd.get(el) ?? null), moved);
    return built.map((b) => `${b.range.type}:${b.extended}`);
  }
  function shape(node: WNode): string {
    if (node.kind === "text") return node.value;
    if (node.kind !== "element") return "";
    const type = node.getAttribute("typeof") ?? "";
    const name = node.name === "meta" ? (type.endsWith("/End") ? "/" : "") + type.replace(/^mw:Annotation\/|\/End$/g, "") : type === "mw:ExtendedAnnRange" ? `wrap-${node.name}` : node.name;
    return node.children.length > 0 ? `${name}[${node.children.map(shape).join(" ")}]` : name;
  }

  it("an end meta moves after the table and the range, extended, wraps the fostered content and the table", () => {
    const body = new WElement("body");
    for (const n of [meta("a", true), holder("x"), meta("a/End", true), tableWith(new WText("cell"))]) body.appendChild(n);
    expect(build(body)).toEqual(["a:true"]);
    expect(shape(body)).toBe("body[wrap-div[a p[x] table[td[cell]] /a]]");
  });

  it("a start meta moves before the first fostered node, where the paragraph holding the text before it stays whole", () => {
    const body = new WElement("body");
    for (const n of [holder("one"), meta("a", true), holder("two"), meta("a/End", true), tableWith()]) body.appendChild(n);
    build(body);
    expect(shape(body)).toBe("body[wrap-div[a p[one] p[two] table[td] /a]]");
  });

  it("ranges fostered one after the other nest in the order their metas are moved", () => {
    const body = new WElement("body");
    for (const n of [meta("a", true), holder("one"), meta("a/End", true), meta("b", true), holder("two"), meta("b/End", true), tableWith()]) body.appendChild(n);
    build(body);
    expect(shape(body)).toBe("body[wrap-div[b wrap-div[a p[one] p[two] table[td] /a] /b]]");
  });

  it("a range starting in a cell and ending in fostered content starts before the fostered content", () => {
    const body = new WElement("body");
    const start = meta("a", false);
    const div = new WElement("div");
    div.dp = { fostered: true };
    div.appendChild(new WText("hi"));
    div.appendChild(meta("a/End", false));
    for (const n of [div, tableWith(start, new WText("cell"))]) body.appendChild(n);
    expect(build(body)).toEqual(["a:true"]);
    expect(shape(body)).toBe("body[wrap-div[a div[hi] table[td[cell]] /a]]");
  });

  it("a start meta moved before a transclusion's first node takes over its typeof and data-mw", () => {
    const body = new WElement("body");
    const first = holder("x");
    first.attrs.push({ name: "about", value: "#mwt1" }, { name: "typeof", value: "mw:Transclusion" }, { name: "data-mw", value: '{"parts":["p"]}' });
    first.dp!["pi"] = [[]];
    const start = meta("a", true);
    start.mw = { rangeId: "" };
    for (const n of [first, start, holder("y"), meta("a/End", true), tableWith()]) body.appendChild(n);
    build(body);
    expect(start.getAttribute("typeof")).toBe("mw:Transclusion mw:Annotation/a");
    expect(start.getAttribute("about")).toBe("#mwt1");
    expect(start.mw).toEqual({ parts: ["p"], rangeId: "" });
    expect(start.dp!["pi"]).toEqual([[]]);
    expect(first.getAttribute("typeof")).toBeNull();
    expect(first.getAttribute("data-mw")).toBeNull();
    expect(first.getAttribute("about")).toBe("#mwt1");
  });

  it("metas a template's table fostered stay where they are", () => {
    const body = new WElement("body");
    for (const n of [meta("a", true), holder("x"), meta("a/End", true), tableWith()]) body.appendChild(n);
    expect(build(body, false)).toEqual(["a:false"]);
    expect(shape(body)).toBe("body[a p[x] /a table[td]]");
  });
});

// Selective serialization of edits next to annotation markers (Parsoid's meta handler rules).
describe("blocks an edit puts next to annotation markers", () => {
  async function edit(source: string, changes: Change[]): Promise<string> {
    const env = { ...extEnv(templates), site };
    const { html } = await wt2html(source, env, { bodyOnly: true });
    const body = htmlToDom(html);
    applyChanges(body, changes, htmlToNodes);
    return html2wt(serializeChildren(body, { inlineDataParser: true }), env, { original: { wikitext: source, html } });
  }
  const source = "<anno>\ntext\n</anno>";

  it("before a start marker: a blank line; before an end marker: its own line", async () => {
    expect(await edit(source, [["meta", "before", "<p>new</p>"]])).toBe("new\n\n<anno>\ntext\n\nnew\n</anno>");
  });

  it("after a start marker: its own line; after an end marker: a blank line", async () => {
    expect(await edit(source, [["meta", "after", "<p>new</p>"]])).toBe("<anno>\nnew\n\ntext\n</anno>\n\nnew");
  });

  it("an unedited page keeps the layout around its markers", async () => {
    const written = "<anno>one\n\ntwo</anno>";
    const env = { ...extEnv(templates), site };
    const { html } = await wt2html(written, env, { bodyOnly: true });
    expect(await html2wt(html, env, { original: { wikitext: written, html } })).toBe(written);
  });
});

describe("annotation tags in an extension tag's attribute values", () => {
  it("do not end the extension tag, nor do the comments after them", async () => {
    const source = '<gallery caption="<anno><!--T:1-->Shown</anno>">\n</gallery>';
    const out = await convert(source);
    expect(out).toContain('<li class="gallerycaption"><meta typeof="mw:Annotation/anno"');
    expect(out).toContain("<!--T:1-->Shown<meta typeof=\"mw:Annotation/anno/End\"");
    const env = { ...extEnv(templates), site };
    const { html } = await wt2html(source, env, { bodyOnly: true, inlineDataParser: true });
    expect(await html2wt(html, env)).toBe(source);
  });

  it("leave other tags' and comments' '>' ending it, as MediaWiki's preprocessor does", async () => {
    // (The caption is "<!--x--": the tag ended at the comment's ">".)
    expect(await convert('<gallery caption="<!--x-->a">\n</gallery>')).toContain('<li class="gallerycaption"><!--x&#x2D;&#x2D;--></li>');
  });
});
