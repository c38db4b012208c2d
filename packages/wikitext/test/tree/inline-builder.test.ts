// The tree builder without parse5 (tree/inline-builder.ts) must build exactly what parse5's HTML5
// tree construction builds for every stream it accepts: random inline token streams (most of them
// plain nesting, some misnested or holding blocks, which it must leave to parse5) go through
// both, and the trees, their closing positions and the parse data are compared.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { WNode } from "../../src/dom/node.js";
import { buildHtml5Tree } from "../../src/tree/builder.js";
import { buildInlineTree } from "../../src/tree/inline-builder.js";
import type { Token } from "../../src/tokenizer/tokens.js";

/** A token stream as a recipe, so that each builder gets its own fresh tokens (building sets parse data). */
type Step =
  | { kind: "open"; name: string; html: boolean; withTsr: boolean; attr: boolean }
  | { kind: "close"; name: string; withTsr: boolean }
  | { kind: "void"; name: string; self: boolean }
  | { kind: "text"; value: string }
  | { kind: "comment" }
  | { kind: "nl" };

const INLINE = ["span", "b", "i", "a", "small", "sup", "code", "abbr", "s", "u"];
const OTHER = ["div", "p", "td", "nobr", "li", "table", "pre", "h2"];
const VOIDS = ["br", "img", "meta", "link", "wbr", "hr"];

const name = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...INLINE) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER) });
const textValue = fc.constantFrom("x", "a b", " ", "\n", "  y ", "\0", "z\0w", "");

/** A nested structure flattened: mostly plain nesting, with a chance of a missing or stray end tag. */
const leaf: fc.Arbitrary<Step[]> = fc.oneof(
  { weight: 3, arbitrary: textValue.map((value): Step[] => [{ kind: "text", value }]) },
  { weight: 1, arbitrary: fc.constant<Step[]>([{ kind: "comment" }]) },
  { weight: 1, arbitrary: fc.constant<Step[]>([{ kind: "nl" }]) },
  { weight: 1, arbitrary: fc.record({ name: fc.constantFrom(...VOIDS), self: fc.boolean() }).map((v): Step[] => [{ kind: "void", ...v }]) },
);

const nested: fc.Memo<Step[]> = fc.memo((depth) => {
  if (depth <= 0) return fc.array(leaf, { maxLength: 5 }).map((parts) => parts.flat());
  const element = fc
    .record({ name, html: fc.boolean(), withTsr: fc.boolean(), attr: fc.boolean(), inner: nested(depth - 1), end: fc.constantFrom("close", "close", "close", "close", "omit", "other"), endTsr: fc.boolean() })
    .map(({ name, html, withTsr, attr, inner, end, endTsr }): Step[] => [
      { kind: "open", name, html, withTsr, attr },
      ...inner,
      ...(end === "omit" ? [] : [{ kind: "close" as const, name: end === "other" ? "i" : name, withTsr: endTsr }]),
    ]);
  const part = fc.oneof({ weight: 6, arbitrary: leaf }, { weight: 3, arbitrary: element });
  return fc.array(part, { maxLength: 5 }).map((parts) => parts.flat());
});

function tokensOf(steps: readonly Step[]): { tokens: Token[]; length: number } {
  const tokens: Token[] = [];
  let pos = 0;
  for (const s of steps) {
    const start = pos;
    switch (s.kind) {
      case "open":
        pos += 3;
        tokens.push({ type: "start", name: s.name, attrs: s.attr ? [{ name: "class", value: "c" }] : [], dp: { ...(s.html ? { stx: "html" } : {}), ...(s.withTsr ? { tsr: [start, pos] as [number, number] } : {}) } });
        break;
      case "close":
        pos += 4;
        tokens.push({ type: "end", name: s.name, dp: s.withTsr ? { tsr: [start, pos] } : {} });
        break;
      case "void":
        pos += 4;
        tokens.push({ type: s.self ? "self" : "start", name: s.name, attrs: [], dp: { tsr: [start, pos] } });
        break;
      case "text":
        pos += s.value.length;
        tokens.push({ type: "text", value: s.value, start, end: pos });
        break;
      case "comment":
        pos += 8;
        tokens.push({ type: "comment", value: "c", start, end: pos });
        break;
      case "nl":
        pos += 1;
        tokens.push({ type: "nl", start, end: pos });
        break;
    }
  }
  return { tokens, length: pos };
}

/** Everything a later pass can see of the tree. */
function describeTree(nodes: readonly WNode[]): unknown[] {
  return nodes.map((n) => {
    if (n.kind !== "element") return [n.kind, n.value];
    return [n.name, n.namespace, n.attrs.map((a) => `${a.name}=${a.value}`), JSON.stringify(n.dp), n.closeEnd, n.closeWidth, describeTree(n.children)];
  });
}

describe("tree building without parse5", () => {
  it("builds what HTML5 tree construction builds, for every stream it takes", () => {
    let taken = 0;
    let runs = 0;
    fc.assert(
      fc.property(nested(4), (steps) => {
        runs++;
        const inline = buildInlineTree(tokensOf(steps).tokens, tokensOf(steps).length);
        if (!inline) return;
        taken++;
        const { tokens, length } = tokensOf(steps);
        expect(describeTree(inline.children)).toEqual(describeTree(buildHtml5Tree(tokens, length).children));
        for (const c of inline.children) expect(c.parent).toBe(inline);
      }),
      { numRuns: 600 },
    );
    // Most generated streams are plain nesting: the comparison is not vacuous.
    expect(taken).toBeGreaterThan(runs / 4);
  });

  it("leaves misnested, block and link-in-link streams to parse5", () => {
    const t = (steps: Step[]) => tokensOf(steps).tokens;
    const open = (name: string): Step => ({ kind: "open", name, html: true, withTsr: true, attr: false });
    const close = (name: string): Step => ({ kind: "close", name, withTsr: true });
    expect(buildInlineTree(t([open("b"), open("i"), close("b"), close("i")]), 20)).toBeNull();
    expect(buildInlineTree(t([open("span"), open("div"), close("div"), close("span")]), 20)).toBeNull();
    expect(buildInlineTree(t([open("a"), open("a"), close("a"), close("a")]), 20)).toBeNull();
    expect(buildInlineTree(t([close("span")]), 20)).toBeNull();
    expect(buildInlineTree(t([open("a"), close("a"), open("a"), close("a")]), 20)).not.toBeNull();
  });
});
