import { describe, expect, it } from "vitest";
import { Worker } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { readTokenizerWasm } from "../src/node.js";

// The worker gets only the module's bytes and instantiates them with the raw WebAssembly API, as
// a browser worker does: no Node API is involved in loading or running the tokenizer.
const workerSource = `
const { parentPort } = require("node:worker_threads");
parentPort.once("message", async ({ bytes, text }) => {
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const ex = instance.exports;
  const ptr = ex.inputBuffer(text.length);
  const units = new Uint16Array(ex.memory.buffer, ptr, text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  const count = ex.tokenize(ptr, text.length);
  const words = Array.from(new Int32Array(ex.memory.buffer, ex.tokensPtr(), count * 4));
  parentPort.postMessage({ count, words });
});
`;

describe("tokenizer in a worker thread", () => {
  it("instantiates from bytes and tokenizes", async () => {
    const bytes = await readTokenizerWasm();
    const worker = new Worker(workerSource, { eval: true });
    try {
      const result = await new Promise<{ count: number; words: number[] }>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
        worker.postMessage({ bytes, text: "== Hi ==\n[[a]]" });
      });
      expect(result.count).toBe(7);
      // EQUALS(6) "==" at 0..2 with run length 2.
      expect(result.words.slice(0, 4)).toEqual([6, 0, 2, 2]);
    } finally {
      await worker.terminate();
    }
  });

  it("runs the package's isomorphic Tokenizer inside the worker", async () => {
    const bytes = await readTokenizerWasm();
    // The worker loads the TypeScript sources through tsx's CommonJS hook (a test-only concern).
    const entry = fileURLToPath(new URL("./fixtures/tokenize-worker.ts", import.meta.url));
    const worker = new Worker(`require("tsx/cjs"); require(${JSON.stringify(entry)});`, { eval: true });
    try {
      const result = await new Promise<{ count: number; words: number[] }>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
        worker.postMessage({ bytes, text: "<nowiki>[[a]]</nowiki> ''b''" });
      });
      // TAG_OPEN, RAW_TEXT, TAG_CLOSE, TEXT, QUOTE, TEXT, QUOTE
      expect(result.count).toBe(7);
      expect(result.words[4]).toBe(25);
    } finally {
      await worker.terminate();
    }
  });
});
