// Public shapes of the preprocessor stage: its options, its result and the transclusion
// metadata that the encapsulation DOM pass turns into about/typeof/data-mw.

/** One `params` entry of a data-mw part, in Parsoid's key order. */
export interface DataMwParam {
  wt: string;
  /** Present when the name as written differs from the name used (comments, spacing). */
  key?: { wt: string };
}

export interface DataMwTarget {
  wt: string;
  /** "./Template:Foo" for templates. */
  href?: string;
  /** Parser function or variable name (v2 output): "if", "pagename", "!". */
  function?: string;
  /** Parser function name (v3 output). */
  key?: string;
}

export interface DataMwTemplateBody {
  target: DataMwTarget;
  params: Record<string, DataMwParam>;
  /** Index of the part among the transclusion parts of its about-group. */
  i: number;
}

/** One part of data-mw.parts: a transclusion, or the literal wikitext between transclusions. */
export type DataMwPart =
  | { template: DataMwTemplateBody }
  | { templatearg: DataMwTemplateBody }
  | { parserfunction: DataMwTemplateBody }
  | string;

export interface DataMwTransclusion {
  parts: DataMwPart[];
}

/** data-parsoid `pi` entry for one parameter: its key, and whether it was given by name. */
export interface ParamInfo {
  k: string;
  named?: true;
  /** Whitespace around the name and the value: [before name, after name, before value, after value]. */
  spc?: [string, string, string, string];
}

/** One top-level expansion of the page. */
export interface Expansion {
  /** UTF-16 offsets in the source. */
  srcStart: number;
  srcEnd: number;
  /** UTF-16 offsets of its output in `PreprocessResult.text`. */
  outStart: number;
  outEnd: number;
  /** data-mw of the encapsulating node when the expansion stands alone: `{parts: [part]}`.
   * Numeric parameter names come first when a JS object is iterated: use `dataMwJson` (or
   * `partJson`) for the exact JSON. */
  dataMw: DataMwTransclusion;
  /** `dataMw` serialized with Parsoid's key order: the attribute value to emit. */
  dataMwJson: string;
  /** The single part (with `i: 0`). */
  part: Exclude<DataMwPart, string>;
  /** The part's kind and target, without making the part. */
  partKind: "template" | "templatearg" | "parserfunction";
  target: DataMwTarget;
  /** The part's JSON (Parsoid's key order) with index `i`, for multi-part transclusions. */
  partJson(i: number): string;
  /** The written order of the part's parameters. */
  paramOrder: string[];
  /** "mw:Transclusion", "mw:Param" or "mw:Transclusion mw:ParserFunction/<name>". */
  typeof: string;
  /** data-parsoid `pi` for the part: parameter order and how each was written. */
  paramInfos: ParamInfo[];
  /** The expansion is an error message (loop, limits): the output is error markup. */
  error?: string;
  /**
   * The output is block syntax that started mid-line, so a line break stands right before
   * `outStart` (MediaWiki's T2529 fix); it is not part of the output, and Parsoid's tree has no
   * text for it.
   */
  blockNewline?: boolean;
  /**
   * Where the output holds such line breaks put before the block syntax of calls nested in it
   * (text offsets, ascending; as far as the calls' outputs reach it verbatim). Parsoid expands
   * nested templates on their own, and its tree has no text for these either.
   */
  innerBlockNewlines?: readonly number[];
  /**
   * Where the output holds pipes that {{!}} calls nested in it wrote (text offsets, ascending; as
   * far as the calls' outputs reach it verbatim): Parsoid reads such a pipe as a link's pipe.
   */
  innerPipes?: readonly number[];
}

export interface PreprocessResult {
  /** The page text with top-level transclusions replaced by their expansions; everything else
   * (comments, extension tags, include-control tags, plain text) byte-identical to the source. */
  text: string;
  /** One entry per top-level expansion, in source order. */
  expansions: Expansion[];
  /** Work counters (for linearity checks and limit reports). */
  stats: PreprocessStats;
  /** Page properties set by functions: displaytitle, defaultsort. */
  pageProperties: Record<string, string>;
}

export interface PreprocessStats {
  /** Preprocessor nodes visited during expansion. */
  nodeCount: number;
  /** Characters added by expansions (MediaWiki's post-expand include size, in UTF-16 units). */
  postExpandSize: number;
  /** Templates fetched from the data access (distinct titles). */
  templatesFetched: number;
  /** Deepest template nesting reached. */
  maxDepth: number;
  /** Work of the tree builder over all texts (steps plus characters examined). */
  treeWork: number;
}

export interface PreprocessLimits {
  /** Template nesting (MediaWiki's $wgMaxTemplateDepth); default 40. */
  maxTemplateDepth: number;
  /** Nested expansion calls ($wgMaxPPExpandDepth); default 100. */
  maxExpandDepth: number;
  /** Preprocessor nodes visited ($wgMaxPPNodeCount); default 1,000,000. */
  maxNodeCount: number;
  /** Post-expand include size ($wgMaxArticleSize-based); default 2 MiB. */
  maxIncludeSize: number;
}

export interface PreprocessOptions {
  /** The parser functions and variables (default: `defaultRegistry()`); hosts add their own
   * with `defaultRegistry().with([...])`, e.g. a search configuration function. The site's
   * siteinfo must name them as magic words. */
  functions?: import("./functions/registry.js").FunctionRegistry;
  limits?: Partial<PreprocessLimits>;
  /** Parsoid's v3 parser-function output (typeof mw:ParserFunction/..., `parserfunction` parts). */
  parserFunctionOutput?: "v2" | "v3";
  /** Recognise `-{ }-` brackets (language converter markup). Default true. */
  languageConversion?: boolean;
  /** The user interface language ({{USERLANGUAGE}}, {{int:}}); defaults to the page language. */
  userLanguage?: string;
  /**
   * Template sources, parse trees and title lookups shared by the calls of one conversion (the page
   * and its extension bodies). Used only when made for the same `env` and `languageConversion`.
   */
  templates?: import("./template-source.js").ConversionTemplates;
}

export const DEFAULT_LIMITS: PreprocessLimits = {
  maxTemplateDepth: 40,
  maxExpandDepth: 100,
  maxNodeCount: 1_000_000,
  maxIncludeSize: 2 * 1024 * 1024,
};
