import { describe, expect, it } from "vitest";
import { WComment, WElement, WText, type WNode } from "../../src/dom/node.js";
import { serializeChildren, serializeElement } from "../../src/output/serialize.js";

const inline = { inlineDataParser: true };

function el(name: string, attrs: Array<[string, string]> = [], children: WNode[] = []): WElement {
  const e = new WElement(name, attrs.map(([n, value]) => ({ name: n, value })));
  for (const c of children) e.appendChild(c);
  return e;
}

/**
 * A plain recursive writer of the same rules, as the oracle for the serializer's iterative,
 * chunked one: the two are written differently, so a piece written twice, dropped or out of order
 * shows up as a difference.
 */
function reference(node: WNode, parentName: string): string {
  if (node.kind === "text") {
    if (["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"].includes(parentName)) return node.value;
    return node.value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  if (node.kind === "comment") return `<!--${node.value}-->`;
  let out = `<${node.name}`;
  const attrs = node.attrs.map((a) => [a.name, a.value] as [string, string]);
  if (node.mw) attrs.push(["data-mw", JSON.stringify(node.mw)]);
  const dpJson = node.dp ? JSON.stringify(node.dp) : "{}";
  if (dpJson !== "{}") attrs.push(["data-parser", dpJson]);
  for (const [name, value] of attrs) {
    const amp = value.split("&").join("&amp;");
    if (!value.includes('"')) out += ` ${name}="${amp}"`;
    else if (!value.includes("'")) out += ` ${name}='${amp}'`;
    else out += ` ${name}="${amp.split('"').join("&quot;")}"`;
  }
  if (["br", "hr", "img", "meta", "link", "wbr", "input"].includes(node.name)) return out + "/>";
  out += ">";
  const first = node.children[0];
  if (node.name === "pre" && first?.kind === "text" && first.value.startsWith("\n")) out += "\n";
  for (const c of node.children) out += reference(c, node.name);
  return out + `</${node.name}>`;
}

describe("HTML serialization", () => {
  it("quotes attribute values as Parsoid does: JSON in single quotes, & escaped, &quot; when both quotes occur", () => {
    const a = el("a", [["href", "./A?x=1&y=2"], ["title", `He said "hi"`], ["data-x", `it's "both"`]]);
    expect(serializeElement(a, inline)).toBe(`<a href="./A?x=1&amp;y=2" title='He said "hi"' data-x="it's &quot;both&quot;"></a>`);
  });

  it("escapes every & and quote wherever it stands in a value, and closes the last value's quote before the tag's end", () => {
    const img = el("img", [["src", "&a&&b&"], ["alt", `'"&"'`]]);
    expect(serializeElement(img, inline)).toBe(`<img src="&amp;a&amp;&amp;b&amp;" alt="'&quot;&amp;&quot;'"/>`);
    const meta = el("meta", [["content", `{"x":"&"}`]]);
    expect(serializeElement(meta, inline)).toBe(`<meta content='{"x":"&amp;"}'/>`);
    const span = el("span", [["title", `"`], ["id", "a"], ["class", `'`]], [new WText("&<>x>&")]);
    expect(serializeElement(span, inline)).toBe(`<span title='"' id="a" class="'">&amp;&lt;&gt;x&gt;&amp;</span>`);
    expect(serializeChildren(el("p", [], [new WText("<"), el("i"), new WText("a&b")]), inline)).toBe("&lt;<i></i>a&amp;b");
  });

  it("writes data-mw and data-parser from the node's data, and no data-parser when every member is undefined", () => {
    const span = el("span", [["typeof", "mw:Entity"]], [new WText("&")]);
    span.mw = { name: "x&y" };
    span.dp = { src: "&amp;", dsr: [0, 5, 0, 0] };
    expect(serializeElement(span, inline)).toBe(
      `<span typeof="mw:Entity" data-mw='{"name":"x&amp;y"}' data-parser='{"src":"&amp;amp;","dsr":[0,5,0,0]}'>&amp;</span>`,
    );
    const b = el("b", [], [new WText("x")]);
    b.dp = { tsr: undefined };
    expect(serializeElement(b, inline)).toBe("<b>x</b>");
    b.dp = { src: "it's" };
    expect(serializeElement(b, inline)).toBe(`<b data-parser="{&quot;src&quot;:&quot;it's&quot;}">x</b>`);
    expect(serializeElement(b, { inlineDataParser: false })).toBe("<b>x</b>");
  });

  it("quotes data-mw JSON like any value: single quotes, double with &quot; when it holds an apostrophe, `{}` double-quoted", () => {
    const span = el("span");
    span.mw = { name: "it's", attrs: { a: "&" } };
    expect(serializeElement(span, inline)).toBe(`<span data-mw="{&quot;name&quot;:&quot;it's&quot;,&quot;attrs&quot;:{&quot;a&quot;:&quot;&amp;&quot;}}"></span>`);
    span.mw = {};
    span.dp = { dsr: [1, 2, 0, 0], src: "a'b&c" };
    expect(serializeElement(span, inline)).toBe(`<span data-mw="{}" data-parser="{&quot;dsr&quot;:[1,2,0,0],&quot;src&quot;:&quot;a'b&amp;c&quot;}"></span>`);
    span.mw = { x: 1 };
    span.dp = { dsr: [1, 2, 0, 0] };
    expect(serializeElement(span, inline)).toBe(`<span data-mw='{"x":1}' data-parser='{"dsr":[1,2,0,0]}'></span>`);
  });

  it("writes void elements, raw text, comments and the extra newline of pre", () => {
    const root = el("div", [], [
      el("br"),
      el("style", [], [new WText("a > b & c")]),
      new WComment(" c "),
      el("pre", [], [new WText("\nx<y")]),
      new WText("a<b"),
    ]);
    expect(serializeChildren(root, inline)).toBe(`<br/><style>a > b & c</style><!-- c --><pre>\n\nx&lt;y</pre>a&lt;b`);
  });

  it("writes a document many output chunks long in order, nested deeply or not", () => {
    // Enough content for several 64K chunks, with leaves, nesting, parse data and text beyond
    // Latin-1 (two-byte chunks) throughout.
    const body = el("body");
    let deep = body;
    for (let i = 0; i < 3000; i++) {
      const link = el("a", [["rel", "mw:WikiLink"], ["href", `./Page_${i}?a&b`]], [new WText(`Page ${i} <${i}> ${i % 7 === 0 ? "↑" : "é"}`)]);
      link.dp = { stx: "simple", sa: { href: `Page ${i}` }, dsr: [i * 10, i * 10 + 9, 2, 2] };
      const p = el("p", [], [new WText("text "), link, el("br"), new WComment(String(i)), el("i", [], [el("b", [], [new WText("x")])])]);
      if (i % 100 === 0) {
        // A nested run: each of these opens inside the previous one.
        const div = el("div", [["class", `d${i}`]]);
        deep.appendChild(div);
        deep = div;
      }
      deep.appendChild(p);
    }
    const html = serializeChildren(body, inline);
    expect(html.length).toBeGreaterThan(6 * 65536);
    expect(html).toBe(body.children.map((c) => reference(c, "body")).join(""));
    expect(serializeElement(body, inline)).toBe(reference(body, ""));
  });
});
