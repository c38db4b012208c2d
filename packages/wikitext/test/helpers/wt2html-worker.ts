// Worker entry for the engine-in-a-worker test: the engine gets the tokenizer as bytes (no file
// access) and converts a document, as the PWA's conversion worker will.
import { parentPort } from "node:worker_threads";
import { loadTokenizer, wt2html } from "../../src/index.js";
import { makeEnv } from "./env.js";

parentPort!.once("message", async ({ bytes, wikitext }: { bytes: Uint8Array; wikitext: string }) => {
  await loadTokenizer(bytes);
  const { html } = await wt2html(wikitext, makeEnv(), { bodyOnly: true, inlineDataParser: false });
  parentPort!.postMessage(html);
});
