import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SHARED_DIR } from "../conformance/fixtures.js";

/** The benchmark corpus: real articles in ../shared/fixtures/corpus/*.wiki. */
export const CORPUS_DIR = join(SHARED_DIR, "fixtures/corpus");

export interface Article {
  name: string;
  text: string;
  /** UTF-8 size, the unit of the MB/s figures. */
  bytes: number;
}

export function corpusAvailable(): boolean {
  return existsSync(CORPUS_DIR);
}

export function loadCorpus(): Article[] {
  const encoder = new TextEncoder();
  return readdirSync(CORPUS_DIR)
    .filter((file) => file.endsWith(".wiki"))
    .sort()
    .map((file) => {
      const text = readFileSync(join(CORPUS_DIR, file), "utf8");
      return { name: file.replace(/\.wiki$/, ""), text, bytes: encoder.encode(text).length };
    });
}
