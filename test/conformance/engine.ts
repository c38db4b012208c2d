import type { ParserTestEnv } from "../../packages/wikitext/src/testing/index.js";

/**
 * The engine's entry points as the runner uses them. Loaded dynamically so that the runner works
 * the moment `wt2html` appears in @wikiloom/wikitext, and reports a clear reason until then.
 */
export interface Wt2HtmlOptions {
  bodyOnly?: boolean;
  wrapSections?: boolean;
  inlineDataParser?: boolean;
  parserFunctionOutput?: "v2" | "v3";
}

export interface Wt2HtmlResult {
  html: string;
}

export interface ConversionEngine {
  wt2html(source: string, env: ParserTestEnv, options?: Wt2HtmlOptions): Promise<Wt2HtmlResult>;
}

interface EngineModule {
  wt2html?: ConversionEngine["wt2html"];
  loadTokenizer?: (wasm?: unknown) => Promise<void>;
}

export type EngineLoad = { engine: ConversionEngine } | { engine: null; reason: string };

export async function loadEngine(): Promise<EngineLoad> {
  let module: EngineModule;
  try {
    module = (await import("@wikiloom/wikitext")) as unknown as EngineModule;
  } catch (error) {
    return { engine: null, reason: `@wikiloom/wikitext failed to load: ${String(error)}` };
  }
  const wt2html = module.wt2html;
  if (typeof wt2html !== "function") return { engine: null, reason: "@wikiloom/wikitext does not export wt2html yet" };
  if (typeof module.loadTokenizer === "function") await module.loadTokenizer();
  return { engine: { wt2html } };
}
