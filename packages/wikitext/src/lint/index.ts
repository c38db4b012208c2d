// Lint entry point: wikitext → DOM in lint mode (no HTML serialisation; the tokenizer records the
// lexical facts in its pass) → DOM pass →
// Parsoid-style lint items with offsets in the requested unit.
import type { Env } from "../engine-env.js";
import { wt2dom } from "../wt2html.js";
import { LintContext, linterSettings } from "./context.js";
import { lintDom } from "./lint-dom.js";
import { convertOffsets } from "./offsets.js";
import { emptyLexicalFacts, lexicalFacts, type LexicalFacts, type SourceSpan } from "./lexical.js";
import type { LintItem, LintOptions } from "./types.js";
import { preprocess } from "../preprocessor/preprocess.js";
import { ExpansionMap } from "../preprocessor/offset-map.js";
import { attributeToBodyTransclusions, bodyTransclusionGroups, mapToSource } from "./transclusions.js";
import type { BodyTransclusion } from "../wt2html.js";
import { checkDeadline, ResourceLimitError } from "../limits.js";

export type { LintItem, LintOptions, LintOffsetType, LintTemplateInfo } from "./types.js";
export { DEFAULT_LINTER_SETTINGS, type LinterSettings } from "./context.js";
export { offsetConverter } from "./offsets.js";

export async function lint(wikitext: string, env: Env, options: LintOptions = {}): Promise<LintItem[]> {
  // Transclusions are expanded first, so lints inside template output are found too; pages
  // without any skip the preprocessor.
  const pre = wikitext.includes("{{") ? await preprocessOrNull(wikitext, env) : null;
  const text = pre ? pre.text : wikitext;
  const map = pre && pre.expansions.length > 0 ? new ExpansionMap(pre.expansions) : null;
  // The lexical facts come from the tokenizer's own pass over the same text.
  let lexical: LexicalFacts = emptyLexicalFacts();
  let verbatimFragments: SourceSpan[] = [];
  let bodyTransclusions: BodyTransclusion[] = [];
  const body = await wt2dom(text, env, {
    expandTemplates: false,
    // (Methods rather than arrows as properties: under tsx each named arrow costs a
    // defineProperty of its name per call.)
    lint: {
      onLexicalRecords(stream) {
        lexical = lexicalFacts(text, stream);
      },
      onVerbatimFragments(spans) {
        verbatimFragments = spans;
      },
      onBodyTransclusions(transclusions) {
        bodyTransclusions = transclusions;
      },
    },
  });
  const ctx = new LintContext(text, env.site, env.page, linterSettings(options.overrides), lexical, map);
  ctx.verbatimFragments = verbatimFragments;
  ctx.domTransclusions = false;
  // Transclusions inside extension bodies (a <ref>'s templates, expanded by the body's parse):
  // lints in their output, and the tags written in their arguments, are theirs.
  ctx.transclusionGroups = bodyTransclusionGroups(bodyTransclusions);
  checkDeadline(env);
  lintDom(body, ctx);
  // The page's preprocessing is ours (ExpansionMap); the bodies' transclusions are attributed from
  // their ranges (in the preprocessed text's offsets, so before the page's mapping).
  const items = map ? mapToSource(ctx.items, map, ctx.transclusionGroups) : attributeToBodyTransclusions(ctx.items, ctx.transclusionGroups);
  return convertOffsets(items, wikitext, options.offsetType ?? "ucs2");
}

/** Template expansion failing (a broken template source) must not make the page unlintable. */
async function preprocessOrNull(wikitext: string, env: Env) {
  try {
    return await preprocess(wikitext, env);
  } catch (error) {
    if (error instanceof ResourceLimitError) throw error;
    return null;
  }
}
