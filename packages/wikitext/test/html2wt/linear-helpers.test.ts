import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indexInParent, WElement, WText } from "../../src/dom/node.js";
import { forEachPair } from "../../src/html2wt/escape.js";
import { htmlToDom } from "../../src/html2wt/index.js";
import { diffDom, sameSubtree } from "../../src/html2wt/selser/diff.js";

/** The spans a global regular expression finds, as [start, end] pairs. */
function regexSpans(line: string, re: RegExp): Array<[number, number]> {
  return [...line.matchAll(re)].map((m) => [m.index, m.index + m[0].length]);
}

function pairSpans(line: string, open: string, openExtra: boolean, close: string, closeExtra: boolean): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  forEachPair(line, open, openExtra, close, closeExtra, (start, end) => spans.push([start, end]));
  return spans;
}

describe("forEachPair", () => {
  const line = fc.string({ unit: fc.constantFrom("[", "]", "{", "}", "a", " "), maxLength: 40 });

  it("finds the spans the lazy link pattern finds", () => {
    fc.assert(fc.property(line, (text) => {
          expect(pairSpans(text, "[[", false, "]]", false)).toEqual(regexSpans(text, /\[\[([^\n]*?)\]\]/g));
        }), { numRuns: 5000 });
  });

  it("finds the spans the lazy template pattern finds, third braces included", () => {
    fc.assert(fc.property(line, (text) => {
          expect(pairSpans(text, "{{", true, "}}", true)).toEqual(regexSpans(text, /\{\{\{?[^\n]*?\}\}\}?/g));
        }), { numRuns: 5000 });
  });
});

describe("indexInParent", () => {
  it("gives every child's position in a long list, and again after the list changed", () => {
    const parent = new WElement("tr");
    const cells = Array.from({ length: 100 }, () => new WElement("td"));
    for (const cell of cells) parent.appendChild(cell);
    cells.forEach((cell, i) => expect(indexInParent(cell)).toBe(i));
    const inserted = new WText("x");
    parent.insertBefore(inserted, cells[10]!);
    expect(indexInParent(inserted)).toBe(10);
    expect(indexInParent(cells[10]!)).toBe(11);
    expect(indexInParent(cells[99]!)).toBe(100);
    parent.children.splice(0, 1);
    expect(indexInParent(cells[1]!)).toBe(0);
    expect(indexInParent(new WText("orphan"))).toBe(-1);
  });
});

describe("selser diff on deep trees", () => {
  /** `depth` nested divs, each with a sibling paragraph, the innermost holding `text`. */
  function nested(depth: number, text: string): string {
    return "<div><p>side</p>".repeat(depth) + text + "</div>".repeat(depth);
  }

  it("marks each level above a deep edit as changed inside, and the untouched siblings as unchanged", () => {
    const depth = 60;
    const original = htmlToDom(nested(depth, "old"));
    const edited = htmlToDom(nested(depth, "new"));
    const { change } = diffDom(original, edited);
    let el: WElement = edited;
    for (let level = 0; level < depth; level++) {
      const div = el.children.find((c): c is WElement => c.kind === "element" && c.name === "div")!;
      const side = el.children.find((c): c is WElement => c.kind === "element" && c.name === "p");
      expect(change.get(div)).toBe("children-changed");
      if (level > 0) expect(change.get(side!)).toBe("unchanged");
      el = div;
    }
    expect(change.get(el.children.find((c) => c.kind === "text")!)).toBeUndefined();
  });

  it("still finds equal subtrees equal after differing pairs were noted", () => {
    const a = htmlToDom(nested(5, "same"));
    const b = htmlToDom(nested(5, "same"));
    const c = htmlToDom(nested(5, "other"));
    const known = new WeakMap();
    expect(sameSubtree(a, c, known)).toBe(false);
    expect(sameSubtree(a, b, known)).toBe(true);
    expect(sameSubtree(a, c, known)).toBe(false);
  });
});

describe("selser on formatting nested thousands deep", () => {
  it("writes the edit and keeps the rest (no recursion per level: it overflowed the stack)", async () => {
    const { wt2html } = await import("../../src/wt2html.js");
    const { html2wt } = await import("../../src/html2wt/index.js");
    const { makeEnv } = await import("../helpers/env.js");
    const env = makeEnv();
    const source = "<b>a ".repeat(15000);
    const { html } = await wt2html(source, env, { bodyOnly: true });
    const out = await html2wt(html.replace("a ", "a E "), env, { original: { wikitext: source, html } });
    expect(out).toBe(source.replace("a ", "a E "));
  });
});
