// The engine inside the worker, loaded on first use: @wikiloom/wikitext is imported dynamically
// so that nothing but comlink runs before Comlink.expose (Chromium dropped the first replies
// when the bindings were evaluated before expose).
import type { DataAccess, SiteConfig } from "@wikiloom/wikitext";
import { tokenizerModule } from "./wasm.js";
import { siteConfig } from "./site.js";
import type { EngineTimings } from "./api.js";

export type Engine = typeof import("@wikiloom/wikitext");

export interface LoadedEngine {
  engine: Engine;
  site: SiteConfig;
  timings: EngineTimings;
}

let loaded: Promise<LoadedEngine> | null = null;

export function loadEngine(baseUrl: string): Promise<LoadedEngine> {
  loaded ??= load(baseUrl).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

async function load(baseUrl: string): Promise<LoadedEngine> {
  const started = performance.now();
  const [engine, module] = await Promise.all([import("@wikiloom/wikitext"), tokenizerModule()]);
  // One load serves both: lint's lexical facts come from the tokenizer's own pass.
  await engine.loadTokenizer(module);
  const loadMs = performance.now() - started;
  const siteStarted = performance.now();
  const site = await siteConfig(baseUrl);
  return { engine, site, timings: { loadMs, siteMs: performance.now() - siteStarted } };
}

/** The engine's environment for one page. */
export function pageEnv(site: SiteConfig, data: DataAccess, title: string) {
  return { site, data, page: { title } };
}
