// Time ratio of pathological inputs at n and 2n through the whole wt2html pipeline.
import { wt2html } from "../../src/index.js";
import { makeEnv } from "../helpers/env.js";
const env = makeEnv();
const cases: Record<string, (n: number) => string> = {
  "[[": (n) => "[[a".repeat(n), "{{": (n) => "{{a".repeat(n), "'''": (n) => "'''a".repeat(n),
  "<b>": (n) => "<b>a".repeat(n), "list": (n) => "*".repeat(n / 10) + " x\n", "2MB line": (n) => "word [x] ''y'' &amp; ".repeat(n),
};
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const [name, make] of Object.entries(cases)) {
  const n = name === "2MB line" ? 50_000 : 50_000;
  await wt2html(make(n / 10), env);
  const t0 = cpu(); await wt2html(make(n), env); const a = cpu() - t0;
  const t1 = cpu(); await wt2html(make(2 * n), env); const b = cpu() - t1;
  console.log(name.padEnd(10), `${a.toFixed(0)} ms / ${b.toFixed(0)} ms ratio ${(b / a).toFixed(2)}`);
}
