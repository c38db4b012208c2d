// wikitext → HTML: tokenizer (wasm) → grammar → token transforms → HTML5 tree building → DOM
// passes → output. The preprocessor (templates, parser functions) will run before the
// tokenizer; until then `{{...}}` is plain text.
import type { Env } from "./engine-env.js";
import { loadTokenizer, getTokenizer } from "./tokenizer/load.js";
import { Grammar } from "./tokenizer/grammar/state.js";
import { parseDocument } from "./tokenizer/grammar/block.js";
import { redirect } from "./tokenizer/grammar/redirect.js";
import { transformFrenchSpacing } from "./transforms/french-spacing.js";
import { transformIndentPre } from "./transforms/indent-pre.js";
import { transformQuotes } from "./transforms/quotes.js";
import { transformLists } from "./transforms/lists.js";
import { transformSanitizer } from "./transforms/sanitizer.js";
import { transformParagraphs } from "./transforms/paragraphs.js";
import { buildTree } from "./tree/builder.js";
import { removeEmptyReopenedFormatting } from "./dom/passes/reopened-formatting.js";
import { trimWikitextWhitespace } from "./dom/passes/trim-whitespace.js";
import { pwrap } from "./dom/passes/pwrap.js";
import { computeDsr } from "./dom/passes/dsr.js";
import { renderMedia } from "./dom/passes/media.js";
import { addLinkClasses } from "./dom/passes/link-classes.js";
import { assignHeadingIds } from "./dom/passes/heading-ids.js";
import { wrapSections } from "./dom/passes/sections.js";
import { insertTocMarker } from "./dom/passes/toc.js";
import { markEmptyElements } from "./dom/passes/empty-elements.js";
import { assignNodeIds } from "./dom/passes/node-ids.js";
import { serializeChildren } from "./output/serialize.js";
import { wrapDocument } from "./output/document.js";
import type { WElement } from "./dom/node.js";

export interface Wt2HtmlOptions {
  bodyOnly?: boolean;
  /** wrap sections in <section> (off by default, like the parser tests) */
  wrapSections?: boolean;
  /** inline data-parser attributes (default true) */
  inlineDataParser?: boolean;
}

export interface Wt2HtmlResult {
  html: string;
  /** per-node parse data keyed by node id, for page bundles */
  dataParser: { counter: number; ids: Record<string, unknown> };
}

/** Tags whose content the tokenizer keeps raw. */
const RAW_TAGS = ["nowiki", "pre", "includeonly"];

/** Builds the DOM of a document (exported for html2wt and lint, which work on the DOM). */
export async function wt2dom(source: string, env: Env, options: Wt2HtmlOptions = {}): Promise<WElement> {
  await loadTokenizer();
  const tokenizer = getTokenizer();
  tokenizer.setRawTags(RAW_TAGS);
  const stream = tokenizer.tokenize(source);
  const grammar = Grammar.fromStream(source, stream, env);
  parseDocument(grammar, redirect(grammar));
  let tokens = grammar.out;
  tokens = transformFrenchSpacing(tokens);
  tokens = transformIndentPre(tokens);
  tokens = transformQuotes(tokens);
  tokens = transformLists(tokens);
  tokens = transformSanitizer(tokens);
  tokens = transformParagraphs(tokens);
  const body = buildTree(tokens, source.length);
  removeEmptyReopenedFormatting(body);
  trimWikitextWhitespace(body);
  pwrap(body);
  computeDsr(body);
  markEmptyElements(body);
  await addLinkClasses(body, env.data, env.page.title);
  await renderMedia(body, env.data);
  assignHeadingIds(body);
  if (options.wrapSections) {
    // Parsoid only marks the TOC position in section-wrapped output (end of the lead section).
    insertTocMarker(body);
    wrapSections(body);
  }
  return body;
}

export async function wt2html(source: string, env: Env, options: Wt2HtmlOptions = {}): Promise<Wt2HtmlResult> {
  const body = await wt2dom(source, env, options);
  const inline = options.inlineDataParser ?? true;
  const dataParser = inline ? { counter: -1, ids: {} } : assignNodeIds(body);
  const bodyHtml = serializeChildren(body, { inlineDataParser: inline });
  const html = options.bodyOnly ? bodyHtml : wrapDocument(bodyHtml, env.site, env.page);
  return { html, dataParser };
}
