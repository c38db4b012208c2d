// Scratch tool: lint time on pathological inputs.
import { lint } from "../../../src/lint/index.js";
import { benchmarkEnvFactory } from "../../../../../test/bench/bench-env.js";
const env = benchmarkEnvFactory()("Patho");
const n = Number(process.argv[2] ?? 5000);
const inputs: Record<string, string> = {
  unclosedB: "<b>x".repeat(n),
  unclosedSpan: "<span>x".repeat(n),
  spanPara: "<span>x\n\n".repeat(n),
  strayEnds: "</span>x".repeat(n),
  misnested: "<b><i>x</b></i>".repeat(n),
  nowrap: "<span style='white-space:nowrap'>a </span>".repeat(n),
  tables: "{|\n|x\n".repeat(n),
  quotes: "'''x\n".repeat(n),
  links: "[[::x]]".repeat(n),
  smalls: "<div><small>x</div>".repeat(n),
};
for (const [name, text] of Object.entries(inputs)) {
  const t0 = performance.now();
  const items = await lint(text, env);
  console.log(name.padEnd(14), (performance.now() - t0).toFixed(0).padStart(6), "ms", items.length, "lints");
}
