// Scratch tool: prints the DOM (with parse data) that wt2dom builds for a lint case.
import { wt2dom, type WNode } from "@wikiloom/wikitext";
import { lintEnvFactory, loadLintCases } from "../../../../../test/conformance/lints-fixtures.js";

const cases = loadLintCases();
const envFor = lintEnvFactory();
function dump(n: WNode, depth: number): void {
  const pad = "  ".repeat(depth);
  if (n.kind === "text") console.log(pad + JSON.stringify(n.value));
  else if (n.kind === "comment") console.log(pad + "<!--" + n.value + "-->");
  else {
    const { tmpEnd, tmpCloseWidth, ...dp } = (n.dp ?? {}) as Record<string, unknown>;
    console.log(pad + "<" + n.name + " " + n.attrs.map((a) => `${a.name}=${JSON.stringify(a.value)}`).join(" ") + "> dp=" + JSON.stringify(dp) + (n.mw ? " mw=" + JSON.stringify(n.mw) : ""));
    for (const c of n.children) dump(c, depth + 1);
  }
}
for (const arg of process.argv.slice(2)) {
  const c = /^\d+$/.test(arg) ? cases.find((x) => x.id === Number(arg))! : { id: -1, wikitext: arg, title: null } as never;
  console.log("=== " + c.id + " " + JSON.stringify(c.wikitext));
  const body = await wt2dom(c.wikitext, envFor(c));
  dump(body, 0);
}
