// wikitext → HTML: tokenizer (wasm) → grammar → token transforms → HTML5 tree building → DOM
// passes → output. The preprocessor (templates, parser functions) runs first when the page has
// `{{`; the later stages work on its output, and dsr is mapped back to the page source at the end
// of the offset-based passes.
import { pageLanguage, type Env } from "./engine-env.js";
import type { LintTokenStream } from "@wikiloom/wasm";
import { loadTokenizer, getTokenizer, loadedTokenizer } from "./tokenizer/load.js";
import { Grammar } from "./tokenizer/grammar/state.js";
import { parseDocument } from "./tokenizer/grammar/block.js";
import { redirect } from "./tokenizer/grammar/redirect.js";
import { transformFrenchSpacing } from "./transforms/french-spacing.js";
import { transformIndentPre } from "./transforms/indent-pre.js";
import { transformQuotes } from "./transforms/quotes.js";
import { transformLists } from "./transforms/lists.js";
import { transformSanitizer } from "./transforms/sanitizer.js";
import { transformParagraphs } from "./transforms/paragraphs.js";
import { renderLanguageVariants, type TextRange } from "./transforms/language-variants.js";
import { convertToVariant, variantConverter, VariantUnsupportedError } from "./variants/convert.js";
import { buildTreeConsuming } from "./tree/builder.js";
import { cleanUpTree } from "./dom/passes/tree-cleanup.js";
import { computeDsr } from "./dom/passes/dsr.js";
import { dropStrippedTagPlaceholders } from "./dom/passes/stripped-tags.js";
import { encapsulateTransclusions, isPipeCall, type EncapsulatedGroup } from "./dom/passes/encapsulate.js";
import { mapDsrToSource } from "./dom/passes/map-dsr.js";
import { stashTransparentTemplateEdges } from "./dom/passes/template-edges.js";
import { expandAttributes } from "./dom/passes/expanded-attrs.js";
import { preprocess } from "./preprocessor/preprocess.js";
import { ExpansionMap } from "./preprocessor/offset-map.js";
import { ConversionTemplates } from "./preprocessor/template-source.js";
import type { Expansion, PreprocessResult } from "./preprocessor/types.js";
import type { Token } from "./tokenizer/tokens.js";
import { renderMedia, imageLimit, collectMedia, type MediaTargets } from "./dom/passes/media.js";
import { classifyLinks, collectWikiLink } from "./dom/passes/link-classes.js";
import { assignHeadingIds } from "./dom/passes/heading-ids.js";
import { wrapSections } from "./dom/passes/sections.js";
import { insertTocMarker } from "./dom/passes/toc.js";
import { markEmptyElements } from "./dom/passes/empty-elements.js";
import { assignNodeIds } from "./dom/passes/node-ids.js";
import { serializeChildren } from "./output/serialize.js";
import { embeddedHtml } from "./output/embedded-html.js";
import { plainText } from "./ext/text.js";
import { wrapDocument } from "./output/document.js";
import { walkElements, WText, type WElement, type WNode } from "./dom/node.js";
import { enabledExtensionTags } from "./ext/registry.js";
import { tagNamesOpeningTags } from "./tokenizer/known-tags.js";
import { fragmentRequests } from "./ext/grammar.js";
import { consumeHeldFragments, resolveFragments, unpackFragment, unpackFragments, walkHeldFragments, type HeldFragment, type SourceLocator } from "./ext/fragment.js";
import { runFinishers } from "./ext/finish.js";
import { processCitations } from "./ext/cite/citations.js";
import { annotationTagNames, finishAnnotations, setTemplatedSpans } from "./ext/annotations.js";
import type { FragmentContext, FragmentRequest } from "./ext/types.js";
import { checkDeadline, ResourceLimitError } from "./limits.js";
import { memoizedPerObject } from "./util/memo.js";

export interface Wt2HtmlOptions {
  bodyOnly?: boolean;
  /** wrap sections in <section> (off by default, like the parser tests) */
  wrapSections?: boolean;
  /** inline data-parser attributes (default true) */
  inlineDataParser?: boolean;
  /** Parser function encapsulation: "v2" (default) or "v3" (typeof mw:ParserFunction/<name>). */
  parserFunctionOutput?: "v2" | "v3";
  /** Expand templates first (default true); false for text that was already preprocessed. */
  expandTemplates?: boolean;
  /**
   * Output in this language variant (`sr-ec` or `sr-Cyrl`...): text converted to its script,
   * language-variant elements filled with what they show in it. Any variant the site has (see
   * variants/convert.ts; one without a script converter only applies the page's markup and
   * rules); others are refused with a VariantUnsupportedError.
   */
  variant?: string;
  /**
   * Lint mode: the tokenizer also records the lexical lint facts of the document in its pass
   * (handed over once, for the top-level document), and passes whose output the linter never
   * reads are skipped (see the end of wt2dom).
   */
  lint?: {
    onLexicalRecords(stream: LintTokenStream): void;
    /** The extension bodies parsed as wikitext where they stand in the document (source ranges). */
    onVerbatimFragments?(spans: Array<{ start: number; end: number }>): void;
    /**
     * The transclusions inside extension bodies (a <ref>'s templates: bodies expand their own
     * while linting), with their source ranges in the document's offsets.
     */
    onBodyTransclusions?(transclusions: BodyTransclusion[]): void;
  };
}

/** A transclusion in an extension body that stands in the document: its call's range there. */
export interface BodyTransclusion {
  start: number;
  end: number;
  expansion: Expansion;
}

export interface Wt2HtmlResult {
  html: string;
  /** per-node parse data keyed by node id, for page bundles */
  dataParser: { counter: number; ids: Record<string, unknown> };
}

/** Deepest nesting of templated attribute values rendered inside templated attribute values. */
const MAX_ATTRIBUTE_DEPTH = 8;

/** Tags whose content the tokenizer keeps raw. */
const RAW_TAGS = ["nowiki", "pre", "includeonly"];

/** Per site: the tags whose content the tokenizer keeps raw (built once; every extension body is a conversion). */
const rawTags = memoizedPerObject((site: Env["site"]): readonly string[] => [...RAW_TAGS, ...enabledExtensionTags(site)]);
/** The same names as a set, for the extension tags standing in attribute values. */
const rawTagSet = memoizedPerObject((site: Env["site"]): ReadonlySet<string> => new Set(rawTags(site)));

/** Per site: the other names that open a tag (util/html-tags HTML_TAG_NAMES). */
const knownTags = memoizedPerObject((site: Env["site"]): readonly string[] => tagNamesOpeningTags(site));
const annotationTags = memoizedPerObject((site: Env["site"]): readonly string[] => [...annotationTagNames(site)]);

/** An extension body being parsed for its wrapper (ext/fragment.ts). */
interface FragmentParse {
  context: FragmentContext;
  depth: number;
  /** The page's template caches: a template used by many references is fetched and parsed once. */
  templates?: ConversionTemplates;
  /** False for text that continues a line (a language variant's text): no line-start syntax at its start. */
  atLineStart?: boolean;
  /** Lint mode: where the bodies' transclusions are collected (document offsets). */
  bodyTransclusions?: BodyTransclusion[];
  /** Lint mode: where this body stands in the document, or null when not verbatim. */
  documentOffset?: number | null;
}

/** Builds the DOM of a document (exported for html2wt and lint, which work on the DOM). */
export async function wt2dom(source: string, env: Env, options: Wt2HtmlOptions = {}, fragment: FragmentParse | null = null): Promise<WElement> {
  // Most conversions are extension bodies without templates: no await (a microtask and a
  // promise each) for a loaded tokenizer or for a text with nothing to expand.
  const tokenizer = loadedTokenizer() ?? (await loadTokenizer(), getTokenizer());
  const templates = fragment?.templates ?? new ConversionTemplates(env);
  const pre = needsExpansion(source, options) ? await expandTransclusions(source, env, options, templates) : null;
  const text = pre ? pre.text : source;
  checkDeadline(env);
  // The raw-tag list lives in the one wasm instance: set right before tokenizing, with no await
  // in between, so concurrent conversions for sites with other extension tags cannot swap it.
  tokenizer.setRawTags(rawTags(env.site));
  tokenizer.setKnownTags(knownTags(env.site));
  tokenizer.setAnnotationTags(annotationTags(env.site));
  const lintMode = fragment ? undefined : options.lint;
  const lintStream = lintMode ? tokenizer.tokenizeWithLint(text) : null;
  const caption = fragment?.context === "caption";
  const stream = lintStream ?? tokenizer.tokenizeTransient(text, caption ? false : (fragment?.atLineStart ?? true));
  if (lintStream) lintMode?.onLexicalRecords(lintStream);
  const grammar = Grammar.fromStream(text, stream, env, pre ? separatelyTokenized(pre.expansions) : null);
  grammar.lint = options.lint !== undefined;
  if (caption) grammar.listItems = false;
  // One offset map of every expansion (literal ones like {{!}} shift offsets too) and the real
  // transclusions among them (only those get groups), for all the stages below.
  const map = pre && pre.expansions.length > 0 ? new ExpansionMap(pre.expansions) : null;
  let transclusions = pre && map ? transclusionsOf(pre.expansions) : [];
  // Templates inside annotation tags kept as written (ext/annotations.ts), and those inside the
  // texts of language-variant markup (parsed with them).
  const consumedExpansions = new Set<Expansion>();
  if (map) {
    // Methods and unnamed arrows rather than named closures: under tsx each named closure also
    // costs a defineProperty of its name, per conversion.
    // (Usually every expansion is one: then the page's map serves.)
    const transclusionMap = transclusions === pre!.expansions ? map : new ExpansionMap(transclusions);
    setTemplatedSpans(grammar, {
      templated(start: number, end: number) {
        return map.overlaps(start, end);
      },
      sourceOf(start: number, end: number) {
        return map.expansionAt(start) || map.expansionAt(end - 1) ? null : map.sourceSlice(source, start, end);
      },
      consume(start: number, end: number) {
        for (const e of map.expansionsIn(start, end)) consumedExpansions.add(e);
      },
      within(start: number, end: number) {
        // A transclusion's output only: a literal expansion's (a broken call) is the page's text.
        const e = transclusionMap.expansionAt(start);
        return e !== null && end <= e.outEnd;
      },
    });
    grammar.templated = (start, end) => map.overlaps(start, end);
    grammar.templateEnd = (at) => transclusionMap.expansionAt(at)?.outEnd ?? -1;
    grammar.nestedPipeAt = (at) => transclusionMap.expansionAt(at)?.innerPipes?.includes(at) === true;
    grammar.lastTemplateEndIn = (start, end) => {
      let last = -1;
      for (const e of transclusionMap.expansionsIn(start, end + 1)) if (e.outEnd > start && e.outEnd <= end) last = e.outEnd;
      return last;
    };
    grammar.pageSource = (start, end) => map.sourceSlice(source, start, end);
    grammar.sourceOfWholeTemplates = (start, end) => (splitsExpansion(map, start) || splitsExpansion(map, end) ? null : map.sourceSlice(source, start, end));
  }
  parseDocument(grammar, redirect(grammar));
  // Extension bodies that are wikitext: parsed now (the tokenizer is free again), unpacked below.
  const fragments = fragmentRequests(grammar);
  if (lintMode?.onVerbatimFragments) lintMode.onVerbatimFragments(verbatimSpans(fragments));
  const depth = fragment ? fragment.depth + 1 : 0;
  if (grammar.languageVariants.length > 0) {
    await renderLanguageVariants(grammar.languageVariants, (range) => {
      const written = map ? templatedVariantSource(map, source, range, consumedExpansions) : null;
      return variantText(text, range, written, env, options, depth, templates);
    });
  }
  // (Most conversions are extension bodies with no bodies of their own: no callback, no await.)
  // While linting, the page's own text comes preprocessed (expandTemplates: false), but a body's
  // templates are expanded by the body's parse, as the extension does (Cite parses a ref's body
  // with its templates): the lints inside their output are attributed to them.
  const bodyTransclusions = options.lint === undefined ? undefined : (fragment?.bodyTransclusions ?? []);
  if (fragments.length > 0 && bodyTransclusions) {
    const bodyOptions = { ...options, wrapSections: false, expandTemplates: true };
    const locateBody = sourceLocator(map);
    const base = fragment ? (fragment.documentOffset ?? null) : 0;
    await resolveFragments(fragments, (body, context, request) => {
      const documentOffset = bodyDocumentOffset(request, locateBody, base);
      return wt2dom(body, env, bodyOptions, { context, depth, templates, bodyTransclusions, documentOffset });
    }, depth);
  } else if (fragments.length > 0) {
    await resolveFragments(fragments, (body, context) => wt2dom(body, env, { ...options, wrapSections: false }, { context, depth, templates }), depth);
  }
  const inline = fragment?.context === "inline" || caption;
  const tokens = transformTokens(grammar, inline, transclusions);
  checkDeadline(env);
  // Tree building takes the token list over and lets go of each token once it is in the tree:
  // on a long or deeply nested page the tokens need as much memory as the tree itself, and no
  // stage after this one reads them (they lived on through the DOM passes and serialization).
  const strippedTags: WElement[] = [];
  const body = buildTreeConsuming(tokens, text.length, text, strippedTags);
  cleanUpTree(body, text, !inline);
  computeDsr(body, text);
  if (grammar.hasAttrSources && depth < MAX_ATTRIBUTE_DEPTH) {
    // Templated attributes (and media options with markup) become mw:ExpandedAttrs.
    const inAttributes = await expandAttributes(body, transclusions, source, text, async (wikitext: string) => {
      const rendered = await wt2dom(wikitext, env, { ...options, wrapSections: false }, { context: "inline", depth: depth + 1, templates });
      // Media links in it point at their files, as on the page.
      await renderMedia(rendered, env.data, undefined, undefined, pageLanguage(env.site, env.page));
      const nodes = rendered.children;
      return { html: embeddedHtml(nodes), text: plainText(nodes) };
    }, (name) => rawTagSet(env.site).has(name));
    if (inAttributes.size > 0) transclusions = transclusions.filter((e) => !inAttributes.has(e));
  }
  if (map) {
    if (consumedExpansions.size > 0) transclusions = transclusions.filter((e) => !consumedExpansions.has(e));
    if (fragment?.bodyTransclusions) {
      // A body being linted: no encapsulation (the page's DOM has none while linting either);
      // the lints in a transclusion's output are attributed from its range.
      const at = fragment.documentOffset;
      if (at !== null && at !== undefined) for (const e of transclusions) fragment.bodyTransclusions.push({ start: e.srcStart + at, end: e.srcEnd + at, expansion: e });
      mapDsrToSource(body, map, NO_GROUPS);
    } else {
      const groups = encapsulateTransclusions(body, withPipeCalls(transclusions, pre!.expansions), map, source, text, templates.aboutIds + 1);
      templates.aboutIds += groups.length;
      stashTransparentTemplateEdges(groups);
      mapDsrToSource(body, map, groups);
    }
  }
  // The stripped end tags' placeholders gave dsr and encapsulation their bytes; outside list
  // items the output has none.
  if (strippedTags.length > 0) dropStrippedTagPlaceholders(strippedTags);
  // Lint mode skips the passes whose output no check reads: empty-element classes, link classes
  // (a page-existence query), extension finishers, Cite (the linter reports a ref's lints where
  // the ref stands, which is where its body is before Cite moves it), annotation range ids and
  // heading ids. Media rendering stays: missing files change lint ranges.
  const linting = options.lint !== undefined;
  // The page's fragments are unpacked in a walk below (with the media search when linting, else
  // with the marking of empty elements).
  const locate = fragments.length > 0 ? sourceLocator(map) : null;
  if (locate && fragment) unpackFragments(body, locate);
  // A fragment's remaining passes run once over the whole page, after it is unpacked.
  if (fragment) return body;
  checkDeadline(env);
  if (linting) {
    // One walk unpacks the fragments (each element's before its children are read) and finds
    // the media to render.
    const media: MediaTargets = { images: [], mediaLinks: [] };
    unpackFragmentsFindingMedia(body, locate, media);
    await renderMedia(body, env.data, imageLimit(env.site), media, pageLanguage(env.site, env.page));
    if (bodyTransclusions && bodyTransclusions.length > 0) options.lint?.onBodyTransclusions?.(bodyTransclusions);
  } else {
    // One walk unpacks the fragments (each element's before its children are read), marks empty
    // elements and finds the wiki links for their classes and the media to render (link classes
    // move no element).
    const links: WElement[] = [];
    const media: MediaTargets = { images: [], mediaLinks: [] };
    const held: HeldFragment[] = [];
    markEmptyElements(body, (el) => {
      if (locate) unpackFragment(el, locate, held);
      collectWikiLink(el, links);
      collectMedia(el, media);
    });
    if (held.length > 0) walkHeldFragments(held, (el) => collectWikiLink(el, links));
    await classifyLinks(links, env.data, env.page.title);
    if (held.length > 0) consumeHeldFragments(held);
    await renderMedia(body, env.data, imageLimit(env.site), media, pageLanguage(env.site, env.page));
    runFinishers(body, env);
    processCitations(body, env);
    finishAnnotations(body, env, source);
    assignHeadingIds(body);
  }
  if (options.wrapSections) {
    // Parsoid only marks the TOC position in section-wrapped output (end of the lead section).
    // (Sections a transclusion's output spans become one transclusion: new about ids.)
    insertTocMarker(body, wrapSections(body, source, { next: () => ++templates.aboutIds }).headings);
  }
  return body;
}

/**
 * Lint mode's walk over the page: unpacks the fragments (each element's before its children are
 * read) and finds the media to render. A loop of its own rather than walkElements, whose callback
 * is called from a site every pass shares (too polymorphic to be inlined): here only elements
 * with aux data have anything to do, and in lint mode most have none (page links carry none).
 */
function unpackFragmentsFindingMedia(body: WElement, locate: SourceLocator | null, media: MediaTargets): void {
  const stack: WElement[] = [body];
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (el.aux !== null) {
      if (locate) unpackFragment(el, locate);
      collectMedia(el, media);
    }
    const children = el.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const c = children[i]!;
      if (c.kind === "element") stack.push(c);
    }
  }
}

/** Whether some template's output runs across `at` (starts before it and ends after it). */
function splitsExpansion(map: ExpansionMap, at: number): boolean {
  const e = map.expansionAt(at);
  return e !== null && e.outStart < at;
}

const NO_OFFSETS: readonly number[] = [];
const NO_GROUPS: readonly EncapsulatedGroup[] = [];

/**
 * Where an extension body stands in the document (lint mode), from where its parent stands
 * (`base`): null when the parent or the body is not there verbatim (template output).
 */
function bodyDocumentOffset(request: FragmentRequest, locate: SourceLocator, base: number | null): number | null {
  const source = request.source;
  if (base === null || request.offset === undefined || typeof source !== "string") return null;
  const shift = locate(request.offset, request.offset + source.length);
  return shift === null ? null : base + shift;
}

/**
 * Deepest nesting of language-variant markup whose texts are parsed (deeper texts stay text).
 * Each level's HTML is escaped once more inside the JSON around it, so the output of deep
 * nesting grows exponentially (20 levels of `-{` made 25 MB of 10 kB).
 */
const MAX_VARIANT_DEPTH = 6;

/**
 * One text of language-variant markup, parsed where it stands: inline (no paragraphs), its
 * templates already expanded with the page's, starting mid-line unless a newline precedes it.
 */
async function variantText(text: string, range: TextRange, written: string | null, env: Env, options: Wt2HtmlOptions, depth: number, templates: ConversionTemplates): Promise<readonly WNode[]> {
  const expanded = text.slice(range[0], range[1]);
  if (depth >= MAX_VARIANT_DEPTH) return [new WText(expanded)];
  const atLineStart = range[0] === 0 || text.charCodeAt(range[0] - 1) === 10;
  const parseOptions = { ...options, wrapSections: false, expandTemplates: written !== null };
  const body = await wt2dom(written ?? expanded, env, parseOptions, { context: "inline", depth, templates, atLineStart });
  return body.children;
}

/**
 * The page source of a language variant's text that holds transclusions but starts and ends
 * outside them: the text is parsed from there, templates and all, so that its transclusions are
 * encapsulated inside the text's HTML and no longer belong to the page (`consumed`). Null for a
 * text with no template in it, or one a template produced the edge of (parsed as expanded).
 */
function templatedVariantSource(map: ExpansionMap, source: string, range: TextRange, consumed: Set<Expansion>): string | null {
  const [start, end] = range;
  if (end <= start || !map.overlaps(start, end) || map.expansionAt(start) || map.expansionAt(end - 1)) return null;
  for (const e of map.expansionsIn(start, end)) consumed.add(e);
  return map.sourceSlice(source, start, end);
}

/**
 * The token transforms in Parsoid's order over the grammar's tokens. Once a transform has copied
 * them, the grammar's list is emptied, so that the only list left is the one tree building takes
 * over (the grammar itself lives as long as the conversion).
 */
function transformTokens(grammar: Grammar, inline: boolean, transclusions: readonly Expansion[]): Token[] {
  const parsed = grammar.out;
  // Inline extension content (captions, references) has no paragraphs and no indented pre. The
  // grammar knows whether it emitted the tokens the next three rewrite (most bodies have none).
  let tokens = inline ? parsed : transformIndentPre(parsed, grammar.emittedIndent);
  // (After the pre: Parsoid leaves the spaces of preformatted lines alone.)
  tokens = transformFrenchSpacing(tokens);
  tokens = transformQuotes(tokens, grammar.emittedQuote);
  tokens = transformLists(tokens, grammar.emittedListItem);
  tokens = transformSanitizer(tokens);
  if (!inline) tokens = transformParagraphs(tokens, transclusions.length > 0 ? transclusions.map(outputEnd) : NO_OFFSETS, transclusions.length > 0 ? transclusions.map(outputStart) : NO_OFFSETS);
  if (tokens !== parsed) parsed.length = 0;
  return tokens;
}

/**
 * Where the outputs Parsoid tokenizes apart from the page lie, as [start, end) pairs (see
 * Grammar.pair): every expansion's but a {{!}}'s, whose pipe Parsoid reads as the page's.
 */
function separatelyTokenized(expansions: readonly Expansion[]): number[] | null {
  let spans: number[] | null = null;
  for (const e of expansions) {
    if (e.outEnd <= e.outStart || isPipeCall(e)) continue;
    (spans ??= []).push(e.outStart, e.outEnd);
  }
  return spans;
}

function outputEnd(e: Expansion): number {
  return e.outEnd;
}

function outputStart(e: Expansion): number {
  return e.outStart;
}

/** Where the fragments that stand verbatim in the tokenized text are, in order. */
function verbatimSpans(fragments: readonly FragmentRequest[]): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  for (const f of fragments) {
    if (f.offset !== undefined && typeof f.source === "string") spans.push({ start: f.offset, end: f.offset + f.source.length });
  }
  return spans.sort((a, b) => a.start - b.start);
}

/** Page-source position of a span of the tokenized text, when no template produced any of it. */
function sourceLocator(map: ExpansionMap | null): SourceLocator {
  if (!map) return (start) => start;
  return (start, end) => (map.overlaps(start, end) ? null : map.toSource(start));
}

/**
 * A `{{...}}` whose target is no valid title stays literal text, as in Parsoid: no group. Parser
 * functions and magic variables are groups too (so html2wt writes them back as written), except
 * {{!}}, which stands for a character of the syntax around it ({{=}} is text where it stands).
 */
function isTransclusion(e: Expansion): boolean {
  if (e.partKind !== "template") return true;
  const target = e.target;
  if (target.href !== undefined) return true;
  return target.function !== undefined && target.function !== "!";
}

/**
 * The transclusions to encapsulate and the page's {{!}} calls, in order: encapsulation wraps a
 * call whose pipe stayed text (`| a {{!}} b` in a cell's content, as Parsoid does) and leaves the
 * others, which became syntax. The list itself when the page has no such call.
 */
function withPipeCalls(transclusions: Expansion[], expansions: Expansion[]): Expansion[] {
  if (!expansions.some(isPipeCall)) return transclusions;
  const kept = new Set(transclusions);
  return expansions.filter((e) => kept.has(e) || isPipeCall(e));
}

/** The expansions that are transclusions: the list itself when all are (no copy). */
function transclusionsOf(expansions: Expansion[]): Expansion[] {
  for (let i = 0; i < expansions.length; i++) {
    if (!isTransclusion(expansions[i]!)) return expansions.filter(isTransclusion);
  }
  return expansions;
}

/** Whether the preprocessor has anything to do: templates are expanded and the text has a `{{`. */
function needsExpansion(source: string, options: Wt2HtmlOptions): boolean {
  return options.expandTemplates !== false && source.includes("{{");
}

/** Template expansion; a failure (a broken template source) leaves the page unexpanded. */
async function expandTransclusions(source: string, env: Env, options: Wt2HtmlOptions, templates: ConversionTemplates): Promise<PreprocessResult | null> {
  try {
    return await preprocess(source, env, { parserFunctionOutput: options.parserFunctionOutput ?? "v2", templates });
  } catch (error) {
    if (error instanceof ResourceLimitError) throw error;
    return null;
  }
}

export async function wt2html(source: string, env: Env, options: Wt2HtmlOptions = {}): Promise<Wt2HtmlResult> {
  const converter = options.variant === undefined ? null : variantConverter(env.site, options.variant, { rulesOnly: true });
  if (options.variant !== undefined && converter === null) throw new VariantUnsupportedError(env.site.lang, options.variant);
  const body = await wt2dom(source, env, options);
  if (converter) convertToVariant(body, env.site, converter);
  const inline = options.inlineDataParser ?? true;
  const dataParser = inline ? { counter: -1, ids: {} } : assignNodeIds(body);
  const bodyHtml = serializeChildren(body, { inlineDataParser: inline });
  const html = options.bodyOnly ? bodyHtml : wrapDocument(bodyHtml, env.site, env.page);
  return { html, dataParser };
}
