// Scratch tool: lint types over the benchmark corpus, with a few samples per type.
import { lint } from "../../../src/lint/index.js";
import { benchmarkEnvFactory } from "../../../../../test/bench/bench-env.js";
import { loadCorpus } from "../../../../../test/bench/corpus.js";
const envFor = benchmarkEnvFactory();
const counts = new Map<string, number>();
const samples = new Map<string, string[]>();
for (const a of loadCorpus()) {
  for (const item of await lint(a.text, envFor(a.name))) {
    counts.set(item.type, (counts.get(item.type) ?? 0) + 1);
    const list = samples.get(item.type) ?? [];
    if (list.length < 3) list.push(`${a.name}: ${JSON.stringify(a.text.slice(item.dsr[0], Math.min(item.dsr[1], item.dsr[0] + 80)))} ${JSON.stringify(item.params ?? {})}`);
    samples.set(item.type, list);
  }
}
for (const [type, n] of [...counts].sort((x, y) => y[1] - x[1])) {
  console.log(type, n);
  for (const s of samples.get(type)!) console.log("   ", s);
}
