// Before the separate lint scan (assembly/lint/scan.ts) is removed: the records the tokenizer
// makes in its own pass equal the old scan's on the corpus and on every lints.jsonl input.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LINT_RECORD_WORDS } from "../assembly/lint/kinds.js";
import { readTokenizerWasm } from "../src/node.js";
import { Tokenizer } from "../src/tokenizer.js";

const CORPUS = new URL("../../../shared/fixtures/corpus/", import.meta.url);
const LINTS = new URL("../../../shared/fixtures/parsoid/lints.jsonl", import.meta.url);
const RAW_TAGS = ["nowiki", "pre", "includeonly", "ref", "references", "gallery", "poem", "math", "syntaxhighlight", "source", "indicator", "section"];

interface OldScan {
  memory: WebAssembly.Memory;
  inputBuffer(len: number): number;
  lintScan(ptr: number, len: number): number;
  lintScanRecordsPtr(): number;
}

function inputs(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (existsSync(CORPUS)) {
    for (const f of readdirSync(CORPUS)) if (f.endsWith(".wiki")) out.push([f, readFileSync(new URL(f, CORPUS), "utf8")]);
  }
  if (existsSync(LINTS)) {
    for (const line of readFileSync(LINTS, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const c = JSON.parse(line) as { id: number; wikitext: string };
      out.push([`lints#${c.id}`, c.wikitext]);
    }
  }
  return out;
}

function sorted(words: Int32Array, count: number): string[] {
  const out: string[] = [];
  for (let r = 0; r < count; r++) out.push(Array.from(words.subarray(r * LINT_RECORD_WORDS, r * LINT_RECORD_WORDS + 4)).join(","));
  return out.sort();
}

describe("lint records vs the old separate scan", () => {
  it("are the same on the corpus and on lints.jsonl", async () => {
    const module = await WebAssembly.compile((await readTokenizerWasm()) as Uint8Array<ArrayBuffer>);
    const tokenizer = await Tokenizer.instantiate(module);
    tokenizer.setRawTags(RAW_TAGS);
    const old = (await WebAssembly.instantiate(module, {})).exports as unknown as OldScan;
    const cases = inputs();
    expect(cases.length).toBeGreaterThan(100);
    for (const [name, text] of cases) {
      const ptr = old.inputBuffer(text.length);
      const units = new Uint16Array(old.memory.buffer, ptr, text.length);
      for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
      const n = old.lintScan(ptr, text.length);
      const before = sorted(new Int32Array(old.memory.buffer, old.lintScanRecordsPtr(), n * LINT_RECORD_WORDS), n);
      const now = tokenizer.tokenizeWithLint(text);
      expect(sorted(now.lintRecords, now.lintRecordCount), name).toEqual(before);
    }
  });
});
