// The tokenizer module for the worker: the very tokenizer.wasm the server loads, fetched by URL
// and compiled once. The tokenizer and the lint scanner each instantiate the one compiled module.
import { TOKENIZER_WASM_URL } from "../shared/paths.js";

let compiled: Promise<WebAssembly.Module> | null = null;

export function tokenizerModule(url: string = TOKENIZER_WASM_URL): Promise<WebAssembly.Module> {
  compiled ??= compileFrom(url).catch((error: unknown) => {
    compiled = null;
    throw error;
  });
  return compiled;
}

async function compileFrom(url: string): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`tokenizer.wasm: HTTP ${response.status}`);
  try {
    return await WebAssembly.compileStreaming(response.clone());
  } catch {
    // A server that sends another content type than application/wasm: compile from bytes.
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

/** SHA-256 of the module's bytes, hex: lets tests prove the browser runs the server's file. */
export async function tokenizerDigest(url: string = TOKENIZER_WASM_URL): Promise<string> {
  const bytes = await (await fetch(url)).arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}
