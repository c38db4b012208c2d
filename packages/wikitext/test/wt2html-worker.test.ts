import { describe, expect, it } from "vitest";
import { Worker } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { readTokenizerWasm } from "@wikiloom/wasm/node";

describe("wt2html in a worker thread", () => {
  it("loads the tokenizer from bytes and converts", async () => {
    const bytes = await readTokenizerWasm();
    const entry = fileURLToPath(new URL("./helpers/wt2html-worker.ts", import.meta.url));
    // tsx's CommonJS hook lets the worker load the TypeScript sources (test-only concern).
    const worker = new Worker(`require("tsx/cjs"); require(${JSON.stringify(entry)});`, { eval: true });
    try {
      const html = await new Promise<string>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
        worker.postMessage({ bytes, wikitext: "== Hi ==\n''x'' [[Main Page]]" });
      });
      expect(html).toBe('<h2 id="Hi">Hi</h2>\n<p id="mwAA"><i id="mwAQ">x</i> <a rel="mw:WikiLink" href="./Main_Page" title="Main Page" id="mwAg">Main Page</a></p>');
    } finally {
      await worker.terminate();
    }
  });
});
