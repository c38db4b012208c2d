// Quick throughput check over the shared corpus (the real benchmark lives in test/bench).
import { readFileSync, readdirSync } from "node:fs";
import { wt2html } from "../../src/index.js";
import { makeEnv } from "../helpers/env.js";
const dir = new URL("../../../../../shared/fixtures/corpus", import.meta.url).pathname;
const files = readdirSync(dir).filter((f) => f.endsWith(".wiki")).map((f) => readFileSync(`${dir}/${f}`, "utf8"));
const bytes = files.reduce((n, s) => n + Buffer.byteLength(s), 0);
const env = makeEnv();
for (let pass = 0; pass < Number(process.argv[2] ?? 4); pass++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (const s of files) await wt2html(s, env, { bodyOnly: false });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const cpuMs = (c.user + c.system) / 1000;
  console.log(`pass ${pass}: wall ${(bytes / 1e6 / (ms / 1000)).toFixed(2)} MB/s (${ms.toFixed(0)} ms), cpu ${(bytes / 1e6 / (cpuMs / 1000)).toFixed(2)} MB/s, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
}
