// Scratch tool: time of the DOM lint pass alone over the corpus (DOMs built once, passes repeated).
import { wt2dom } from "@wikiloom/wikitext";
import { lexicalFacts, type LexicalFacts } from "../../../src/lint/lexical.js";
import { LintContext, linterSettings } from "../../../src/lint/context.js";
import { lintDom } from "../../../src/lint/lint-dom.js";
import { benchmarkEnvFactory } from "../../../../../test/bench/bench-env.js";
import { loadCorpus } from "../../../../../test/bench/corpus.js";

const envFor = benchmarkEnvFactory();
const docs = [];
let bytes = 0;
for (const a of loadCorpus()) {
  const env = envFor(a.name);
  let lexical: LexicalFacts | null = null;
  const body = await wt2dom(a.text, env, { lint: { onLexicalRecords: (stream) => (lexical = lexicalFacts(a.text, stream)) } });
  docs.push({ text: a.text, env, body, lexical: lexical! });
  bytes += a.bytes;
}
for (let pass = 0; pass < 5; pass++) {
  const t0 = performance.now();
  for (const d of docs) lintDom(d.body, new LintContext(d.text, d.env.site, d.env.page, linterSettings(undefined), d.lexical, null));
  const ms = performance.now() - t0;
  console.log(`pass ${pass}: ${ms.toFixed(0)} ms, ${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`);
}
