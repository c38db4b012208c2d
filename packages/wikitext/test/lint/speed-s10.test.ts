// Lint-mode speed work that must not change a result: transclusion metadata whose parameters are
// collected only when read, the sibling search of the tree builder's check, and lint mode's own
// walk that unpacks extension bodies and finds the media in them.
import { describe, expect, it } from "vitest";
import { buildTree } from "../../src/preprocessor/build-tree.js";
import { expansionMetadata } from "../../src/preprocessor/data-mw.js";
import type { BraceResolution } from "../../src/preprocessor/expander.js";
import type { PPBrace } from "../../src/preprocessor/tree.js";
import { WElement, WText, WComment } from "../../src/dom/node.js";
import { nextNonSepSibling } from "../../src/lint/dom-utils.js";
import { lint } from "../../src/lint/index.js";
import { lintEnv } from "./lint-env.js";

/** The first call in `source`, with a count of the reads of its parts (where parameters come from). */
function watchedCall(source: string): { node: PPBrace; partReads: () => number } {
  const tree = buildTree(source, { forInclusion: false, extensionTags: [], languageConversion: true, keepRootText: false });
  const node = tree.nodes.find((n): n is PPBrace => typeof n !== "string" && n.kind === "template");
  if (!node) throw new Error("no call in the source");
  const parts = node.parts;
  let reads = 0;
  Object.defineProperty(node, "parts", {
    get() {
      reads++;
      return parts;
    },
  });
  return { node, partReads: () => reads };
}

const CALL = "x {{Say | b = two <!-- note -->|one|  c  = three | b=again}} y";
const VARIABLE: BraceResolution = { kind: "variable", name: "say" };

describe("transclusion metadata made on demand", () => {
  it("gives kind, target and typeof without reading the parameters", () => {
    const { node, partReads } = watchedCall(CALL);
    const meta = expansionMetadata(node, CALL, VARIABLE, false);
    expect(meta.kind).toBe("template");
    expect(meta.target).toEqual({ wt: "Say ", function: "say" });
    expect(meta.typeof).toBe("mw:Transclusion");
    expect(partReads()).toBe(0);
    // The first read of any parameter view collects them, once for all views.
    expect(meta.paramOrder).toEqual(["b", "1", "c"]);
    const afterFirst = partReads();
    expect(afterFirst).toBeGreaterThan(0);
    void meta.paramInfos;
    void meta.part;
    void meta.dataMwJson;
    expect(partReads()).toBe(afterFirst);
  });

  it("gives the same data-mw, pi and part whichever is read first", () => {
    const byJson = expansionMetadata(watchedCall(CALL).node, CALL, VARIABLE, false);
    const json = byJson.dataMwJson;
    const byPart = expansionMetadata(watchedCall(CALL).node, CALL, VARIABLE, false);
    const part = byPart.part;
    expect(byPart.dataMwJson).toBe(json);
    expect(byJson.part).toEqual(part);
    expect(byJson.paramInfos).toEqual(byPart.paramInfos);
    // A repeated name keeps its first place and its last value; spacing is recorded per side.
    expect(JSON.parse(json)).toEqual({
      parts: [{ template: { target: { wt: "Say ", function: "say" }, params: { b: { wt: "again" }, 1: { wt: "one" }, c: { wt: "three" } }, i: 0 } }],
    });
    expect(byPart.paramInfos[2]).toEqual({ k: "c", named: true, spc: ["  ", "  ", " ", " "] });
    expect(byJson.partJson(3)).toBe(json.slice('{"parts":['.length, -"0}}]}".length) + "3}}");
  });

  it("keeps a v3 parser function's first argument (after the colon) as parameter 1", () => {
    const source = "{{#say: first | second}}";
    const { node, partReads } = watchedCall(source);
    const meta = expansionMetadata(node, source, { kind: "function", name: "say", fn: null }, true);
    expect(meta.kind).toBe("parserfunction");
    expect(meta.target).toEqual({ wt: "#say", key: "say" });
    expect(meta.typeof).toBe("mw:Transclusion mw:ParserFunction/say");
    expect(partReads()).toBe(0);
    expect(meta.paramOrder).toEqual(["1", "2"]);
    expect(meta.part).toEqual({ parserfunction: { target: { wt: "#say", key: "say" }, params: { 1: { wt: " first " }, 2: { wt: " second" } }, i: 0 } });
  });
});

describe("the next sibling that is content", () => {
  it("steps over whitespace text and comments, and stops at text with content", () => {
    const parent = new WElement("p");
    const first = new WElement("b");
    const kids = [first, new WText(" \n"), new WComment("c"), new WText("\t"), new WText("x"), new WElement("i")];
    for (const k of kids) parent.appendChild(k);
    expect(nextNonSepSibling(first)).toBe(kids[4]);
    expect(nextNonSepSibling(kids[4]!)).toBe(kids[5]);
    expect(nextNonSepSibling(kids[5]!)).toBeNull();
    expect(nextNonSepSibling(parent)).toBeNull();
  });
});

describe("media inside extension bodies while linting", () => {
  it("are rendered before the checks, as on the page", async () => {
    const env = lintEnv("Test page", ["ref"]);
    const link = "[[File:Nowhere to be found.jpg|left|junk|200px|caption]]";
    const onPage = await lint(link, env);
    const inRef = await lint(`<ref>${link}</ref>`, env);
    const bogus = (items: typeof onPage) => items.filter((i) => i.type === "bogus-image-options");
    expect(bogus(onPage)).toHaveLength(1);
    // A missing file renders as an error: its range has no tag widths, in a body as on the page.
    expect(bogus(inRef)).toEqual([{ ...bogus(onPage)[0]!, dsr: [5, 5 + link.length, null, null] }]);
    expect(bogus(onPage)[0]!.dsr).toEqual([0, link.length, null, null]);
  });
});
