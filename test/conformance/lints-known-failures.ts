import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Lint cases that fail today (by id); the list only shrinks. */
export const LINT_KNOWN_FAILURES_PATH = join(dirname(fileURLToPath(import.meta.url)), "lints-known-failures.json");

export function loadLintKnownFailures(): Set<number> {
  const file = JSON.parse(readFileSync(LINT_KNOWN_FAILURES_PATH, "utf8")) as { ids: number[] };
  return new Set(file.ids);
}
