import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The known-failures list: per mode, per test file, the names of cases allowed to fail. It may
 * only shrink: a failure outside it fails the run, a listed case that passes is reported as
 * newly passing so it can be removed.
 */
export const KNOWN_FAILURES_PATH = join(dirname(fileURLToPath(import.meta.url)), "known-failures.json");

export type KnownFailures = Record<string, Record<string, string[]>>;

export function readKnownFailures(path: string = KNOWN_FAILURES_PATH): KnownFailures {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as KnownFailures) : {};
}

export function isKnownFailure(list: KnownFailures, mode: string, file: string, name: string): boolean {
  return list[mode]?.[file]?.includes(name) ?? false;
}

export interface CaseOutcome {
  file: string;
  name: string;
  mode: string;
  passed: boolean;
}

/**
 * The list after a run: entries of the cases that ran are replaced by their outcome, entries of
 * cases that did not run (subset runs) are kept. Sorted so that diffs stay readable.
 */
export function updatedKnownFailures(previous: KnownFailures, outcomes: readonly CaseOutcome[]): KnownFailures {
  const ran = new Set(outcomes.map((o) => `${o.mode}\u0000${o.file}\u0000${o.name}`));
  const merged = new Map<string, Map<string, Set<string>>>();
  const add = (mode: string, file: string, name: string): void => {
    const files = merged.get(mode) ?? new Map<string, Set<string>>();
    const names = files.get(file) ?? new Set<string>();
    names.add(name);
    files.set(file, names);
    merged.set(mode, files);
  };
  for (const [mode, files] of Object.entries(previous)) {
    for (const [file, names] of Object.entries(files)) {
      for (const name of names) if (!ran.has(`${mode}\u0000${file}\u0000${name}`)) add(mode, file, name);
    }
  }
  for (const outcome of outcomes) if (!outcome.passed) add(outcome.mode, outcome.file, outcome.name);

  const result: KnownFailures = {};
  for (const mode of [...merged.keys()].sort()) {
    const files = merged.get(mode)!;
    result[mode] = {};
    for (const file of [...files.keys()].sort()) result[mode][file] = [...files.get(file)!].sort();
  }
  return result;
}

export function writeKnownFailures(list: KnownFailures, path: string = KNOWN_FAILURES_PATH): void {
  writeFileSync(path, `${JSON.stringify(list, null, 2)}\n`);
}
