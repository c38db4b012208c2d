// Property test of selective serialization on the corpus: a random single-node edit (change a
// text node, delete a list item, add a paragraph, change a link target) must leave every byte
// outside the edited node's original source range as it was, and parsing the output again must
// give the edited DOM.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { wt2html } from "../../src/wt2html.js";
import { html2wt, htmlToDom, normalizeDom } from "../../src/html2wt/index.js";
import { computeRanges } from "../../src/html2wt/selser/ranges.js";
import { serializeChildren } from "../../src/output/serialize.js";
import type { WElement, WNode } from "../../src/dom/node.js";
import { makeEnv } from "../helpers/env.js";
import { EDIT_KINDS, applyRandomEdit, seededRandom } from "./random-edits.js";

const CORPUS = resolve(fileURLToPath(import.meta.url), "../../../../../../shared/fixtures/corpus");
const ARTICLES = existsSync(CORPUS) ? readdirSync(CORPUS).filter((f) => f.endsWith(".wiki")).sort() : [];

/**
 * What "the same DOM" means here: elements, link targets and text; not parse data, classes, or
 * whitespace-only text between nodes (layout that separators regenerate), empty nowiki spans.
 */
function shape(el: WElement): string {
  let out = "";
  const walk = (n: WNode): void => {
    if (n.kind === "text") out += n.value.trim() === "" ? "" : n.value;
    else if (n.kind === "comment") out += `<!--${n.value}-->`;
    else if (n.getAttribute("typeof") === "mw:Nowiki" && n.children.length === 0) {
      // <nowiki/> separators render nothing (Parsoid's comparisons drop them too).
    } else {
      const href = n.name === "a" || n.name === "link" ? ` href=${n.getAttribute("href")?.replace(/\?action=edit&redlink=1$/, "")}` : "";
      out += `<${n.name}${href}>`;
      n.children.forEach(walk);
      out += `</${n.name}>`;
    }
  };
  el.children.forEach(walk);
  return out;
}

describe("selser property: random single-node edits on corpus articles", () => {
  const env = makeEnv();
  const sample = ARTICLES.filter((_, i) => i % 8 === 0);
  it.runIf(ARTICLES.length > 0)("keeps the bytes outside the edited node and re-parses to the edited DOM", { timeout: 120_000 }, async () => {
    const random = seededRandom(20261121);
    let edits = 0;
    for (const file of sample) {
      const source = readFileSync(join(CORPUS, file), "utf8");
      const { html } = await wt2html(source, env, { bodyOnly: true });
      for (const kind of EDIT_KINDS) {
        const body = htmlToDom(html);
        normalizeDom(body, { scrub: false });
        const ranges = computeRanges(body, source);
        const edit = applyRandomEdit(body, kind, ranges, random);
        if (!edit) continue;
        edits++;
        const edited = serializeChildren(body, { inlineDataParser: true });
        const output = await html2wt(edited, env, { original: { wikitext: source, html } });
        const label = `${file}: ${edit.describe}`;
        expect(output.slice(0, edit.range.start), label).toBe(source.slice(0, edit.range.start));
        const suffix = source.length - edit.range.end;
        expect(output.slice(output.length - suffix), label).toBe(source.slice(edit.range.end));

        const reparsed = htmlToDom((await wt2html(output, env, { bodyOnly: true })).html);
        normalizeDom(reparsed, { scrub: false });
        const expectedDom = htmlToDom(edited);
        normalizeDom(expectedDom, { scrub: false });
        expect(shape(reparsed), label).toBe(shape(expectedDom));
      }
    }
    expect(edits).toBeGreaterThan(sample.length * 2);
  });
});
