// Lint entry point: wikitext → DOM (no HTML serialisation) → lexical scan (wasm) + DOM pass →
// Parsoid-style lint items with offsets in the requested unit.
import type { Env } from "../engine-env.js";
import { wt2dom } from "../wt2html.js";
import { LintContext, linterSettings } from "./context.js";
import { lintDom } from "./lint-dom.js";
import { convertOffsets } from "./offsets.js";
import { loadLintScanner, scanSource } from "./scanner.js";
import type { LintItem, LintOptions } from "./types.js";

export type { LintItem, LintOptions, LintOffsetType, LintTemplateInfo } from "./types.js";
export { DEFAULT_LINTER_SETTINGS, type LinterSettings } from "./context.js";
export { loadLintScanner } from "./scanner.js";
export { offsetConverter } from "./offsets.js";

export async function lint(wikitext: string, env: Env, options: LintOptions = {}): Promise<LintItem[]> {
  await loadLintScanner();
  const body = await wt2dom(wikitext, env);
  const ctx = new LintContext(wikitext, env.site, env.page, linterSettings(options.overrides), scanSource(wikitext));
  lintDom(body, ctx);
  return convertOffsets(ctx.items, wikitext, options.offsetType ?? "ucs2");
}
