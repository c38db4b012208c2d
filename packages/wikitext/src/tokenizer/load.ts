// Tokenizer glue: loads the wasm tokenizer once (from bytes, a compiled module or a URL; in Node,
// without an argument, from the package's build folder through @wikiloom/wasm/node) and hands
// the shared instance to the pipeline.
import { Tokenizer, type WasmSource } from "@wikiloom/wasm";

let instance: Tokenizer | null = null;
let loading: Promise<void> | null = null;

export function loadTokenizer(wasm?: BufferSource | URL | WebAssembly.Module): Promise<void> {
  if (instance) return Promise.resolve();
  loading ??= (async () => {
    const source: WasmSource = wasm ?? (await defaultSource());
    instance = await Tokenizer.instantiate(source);
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Without an explicit module: in Node read the built file; elsewhere fetch it by URL. */
async function defaultSource(): Promise<WasmSource> {
  const isNode = typeof globalThis === "object" && "process" in globalThis &&
    typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === "string";
  if (isNode) {
    // A computed specifier keeps bundlers for the browser from pulling in the Node loader.
    const nodeEntry = "@wikiloom/wasm/node";
    const mod = (await import(/* @vite-ignore */ nodeEntry)) as { readTokenizerWasm(): Promise<Uint8Array> };
    return mod.readTokenizerWasm();
  }
  const { tokenizerWasmUrl } = await import("@wikiloom/wasm");
  return tokenizerWasmUrl();
}

/** The tokenizer when it is loaded, else null (callers then await loadTokenizer()). */
export function loadedTokenizer(): Tokenizer | null {
  return instance;
}

export function getTokenizer(): Tokenizer {
  if (!instance) throw new Error("wikitext: the tokenizer is not loaded; await loadTokenizer() first");
  return instance;
}
