import { readFileSync, readdirSync } from "node:fs";
import { wt2html } from "../../src/index.js";
import { makeEnv } from "../helpers/env.js";
const dir = "/work/shared/fixtures/corpus";
const names = readdirSync(dir).filter((f) => f.endsWith(".wiki"));
const env = makeEnv();
const res: Array<[string, number, number]> = [];
for (let pass = 0; pass < 3; pass++) {
  for (const f of names) {
    const s = readFileSync(`${dir}/${f}`, "utf8");
    const t0 = performance.now();
    await wt2html(s, env);
    const ms = performance.now() - t0;
    if (pass === 2) res.push([f, s.length, ms]);
  }
}
res.sort((a, b) => b[2] / b[1] - a[2] / a[1]);
for (const [f, n, ms] of res.slice(0, 12)) console.log(`${f} ${n} chars ${ms.toFixed(1)} ms ${(n / 1e3 / ms).toFixed(2)} MB/s`);
const tot = res.reduce((a, r) => a + r[2], 0); console.log("total ms", tot.toFixed(0));
