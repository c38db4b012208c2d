// Entry of the conversion worker. Comlink.expose comes first and everything heavy (engine, wasm,
// Dexie) loads lazily on the first call.
import * as Comlink from "comlink";
import type { ConversionApi } from "./api.js";

let online = true;
const baseUrl = self.location.origin;

const api: ConversionApi = {
  setOnline(value) {
    online = value;
  },
  async warmUp() {
    const { loadEngine } = await import("./engine.js");
    return (await loadEngine(baseUrl)).timings;
  },
  async wt2html(title, wikitext) {
    const { engine, site, env } = await prepare(title);
    const started = performance.now();
    const result = await engine.wt2html(wikitext, env(site), { bodyOnly: true });
    return { html: result.html, ms: performance.now() - started };
  },
  async lint(title, wikitext) {
    const { engine, site, env } = await prepare(title);
    const started = performance.now();
    const items = await engine.lint(wikitext, env(site));
    return { items, ms: performance.now() - started };
  },
  async html2wt(title, html, originalWikitext) {
    const { engine, site, env } = await prepare(title);
    const options = originalWikitext === undefined ? {} : { original: { wikitext: originalWikitext } };
    return engine.html2wt(html, env(site), options);
  },
  async probeTokenizer(text) {
    const [{ Tokenizer }, { tokenizerModule, tokenizerDigest }] = await Promise.all([import("@wikiloom/wasm"), import("./wasm.js")]);
    // A fresh instance, so the probe does not depend on what the engine's instance did before.
    const tokenizer = await Tokenizer.instantiate(await tokenizerModule());
    const stream = tokenizer.tokenize(text);
    return { digest: await tokenizerDigest(), words: [...stream.words], count: stream.count };
  },
};

Comlink.expose(api);

async function prepare(title: string) {
  const [{ loadEngine, pageEnv }, { workerDataAccess }] = await Promise.all([import("./engine.js"), import("./data-access.js")]);
  const [{ engine, site }, data] = await Promise.all([loadEngine(baseUrl), workerDataAccess(baseUrl, () => online)]);
  const pageTitle = title.replace(/_/g, " ");
  return { engine, site, env: (s: typeof site) => pageEnv(s, data, pageTitle) };
}
