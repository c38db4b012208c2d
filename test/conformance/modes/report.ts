import type { ModeResult, WikitextMode } from "./run-modes.js";
import { WIKITEXT_MODES, unexpectedModeFailures } from "./run-modes.js";

/** Text report of the wikitext modes, in the wt2html report's format: per file, then per mode. */
export const MODE_TARGETS: Record<WikitextMode, number> = { wt2wt: 0.9, html2wt: 0.8, selser: 0.8 };

function percent(passed: number, failed: number): string {
  const total = passed + failed;
  return total === 0 ? "n/a" : `${((100 * passed) / total).toFixed(1)}%`;
}

function line(label: string, results: readonly ModeResult[]): string {
  const passed = results.filter((r) => r.passed).length;
  const failed = results.length - passed;
  return `${label}: ${passed} passed, ${failed} failed (${percent(passed, failed)})`;
}

export function formatModesReport(results: readonly ModeResult[]): string {
  const out: string[] = [];
  const overall: string[] = [];
  for (const mode of WIKITEXT_MODES) {
    const ofMode = results.filter((r) => r.mode === mode);
    if (ofMode.length === 0) continue;
    const core = ofMode.filter((r) => r.group === "core");
    out.push(`Per file (${mode}):`);
    const files = [...new Set(core.map((r) => r.file))].sort();
    for (const file of files) out.push(`  ${line(file, core.filter((r) => r.file === file))}`);
    out.push("");
    const passed = core.filter((r) => r.passed).length;
    const below = core.length > 0 && passed / core.length < MODE_TARGETS[mode];
    overall.push(`${line(mode, core)}${below ? ` (below the ${MODE_TARGETS[mode] * 100}% target)` : ""}`);
    const parsoidPasses = core.filter((r) => !r.parsoidFails);
    if (parsoidPasses.length < core.length) overall.push(line(`${mode} (cases Parsoid itself passes)`, parsoidPasses));
    const variants = ofMode.filter((r) => r.group === "language-variant");
    if (variants.length > 0) overall.push(line(`${mode} language variants`, variants));
  }
  const newly = results.filter((r) => r.passed && r.knownFailure);
  if (newly.length > 0) {
    out.push(`Newly passing (remove from known-failures.json): ${newly.length}`);
    for (const r of newly) out.push(`  ${r.mode} ${r.file}: ${r.name}`);
    out.push("");
  }
  const unexpected = unexpectedModeFailures(results);
  if (unexpected.length > 0) {
    out.push(`Unexpected failures (not in known-failures.json): ${unexpected.length}`);
    for (const r of unexpected) out.push(`  ${r.mode} ${r.file}: ${r.name}${r.error ? ` [${r.error}]` : ""}`);
    out.push("");
  }
  out.push(...overall);
  return out.join("\n");
}
