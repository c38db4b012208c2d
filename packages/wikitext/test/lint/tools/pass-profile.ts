// Scratch tool: time of the DOM lint pass alone over the corpus (DOMs built once, passes repeated).
import { wt2dom } from "@wikiloom/wikitext";
import { loadLintScanner, scanSource } from "../../../src/lint/scanner.js";
import { LintContext, linterSettings } from "../../../src/lint/context.js";
import { lintDom } from "../../../src/lint/lint-dom.js";
import { benchmarkEnvFactory } from "../../../../../test/bench/bench-env.js";
import { loadCorpus } from "../../../../../test/bench/corpus.js";

await loadLintScanner();
const envFor = benchmarkEnvFactory();
const docs = [];
let bytes = 0;
for (const a of loadCorpus()) {
  const env = envFor(a.name);
  docs.push({ text: a.text, env, body: await wt2dom(a.text, env) });
  bytes += a.bytes;
}
for (let pass = 0; pass < 5; pass++) {
  const t0 = performance.now();
  for (const d of docs) lintDom(d.body, new LintContext(d.text, d.env.site, d.env.page, linterSettings(undefined), scanSource(d.text), null));
  const ms = performance.now() - t0;
  console.log(`pass ${pass}: ${ms.toFixed(0)} ms, ${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`);
}
