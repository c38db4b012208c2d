import { loadTokenizer, wt2html, type Env, type Wt2HtmlOptions, type Wt2HtmlResult } from "@wikiloom/wikitext";

export type { Wt2HtmlOptions, Wt2HtmlResult };

/** The engine entry point the runner judges (an interface, so runs can be pointed at another engine). */
export interface ConversionEngine {
  wt2html(source: string, env: Env, options?: Wt2HtmlOptions): Promise<Wt2HtmlResult>;
}

export type EngineLoad = { engine: ConversionEngine } | { engine: null; reason: string };

/** The wikitext engine with its wasm tokenizer loaded. */
export async function loadEngine(): Promise<EngineLoad> {
  await loadTokenizer();
  return { engine: { wt2html } };
}
