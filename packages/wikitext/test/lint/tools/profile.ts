// Scratch tool: where does lint time go on the corpus (preprocess, wt2dom in lint mode with the
// lexical records, DOM pass)?
import { wt2dom } from "@wikiloom/wikitext";
import { preprocess } from "../../../src/preprocessor/index.js";
import { lexicalFacts, type LexicalFacts } from "../../../src/lint/lexical.js";
import { LintContext, linterSettings } from "../../../src/lint/context.js";
import { lintDom } from "../../../src/lint/lint-dom.js";
import { benchmarkEnvFactory } from "../../../../../test/bench/bench-env.js";
import { loadCorpus } from "../../../../../test/bench/corpus.js";

const articles = loadCorpus();
const envFor = benchmarkEnvFactory();
const t = { pre: 0, dom: 0, pass: 0 };
const per: Array<[string, number]> = [];
for (let pass = 0; pass < 2; pass++) {
  for (const a of articles) {
    const env = envFor(a.name);
    let t0 = performance.now();
    const pre = await preprocess(a.text, env);
    let t1 = performance.now(); t.pre += t1 - t0; t0 = t1;
    let lex: LexicalFacts | null = null;
    const body = await wt2dom(pre.text, env, { expandTemplates: false, lint: { onLexicalRecords: (stream) => (lex = lexicalFacts(pre.text, stream)) } });
    t1 = performance.now(); t.dom += t1 - t0; t0 = t1;
    const ctx = new LintContext(pre.text, env.site, env.page, linterSettings(undefined), lex!, null);
    lintDom(body, ctx);
    t1 = performance.now(); t.pass += t1 - t0;
    if (pass === 1) per.push([a.name, t1 - t0]);
  }
}
console.log(t);
console.log(per.sort((x, y) => y[1] - x[1]).slice(0, 5));
