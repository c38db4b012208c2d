// Attribution of lints to transclusions from DOM metadata (about-groups with data-mw), the path
// used once the engine encapsulates transclusions itself.
import { describe, expect, it } from "vitest";
import { WElement } from "../../src/dom/node.js";
import { LintContext, linterSettings } from "../../src/lint/context.js";
import { lintDom } from "../../src/lint/lint-dom.js";
import { lexicalOf } from "./lexical-of.js";
import { attributeToTransclusions, transclusionGroups } from "../../src/lint/transclusions.js";
import { lintEnv } from "./lint-env.js";

function element(name: string, dsr: [number, number, number, number], attrs: Record<string, string> = {}, stx?: string): WElement {
  const el = new WElement(name, Object.entries(attrs).map(([n, value]) => ({ name: n, value })));
  el.dp = { dsr, ...(stx ? { stx } : {}) };
  return el;
}

describe("lints in encapsulated transclusions", () => {
  // Source "x {{1x|<tt>a</tt>}} <tt>b</tt>": the first <tt> came from the template.
  const source = "x {{1x|<tt>a</tt>}} <tt>b</tt>";

  function build(): WElement {
    const body = new WElement("body");
    const p = element("p", [0, 30, 0, 0]);
    const fromTemplate = element("tt", [2, 19, 0, 0], { about: "#mwt1", typeof: "mw:Transclusion" }, "html");
    fromTemplate.mw = { parts: [{ template: { target: { wt: "1x", href: "./Template:1x" }, params: { 1: { wt: "<tt>a</tt>" } }, i: 0 } }] };
    const own = element("tt", [20, 30, 4, 5], {}, "html");
    body.appendChild(p);
    p.appendChild(fromTemplate);
    p.appendChild(own);
    return body;
  }

  it("finds the about-groups and points their lints at the transclusion", async () => {
    const body = build();
    const env = lintEnv();
    const ctx = new LintContext(source, env.site, env.page, linterSettings(undefined), await lexicalOf(source));
    lintDom(body, ctx);
    const groups = transclusionGroups(body);
    expect(groups).toEqual([{ start: 2, end: 19, templateInfo: { name: "Template:1x" } }]);
    expect(attributeToTransclusions(ctx.items, groups)).toEqual([
      { type: "obsolete-tag", dsr: [2, 19, null, null], params: { name: "tt" }, templateInfo: { name: "Template:1x" } },
      { type: "obsolete-tag", dsr: [20, 30, 4, 5], params: { name: "tt" } },
    ]);
  });

  it("names multi-part blocks as such", () => {
    const body = new WElement("body");
    const div = element("div", [0, 10, 0, 0], { about: "#mwt2", typeof: "mw:Transclusion" });
    div.mw = { parts: [{ template: { target: { wt: "a", href: "./Template:A" }, params: {}, i: 0 } }, "x", { template: { target: { wt: "b", href: "./Template:B" }, params: {}, i: 1 } }] };
    body.appendChild(div);
    expect(transclusionGroups(body)[0]!.templateInfo).toEqual({ name: null, multiPartTemplateBlock: true });
  });
});
