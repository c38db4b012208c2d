// Isomorphic binding of the tokenizer module: instantiate from bytes, a compiled module or a URL
// (browser workers), with raw exports and no Node API. The Node file loader is in ./node.ts.
import { TOKEN_WORDS } from "../assembly/kinds.js";
import { LINT_RECORD_WORDS } from "../assembly/lint/kinds.js";

interface RawExports {
  memory: WebAssembly.Memory;
  inputBuffer(len: number): number;
  tokenize(ptr: number, len: number): number;
  tokenizeMidLine(ptr: number, len: number): number;
  tokensPtr(): number;
  tokenCount(): number;
  workDone(): number;
  tokenizeWithLint(ptr: number, len: number): number;
  lintRecords(): number;
  lintRecordsPtr(): number;
  clearRawTags(): void;
  addRawTag(ptr: number, len: number): void;
  clearKnownTags(): void;
  addKnownTag(ptr: number, len: number): void;
  clearAnnotationTags(): void;
  addAnnotationTag(ptr: number, len: number): void;
}

/** A flat token stream: token i is words [4i, 4i+4) = kind, start, end, extra. */
export interface TokenStream {
  readonly words: Int32Array;
  readonly count: number;
  /** Characters visited by the tokenizer's scans (linear-time checks). */
  readonly work: number;
}

/** A token stream plus the lint facts recorded in the same pass: record i is words
 * [LINT_RECORD_WORDS*i, LINT_RECORD_WORDS*(i+1)) = kind, start, end, extra, flags
 * (assembly/lint/kinds.ts). */
export interface LintTokenStream extends TokenStream {
  readonly lintRecords: Int32Array;
  readonly lintRecordCount: number;
}

export type WasmSource = BufferSource | URL | WebAssembly.Module;

/**
 * What one name list of the module holds. Callers pass the same list once per conversion: it is
 * sent again only when a list with other names comes (no join for the same array).
 */
class HeldNames {
  private list: readonly string[] | null = null;
  private key = "";

  /** Whether `names` differs from the names held; they are taken as held from now on. */
  replacedBy(names: readonly string[]): boolean {
    if (names === this.list) return false;
    this.list = names;
    const key = names.join(" ");
    if (key === this.key) return false;
    this.key = key;
    return true;
  }
}

export class Tokenizer {
  private readonly rawTags = new HeldNames();
  private readonly knownTags = new HeldNames();
  private readonly annotationTags = new HeldNames();

  private constructor(private readonly exports: RawExports) {}

  static async instantiate(source: WasmSource): Promise<Tokenizer> {
    const module = await compile(source);
    const instance = await WebAssembly.instantiate(module, {});
    return new Tokenizer(instance.exports as unknown as RawExports);
  }

  /** Tags whose content is raw text (nowiki, pre, extension tags); lower-case names. */
  setRawTags(names: readonly string[]): void {
    if (!this.rawTags.replacedBy(names)) return;
    this.exports.clearRawTags();
    this.writeNames(names, this.exports.addRawTag);
  }

  /**
   * The other tag names that open a tag (lower case; raw tags always do). A `<` followed by any
   * other name is text, as in Parsoid's tokenizer. Empty (the default): every name opens a tag.
   */
  setKnownTags(names: readonly string[]): void {
    if (!this.knownTags.replacedBy(names)) return;
    this.exports.clearKnownTags();
    this.writeNames(names, this.exports.addKnownTag);
  }

  /**
   * The annotation tag names (lower case): such tags may stand inside an extension tag's
   * attribute values (`<gallery caption="<translate>x</translate>">`), as Parsoid allows.
   */
  setAnnotationTags(names: readonly string[]): void {
    if (!this.annotationTags.replacedBy(names)) return;
    this.exports.clearAnnotationTags();
    this.writeNames(names, this.exports.addAnnotationTag);
  }

  /** Hands each name to `add` through the input buffer. */
  private writeNames(names: readonly string[], add: (ptr: number, len: number) => void): void {
    const ex = this.exports;
    for (const name of names) {
      const ptr = ex.inputBuffer(name.length);
      writeUtf16(ex.memory, ptr, name);
      add(ptr, name.length);
    }
  }

  /**
   * Tokenizes a document. The returned words are a copy, so the stream stays valid after the
   * next call (the engine may interleave documents, e.g. nested parses). `atLineStart` false:
   * the text continues a line, so its first line has no line-start syntax.
   */
  tokenize(text: string, atLineStart = true): TokenStream {
    const ex = this.exports;
    const count = this.run(text, atLineStart);
    const base = ex.tokensPtr() >>> 2;
    const view = new Int32Array(ex.memory.buffer, 0);
    const words = view.slice(base, base + count * TOKEN_WORDS);
    return { words, count, work: ex.workDone() };
  }

  /**
   * tokenize without the copy: the words are a view of the tokenizer's memory, valid only until
   * its next call (any method). For a caller that reads the whole stream before it calls the
   * tokenizer again (the engine's grammar parses a document in one go); a copy costs a backing
   * store allocation outside the heap, per conversion.
   */
  tokenizeTransient(text: string, atLineStart = true): TokenStream {
    const ex = this.exports;
    const count = this.run(text, atLineStart);
    const words = new Int32Array(ex.memory.buffer, ex.tokensPtr(), count * TOKEN_WORDS);
    return { words, count, work: ex.workDone() };
  }

  /** Copies the document into wasm memory and tokenizes it there; the token count. */
  private run(text: string, atLineStart: boolean): number {
    const ex = this.exports;
    const ptr = ex.inputBuffer(text.length);
    writeUtf16(ex.memory, ptr, text);
    return atLineStart ? ex.tokenize(ptr, text.length) : ex.tokenizeMidLine(ptr, text.length);
  }

  /** Tokenizes a document and records the lexical lint facts in the same pass (copies of both). */
  tokenizeWithLint(text: string): LintTokenStream {
    const ex = this.exports;
    const ptr = ex.inputBuffer(text.length);
    writeUtf16(ex.memory, ptr, text);
    const count = ex.tokenizeWithLint(ptr, text.length);
    const view = new Int32Array(ex.memory.buffer, 0);
    const base = ex.tokensPtr() >>> 2;
    const words = view.slice(base, base + count * TOKEN_WORDS);
    const lintRecordCount = ex.lintRecords();
    const lintBase = ex.lintRecordsPtr() >>> 2;
    const lintRecords = view.slice(lintBase, lintBase + lintRecordCount * LINT_RECORD_WORDS);
    return { words, count, work: ex.workDone(), lintRecords, lintRecordCount };
  }
}

/**
 * Node's Buffer when there is one: its native UTF-16 write copies code units as they are (lone
 * surrogates included) about fifty times faster than a charCodeAt loop, which was ~2% of wt2html.
 * Looked up, not imported, so the binding stays free of Node APIs in browsers.
 */
interface NodeBufferLike {
  from(buffer: ArrayBuffer, offset: number, length: number): { write(text: string, offset: number, encoding: "utf16le"): number };
}
const nodeBuffer = (globalThis as { Buffer?: NodeBufferLike }).Buffer;

function writeUtf16(memory: WebAssembly.Memory, ptr: number, text: string): void {
  if (nodeBuffer !== undefined) {
    nodeBuffer.from(memory.buffer, ptr, text.length * 2).write(text, 0, "utf16le");
    return;
  }
  const units = new Uint16Array(memory.buffer, ptr, text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
}

async function compile(source: WasmSource): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof URL) {
    const response = await fetch(source);
    if (typeof WebAssembly.compileStreaming === "function") {
      try {
        return await WebAssembly.compileStreaming(response.clone());
      } catch {
        // Servers that send a wrong content type: fall back to bytes.
      }
    }
    return WebAssembly.compile(await response.arrayBuffer());
  }
  return WebAssembly.compile(source);
}
