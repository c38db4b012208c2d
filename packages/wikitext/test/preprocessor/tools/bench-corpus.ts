// Preprocessor throughput on the shared corpus (templates missing, as in the engine benchmark):
// MB/s over all articles, and the slowest articles.
// Run: npx tsx packages/wikitext/test/preprocessor/tools/bench-corpus.ts
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { preprocess } from "../../../src/preprocessor/index.js";
import { makeEnv } from "../env.js";

const dir = join(import.meta.dirname, "../../../../../../shared/fixtures/corpus");
const files = readdirSync(dir).filter((f) => f.endsWith(".wiki"));
const texts = files.map((f) => readFileSync(join(dir, f), "utf8"));
const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
const env = makeEnv();
for (const t of texts) await preprocess(t, env); // warm-up
const rounds = 5;
const per: number[] = new Array(texts.length).fill(0);
const cpuStart = process.cpuUsage();
const start = performance.now();
for (let r = 0; r < rounds; r++) {
  for (let i = 0; i < texts.length; i++) {
    const t0 = performance.now();
    await preprocess(texts[i]!, env);
    per[i]! += performance.now() - t0;
  }
}
const seconds = (performance.now() - start) / 1000 / rounds;
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6 / rounds;
// CPU time is the steadier measure on a shared machine.
console.log(`${files.length} articles, ${(bytes / 1e6).toFixed(2)} MB: ${(bytes / 1e6 / seconds).toFixed(1)} MB/s wall, ${(bytes / 1e6 / cpuSeconds).toFixed(1)} MB/s CPU`);
const slowest = per.map((ms, i) => ({ ms: ms / rounds, file: files[i]!, kb: texts[i]!.length / 1000 })).sort((a, b) => b.ms - a.ms).slice(0, 5);
for (const s of slowest) console.log(`  ${s.ms.toFixed(1)} ms  ${s.kb.toFixed(0)} kB  ${s.file}`);
