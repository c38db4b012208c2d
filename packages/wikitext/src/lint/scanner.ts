// The lexical lint scan runs in the wasm module (wasm/assembly/lint/scan.ts). The linter keeps its
// own instance of the module, so it never touches the tokenizer's state; the document is copied
// into wasm memory once and the records are read back through one typed-array view.
import { tokenizerWasmUrl } from "@wikiloom/wasm";
import {
  L_END_TAG,
  L_MULTI_COLON_LINK,
  L_START_TAG,
  L_TEMPLATE_ARG,
  L_TABLE_END,
  LINT_RECORD_WORDS,
} from "../../../../wasm/assembly/lint/kinds.js";

interface LintExports {
  memory: WebAssembly.Memory;
  inputBuffer(len: number): number;
  lintScan(ptr: number, len: number): number;
  lintRecordsPtr(): number;
}

/** A tag as written in the source: `<name ...>` or `</name ...>`. */
export interface SourceTag {
  /** Lower-case tag name. */
  name: string;
  start: number;
  end: number;
}

export interface SourceSpan {
  start: number;
  end: number;
}

export interface LexicalFacts {
  startTags: SourceTag[];
  endTags: SourceTag[];
  /** `[[::x]]` links: span and number of leading colons. */
  multiColonLinks: Array<SourceSpan & { colons: number }>;
  templateArgs: SourceSpan[];
  /** `|}` at line starts. */
  tableEnds: SourceSpan[];
}

let exportsOf: LintExports | null = null;
let loading: Promise<void> | null = null;

/** Loads the lint scanner once (bytes or a compiled module; by default the package's build). */
export function loadLintScanner(wasm?: BufferSource | WebAssembly.Module): Promise<void> {
  if (exportsOf) return Promise.resolve();
  loading ??= (async () => {
    const module = wasm instanceof WebAssembly.Module ? wasm : await WebAssembly.compile(wasm ?? (await defaultBytes()));
    const instance = await WebAssembly.instantiate(module, {});
    exportsOf = instance.exports as unknown as LintExports;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function defaultBytes(): Promise<BufferSource> {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process;
  if (typeof proc?.versions?.node === "string") {
    // A computed specifier keeps browser bundlers away from the Node file loader.
    const nodeEntry = "@wikiloom/wasm/node";
    const mod = (await import(/* @vite-ignore */ nodeEntry)) as { readTokenizerWasm(): Promise<Uint8Array> };
    return (await mod.readTokenizerWasm()) as Uint8Array<ArrayBuffer>;
  }
  const response = await fetch(tokenizerWasmUrl());
  return response.arrayBuffer();
}

/** Runs the lexical scan over a document. */
export function scanSource(source: string): LexicalFacts {
  if (!exportsOf) throw new Error("lint: the scanner is not loaded; await loadLintScanner() first");
  const ex = exportsOf;
  const ptr = ex.inputBuffer(source.length);
  const units = new Uint16Array(ex.memory.buffer, ptr, source.length);
  for (let i = 0; i < source.length; i++) units[i] = source.charCodeAt(i);
  const count = ex.lintScan(ptr, source.length);
  const base = ex.lintRecordsPtr() >>> 2;
  const words = new Int32Array(ex.memory.buffer, base << 2, count * LINT_RECORD_WORDS);
  const facts: LexicalFacts = { startTags: [], endTags: [], multiColonLinks: [], templateArgs: [], tableEnds: [] };
  const args: SourceSpan[] = [];
  for (let r = 0; r < count; r++) {
    const w = r * LINT_RECORD_WORDS;
    const kind = words[w]!;
    const start = words[w + 1]!;
    const end = words[w + 2]!;
    const extra = words[w + 3]!;
    switch (kind) {
      case L_END_TAG:
        facts.endTags.push({ name: source.slice(start + 2, extra).toLowerCase(), start, end });
        break;
      case L_START_TAG:
        facts.startTags.push({ name: source.slice(start + 1, extra).toLowerCase(), start, end });
        break;
      case L_MULTI_COLON_LINK:
        facts.multiColonLinks.push({ start, end, colons: extra });
        break;
      case L_TEMPLATE_ARG:
        args.push({ start, end });
        break;
      case L_TABLE_END:
        facts.tableEnds.push({ start, end });
        break;
    }
  }
  // Arguments are recorded as they close (inner ones first): keep the outermost, in order.
  args.sort((a, b) => a.start - b.start);
  let lastEnd = -1;
  for (const arg of args) {
    if (arg.start < lastEnd) continue;
    facts.templateArgs.push(arg);
    lastEnd = arg.end;
  }
  return facts;
}
