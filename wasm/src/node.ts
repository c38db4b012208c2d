// Node-only: reads the built tokenizer.wasm from disk. Kept out of the engine, which must run in
// browser workers too; the engine receives bytes or calls this through loadTokenizer().
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** Path of the compiled tokenizer inside this package. */
export const tokenizerWasmPath = fileURLToPath(new URL("../build/tokenizer.wasm", import.meta.url));

export async function readTokenizerWasm(): Promise<Uint8Array> {
  return new Uint8Array(await readFile(tokenizerWasmPath));
}
