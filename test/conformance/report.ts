import { type CaseResult, type Tally, newlyPassing, tally, unexpectedFailures } from "./runner-core.js";

/** Text report of a conformance run: pass counts per file and per mode, and what changed. */

/** Files that must each pass at least 85% in wt2html (issue 3), and the overall bar. */
export const FILE_TARGET = 0.85;
export const OVERALL_TARGET = 0.6;
export const TARGET_FILES = [
  "quotes.txt", "headings.txt", "pWrapping.txt", "indentPre.txt", "preTags.txt", "comments.txt",
  "definitionLists.txt", "tables.txt", "tableFixupsParserTests.txt", "extLinks.txt", "magicLinks.txt",
  "sanitizer.txt", "badCharacters.txt",
];

function percent(t: Tally): string {
  const total = t.passed + t.failed;
  return total === 0 ? "n/a" : `${((100 * t.passed) / total).toFixed(1)}%`;
}

function line(label: string, t: Tally): string {
  return `${label}: ${t.passed} passed, ${t.failed} failed (${percent(t)})`;
}

function byFile(results: readonly CaseResult[]): Map<string, CaseResult[]> {
  const files = new Map<string, CaseResult[]>();
  for (const result of results) {
    const list = files.get(result.file) ?? [];
    list.push(result);
    files.set(result.file, list);
  }
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function formatReport(results: readonly CaseResult[], metadataOnlyCount: number): string {
  const out: string[] = [];
  const core = results.filter((r) => r.group === "core");
  const variants = results.filter((r) => r.group === "language-variant");

  out.push("Per file (wt2html):");
  for (const [file, fileResults] of byFile(core)) out.push(`  ${line(file, tally(fileResults))}`);
  if (variants.length > 0) {
    out.push("Per file, language-variant cases (wt2html):");
    for (const [file, fileResults] of byFile(variants)) out.push(`  ${line(file, tally(fileResults))}`);
  }

  out.push("");
  const targets: string[] = [];
  for (const file of TARGET_FILES) {
    const fileResults = core.filter((r) => r.file === file);
    if (fileResults.length === 0) continue;
    const t = tally(fileResults);
    const ok = t.passed / (t.passed + t.failed) >= FILE_TARGET;
    targets.push(`${file.replace(/\.txt$/, "")} ${percent(t)}${ok ? "" : " (below 85%)"}`);
  }
  if (targets.length > 0) out.push(`Target files: ${targets.join(", ")}`);
  if (metadataOnlyCount > 0) out.push(`Not judged: ${metadataOnlyCount} wt2html cases that only check metadata`);

  const newly = newlyPassing(results);
  if (newly.length > 0) {
    out.push("", `Newly passing (remove from known-failures.json): ${newly.length}`);
    for (const r of newly) out.push(`  ${r.file}: ${r.name}`);
  }
  const unexpected = unexpectedFailures(results);
  if (unexpected.length > 0) {
    out.push("", `Unexpected failures (not in known-failures.json): ${unexpected.length}`);
    for (const r of unexpected) out.push(`  ${r.file}: ${r.name}${r.error ? ` [${r.error}]` : ""}`);
  }

  out.push("");
  const coreTally = tally(core);
  out.push(`${line("wt2html", coreTally)}${coreTally.passed + coreTally.failed > 0 && coreTally.passed / (coreTally.passed + coreTally.failed) < OVERALL_TARGET ? " (below the 60% target)" : ""}`);
  out.push(line("wt2html language variants", tally(variants)));
  return out.join("\n");
}
