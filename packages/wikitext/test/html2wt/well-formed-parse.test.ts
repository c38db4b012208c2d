import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { html as p5html, parseFragment } from "parse5";
import { describe, expect, it } from "vitest";
import { WElement } from "../../src/dom/node.js";
import { parseWellFormed } from "../../src/html2wt/well-formed-parse.js";
import { htmlInputAdapter as adapter } from "../../src/html2wt/parse-html.js";
import { serializeChildren } from "../../src/output/serialize.js";
import { wt2html } from "../../src/wt2html.js";
import { makeEnv } from "../helpers/env.js";

function viaParse5(html: string): string {
  const context = adapter.createElement("body", p5html.NS.HTML, []);
  const fragment = parseFragment(context, html, { treeAdapter: adapter });
  const holder = new WElement("body");
  for (const c of [...fragment.children]) holder.appendChild(c);
  return serializeChildren(holder, { inlineDataParser: false });
}

function viaFastPath(html: string): string | null {
  const body = parseWellFormed(html);
  return body ? serializeChildren(body, { inlineDataParser: false }) : null;
}

const CORPUS = resolve(fileURLToPath(import.meta.url), "../../../../../../shared/fixtures/corpus");

describe("well-formed HTML fast path", () => {
  it("builds the tree parse5 builds for serializer-written HTML", () => {
    const samples = [
      '<p>a &amp; b <a href="./X" title="x &quot;y&quot;">x</a></p>\n<ul><li>one</li><li>two<ul><li>x</li></ul></li></ul>',
      "<table><tbody><tr><td>a</td>\n<td>b</td></tr></tbody></table><pre>\nkeep</pre><!-- c --><br/><hr>",
      "<div id='x' class=a>t<span data-x=\"{&quot;a&quot;:1}\">s</span></div>",
      // Names in any case; a no-break space is not whitespace to HTML; spaces around "=".
      '<SPAN Class="x" TITLE = \'y\'>a</Span><span title=a\u00a0b\u000bc>x</span>',
      "<div\ttitle=a\n\fclass='b'><br clear=all><hr/></div>",
      "<span title=x/>y</span>", // an unquoted value keeps its "/": the span stays open
    ];
    for (const html of samples) expect(viaFastPath(html)).toBe(viaParse5(html));
  });

  it("reads a whole document's body", () => {
    expect(viaFastPath('<!DOCTYPE html>\n<html><head><meta charset="utf-8"/></head><body lang="en"><p>x</p></body></html>')).toBe("<p>x</p>");
  });

  it("gives up where HTML5 would repair the markup", () => {
    for (const html of [
      "<p>a<div>b</div></p>", // a div closes the paragraph
      "<b>x<i>y</b>z</i>", // misnesting
      "<table><tr><td>x</td></tr></table>", // implied tbody
      "<table>text</table>", // fostered text
      "<ul><li>a<li>b</ul>", // implied end tags
      "<p>unclosed",
      "<span/>x", // a self-closing slash does not close a span
      "a &amp b", // legacy reference without ";"
      "<a_b>x</a_b>", // the tag name runs to the next space, "/" or ">"
      "<p>x</p><body class=a><p>y</p></body>", // a <body> inside a fragment
    ]) {
      expect(parseWellFormed(html), html).toBeNull();
    }
  });

  it.runIf(existsSync(CORPUS))("agrees with parse5 on the corpus output it accepts", { timeout: 120_000 }, async () => {
    const env = makeEnv();
    let accepted = 0;
    const files = readdirSync(CORPUS).filter((f) => f.endsWith(".wiki")).sort().filter((_, i) => i % 4 === 0);
    for (const file of files) {
      const { html } = await wt2html(readFileSync(join(CORPUS, file), "utf8"), env, { bodyOnly: true });
      const fast = viaFastPath(html);
      if (fast === null) continue;
      accepted++;
      expect(fast, file).toBe(viaParse5(html));
    }
    expect(accepted).toBeGreaterThan(files.length * 0.8);
  });
});
