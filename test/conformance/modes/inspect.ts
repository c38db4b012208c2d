import { parseArgs } from "node:util";
import { writeFileSync } from "node:fs";
import { loadParserTestFixtures } from "../fixtures.js";
import { readKnownFailures } from "../known-failures.js";
import { runWikitextModes, type WikitextMode } from "./run-modes.js";

/**
 * Dev tool: runs the wikitext modes only and shows their failures (expected vs actual wikitext),
 * or groups them by the first differing line.
 *   npx tsx test/conformance/modes/inspect.ts [--mode html2wt] [--file F] [--filter S] [--diffs] [--causes] [--out PATH]
 */
const { values } = parseArgs({
  options: {
    mode: { type: "string" },
    file: { type: "string" },
    filter: { type: "string" },
    diffs: { type: "boolean", default: false },
    causes: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const modes = values.mode ? (values.mode.split(",") as WikitextMode[]) : undefined;
const started = performance.now();
const results = await runWikitextModes({
  fixtures: loadParserTestFixtures(),
  knownFailures: readKnownFailures(),
  ...(modes ? { modes } : {}),
  selection: { file: values.file, filter: values.filter },
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
for (const mode of new Set(results.map((r) => r.mode))) {
  const of = results.filter((r) => r.mode === mode && r.group === "core");
  const passed = of.filter((r) => r.passed).length;
  const feasible = of.filter((r) => !r.parsoidFails);
  const feasiblePassed = feasible.filter((r) => r.passed).length;
  console.log(
    `${mode}: ${passed}/${of.length} (${((100 * passed) / Math.max(1, of.length)).toFixed(1)}%); ` +
      `cases Parsoid passes: ${feasiblePassed}/${feasible.length} (${((100 * feasiblePassed) / Math.max(1, feasible.length)).toFixed(1)}%)`,
  );
}
console.log(`(${seconds} s)`);
const failures = results.filter((r) => !r.passed && r.group === "core");
if (values.out) writeFileSync(values.out, failures.map((r) => JSON.stringify(r)).join("\n") + "\n");
if (values.diffs) {
  for (const r of failures) {
    console.log(`\n=== ${r.mode} ${r.file}: ${r.name}${r.error ? `\nerror: ${r.error}` : ""}`);
    console.log(`--- expected\n${r.expected}\n--- actual\n${r.output}`);
  }
}
if (values.causes) {
  const counts = new Map<string, { n: number; example: string }>();
  for (const r of failures) {
    const e = r.expected.replace(/\n+$/, "");
    const a = r.output.replace(/\n+$/, "");
    let i = 0;
    while (i < e.length && i < a.length && e[i] === a[i]) i++;
    const key = `${r.mode} exp ${JSON.stringify(e.slice(Math.max(0, i - 8), i + 12))} got ${JSON.stringify(a.slice(Math.max(0, i - 8), i + 12))}`;
    const c = counts.get(key) ?? { n: 0, example: `${r.file}: ${r.name}` };
    c.n++;
    counts.set(key, c);
  }
  for (const [k, v] of [...counts].sort((x, y) => y[1].n - x[1].n).slice(0, 60)) console.log(`${String(v.n).padStart(4)} ${k}  e.g. ${v.example}`);
}
