// Corpus articles as fuzzing seeds, read at run time from ../shared (none when it is absent:
// the generated inputs still run, the seed-based ones are skipped).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SHARED_DIR } from "../conformance/fixtures.js";

export const CORPUS_DIR = join(SHARED_DIR, "fixtures/corpus");

export interface Seed {
  name: string;
  text: string;
}

let cached: Seed[] | null = null;

/** Every corpus article, sorted by name so a seed number picks the same article everywhere. */
export function corpusSeeds(): readonly Seed[] {
  if (cached) return cached;
  cached = existsSync(CORPUS_DIR)
    ? readdirSync(CORPUS_DIR)
        .filter((f) => f.endsWith(".wiki"))
        .sort()
        .map((name) => ({ name, text: readFileSync(join(CORPUS_DIR, name), "utf8") }))
    : [];
  return cached;
}
