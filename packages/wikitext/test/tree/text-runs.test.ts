// Text runs that start with whitespace reach parse5 as one character token where HTML5 inserts
// whitespace and other characters alike (body, cell and caption content), and as a whitespace
// token plus a character token elsewhere (tables foster only the non-whitespace runs, a newline
// right after <pre> is dropped). Either way the tree must be the one HTML5 builds from the same
// markup written as HTML text: random streams of block, table and inline tags with such runs go
// through the token-driven builder and through parse5's own parser, and the trees are compared.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { defaultTreeAdapter, html, parseFragment, type DefaultTreeAdapterMap } from "parse5";
import type { WNode } from "../../src/dom/node.js";
import { buildHtml5Tree } from "../../src/tree/builder.js";
import { isFosterHolder } from "../../src/tree/fostering.js";
import type { Token } from "../../src/tokenizer/tokens.js";

type Step = { kind: "open" | "close"; name: string } | { kind: "text"; value: string } | { kind: "nl" };

const NAMES = ["p", "pre", "listing", "div", "table", "tbody", "tr", "td", "th", "caption", "b", "i", "span", "ul", "li", "h2", "svg"];
const TEXTS = [" x", "\nx", "\n\ny z", "  \n y", "x", " ", "\n", "\t\tz ", " \u00a0a", "x y"];

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TEXTS).map((value): Step => ({ kind: "text", value })) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: "nl" }) },
  { weight: 3, arbitrary: fc.constantFrom(...NAMES).map((name): Step => ({ kind: "open", name })) },
  { weight: 2, arbitrary: fc.constantFrom(...NAMES).map((name): Step => ({ kind: "close", name })) },
);

function tokensOf(steps: readonly Step[]): Token[] {
  let pos = 0;
  return steps.map((s): Token => {
    const start = pos;
    switch (s.kind) {
      case "open":
        pos += s.name.length + 2;
        return { type: "start", name: s.name, attrs: [], dp: { tsr: [start, pos] } };
      case "close":
        pos += s.name.length + 3;
        return { type: "end", name: s.name, dp: { tsr: [start, pos] } };
      case "text":
        pos += s.value.length;
        return { type: "text", value: s.value, start, end: pos };
      case "nl":
        pos += 1;
        return { type: "nl", start, end: pos };
    }
  });
}

/** The same stream as HTML text (the texts hold no markup characters). */
function htmlOf(steps: readonly Step[]): string {
  return steps.map(markupOf).join("");
}

function markupOf(s: Step): string {
  if (s.kind === "text") return s.value;
  if (s.kind === "nl") return "\n";
  return s.kind === "open" ? `<${s.name}>` : `</${s.name}>`;
}

/**
 * Our tree as HTML5 would have it: the holders that keep fostered content apart (tree/fostering.ts)
 * give their children back, and adjacent texts join as HTML5 inserts them.
 */
function describeOurs(nodes: readonly WNode[]): unknown[] {
  const flat: WNode[] = [];
  for (const n of nodes) {
    if (n.kind === "element" && isFosterHolder(n)) flat.push(...n.children);
    else if (n.kind !== "comment") flat.push(n);
  }
  const out: unknown[] = [];
  for (const n of flat) {
    if (n.kind === "element") out.push([n.name, describeOurs(n.children)]);
    else if (n.kind === "text" && typeof out[out.length - 1] === "string") out[out.length - 1] += n.value;
    else if (n.kind === "text") out.push(n.value);
  }
  return out;
}

type P5Node = DefaultTreeAdapterMap["childNode"];
function describeTheirs(nodes: readonly P5Node[]): unknown[] {
  return nodes.filter((n) => n.nodeName !== "#comment").map((n) => ("tagName" in n ? [n.tagName, describeTheirs(n.childNodes)] : "value" in n ? n.value : null));
}

/** The builder's context: a fragment parsed in <body>, as page content is. */
const BODY = defaultTreeAdapter.createElement("body", html.NS.HTML, []);

describe("text runs starting with whitespace", () => {
  it("build the tree HTML5 builds from the same markup", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 24 }), (steps) => {
        const tokens = tokensOf(steps);
        const ours = buildHtml5Tree(tokens, 1000);
        const theirs = parseFragment(BODY, htmlOf(steps), {});
        expect(describeOurs(ours.children)).toEqual(describeTheirs(theirs.childNodes));
      }),
      { numRuns: 1500 },
    );
  });

  it("keep one text node for a run in body, cell and caption content", () => {
    const steps: Step[] = [{ kind: "open", name: "p" }, { kind: "text", value: "  lead" }, { kind: "close", name: "p" }];
    const p = buildHtml5Tree(tokensOf(steps), 100).children[0];
    expect(p?.kind === "element" && p.children.map((c) => (c.kind === "text" ? c.value : c.kind))).toEqual(["  lead"]);
    const pre: Step[] = [{ kind: "open", name: "pre" }, { kind: "text", value: "\n\nx" }, { kind: "close", name: "pre" }];
    const preEl = buildHtml5Tree(tokensOf(pre), 100).children[0];
    // HTML5 drops only the first newline after <pre>.
    expect(preEl?.kind === "element" && preEl.children.map((c) => (c.kind === "text" ? c.value : c.kind))).toEqual(["\nx"]);
  });
});
