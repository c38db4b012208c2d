// @wikiloom/wasm: the AssemblyScript tokenizer's bindings and its token kinds. Isomorphic; the
// Node file loader is a separate entry (`@wikiloom/wasm/node`).
export * from "./kinds.js";
export { Tokenizer, type TokenStream, type LintTokenStream, type WasmSource } from "./tokenizer.js";

/** URL of the compiled module next to this package (bundlers turn it into an asset URL). */
export function tokenizerWasmUrl(): URL {
  return new URL("../build/tokenizer.wasm", import.meta.url);
}
