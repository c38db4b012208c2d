// The contract between the UI thread and the conversion worker (comlink proxies it).
import type { LintItem } from "@wikiloom/wikitext";

export interface ConversionResult {
  html: string;
  /** Time spent converting inside the worker, milliseconds. */
  ms: number;
}

export interface LintResult {
  items: LintItem[];
  ms: number;
}

export interface EngineTimings {
  /** Loading the engine: fetching and compiling the wasm, instantiating tokenizer and lint scanner. */
  loadMs: number;
  /** Fetching the wiki's siteinfo (from the network or the service worker's cache). */
  siteMs: number;
}

export interface TokenizerProbe {
  /** SHA-256 of the wasm bytes the worker fetched. */
  digest: string;
  /** The token stream's words for the probe text, as the tokenizer in this worker produced them. */
  words: number[];
  count: number;
}

export interface ConversionApi {
  /** Tells the worker whether the network is reachable (its data access falls back to the server only then). */
  setOnline(online: boolean): void;
  /** Loads the engine now rather than on the first conversion; resolves with the timings. */
  warmUp(): Promise<EngineTimings>;
  wt2html(title: string, wikitext: string): Promise<ConversionResult>;
  lint(title: string, wikitext: string): Promise<LintResult>;
  html2wt(title: string, html: string, originalWikitext?: string): Promise<string>;
  /** Tokenizes text with the worker's own tokenizer instance (proves the wasm loads identically). */
  probeTokenizer(text: string): Promise<TokenizerProbe>;
}
