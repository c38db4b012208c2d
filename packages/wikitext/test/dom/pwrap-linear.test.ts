import { describe, expect, it } from "vitest";
import { WElement, WText, type WNode } from "../../src/dom/node.js";
import { pwrap } from "../../src/dom/passes/pwrap.js";

function el(name: string, ...children: WNode[]): WElement {
  const e = new WElement(name, []);
  for (const c of children) e.appendChild(c);
  return e;
}

/** Tag structure of a subtree, with parent links checked on the way. */
function shape(node: WNode): string {
  if (node.kind === "text") return JSON.stringify(node.value);
  if (node.kind === "comment") return "<!---->";
  for (const c of node.children) expect(c.parent).toBe(node);
  return `<${node.name}>${node.children.map(shape).join("")}</${node.name}>`;
}

describe("pwrap: paragraphs and split inline elements", () => {
  it("wraps inline runs between blocks and splits inline elements around the blocks they hold", () => {
    const body = el("body", new WText(" "), new WText("a"), el("b", new WText("x"), el("div", new WText("d")), new WText("y")), new WText("\n"), el("div"), new WText("z"));
    pwrap(body);
    expect(shape(body)).toBe(
      '<body>" "<p>"a"<b>"x"</b></p><b><div>"d"</div></b><p><b>"y"</b></p>"\\n"<div></div><p>"z"</p></body>',
    );
  });

  it("splits nested inline elements from the deepest up", () => {
    const body = el("body", el("i", new WText("a"), el("b", new WText("x"), el("div"), new WText("y")), new WText("c")));
    pwrap(body);
    expect(shape(body)).toBe('<body><p><i>"a"<b>"x"</b></i></p><i><b><div></div></b></i><p><i><b>"y"</b>"c"</i></p></body>');
  });

  // Moving each node into its paragraph searched the parent's whole child list, and inserting each
  // split part shifted it: the old pass took 12 s and 28 s on these, linear work well under 1 s.
  it("wraps 100k inline nodes in linear time", () => {
    const body = el("body");
    for (let i = 0; i < 100_000; i++) body.appendChild(i % 2 ? el("sup") : new WText("a"));
    pwrap(body);
    expect(body.children).toHaveLength(1);
    expect((body.children[0] as WElement).children).toHaveLength(100_000);
  }, 5_000);

  it("splits 30k inline elements around blocks in linear time", () => {
    const body = el("body");
    for (let i = 0; i < 30_000; i++) body.appendChild(el("b", new WText("x"), el("div"), new WText("y")));
    pwrap(body);
    // Each <b> becomes three parts; the "y" part of one and the "x" part of the next share a
    // paragraph: 30k block parts between 30,001 paragraphs.
    expect(body.children).toHaveLength(60_001);
    expect(shape(body.children[1]!)).toBe("<b><div></div></b>");
    expect(shape(body.children[2]!)).toBe('<p><b>"y"</b><b>"x"</b></p>');
  }, 5_000);

  it("keeps inline elements nested past the split depth whole: output linear in the nesting", () => {
    // <b>a<div>x</div> left open n times: splitting every level copied the levels below once
    // more, n² elements (120 MB of HTML from 29 kB of wikitext at n = 1000).
    const n = 3000;
    const body = el("body");
    let parent = body;
    for (let i = 0; i < n; i++) {
      const b = el("b", new WText("a"), el("div", new WText("x")));
      parent.appendChild(b);
      parent = b;
    }
    pwrap(body);
    let elements = 0;
    const stack: WElement[] = [body];
    while (stack.length > 0) {
      const node = stack.pop()!;
      elements++;
      for (const c of node.children) if (c.kind === "element") stack.push(c);
    }
    // Without the bound: ~n²/2 = 4.5 million; with it, about (depth + 2) elements per level.
    expect(elements).toBeLessThan(50 * n);
    // Shallow levels are still split: the first paragraph holds the outer <b>'s inline part.
    expect(shape(body.children[0]!)).toBe('<p><b>"a"</b></p>');
  }, 5_000);
});
