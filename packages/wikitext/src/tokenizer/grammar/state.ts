// Grammar state: the wasm token stream (with index helpers), the source, the wiki tokens being
// produced, and precomputed pairings (wikilink brackets, bracket closers, line ends) so that no
// construct ever rescans: everything stays linear in the number of tokens.
import type { TokenStream } from "@wikiloom/wasm";
import { K_LINK_OPEN, K_LINK_CLOSE, K_BRACKET_OPEN, K_BRACKET_CLOSE, K_NEWLINE, K_TEXT, K_PIPE, K_DOUBLE_PIPE } from "@wikiloom/wasm";
import type { Token, TextTk } from "../tokens.js";
import type { DataParser } from "../../dom/data-parser.js";
import type { SiteConfig } from "../../env/site-config.js";
import type { PageConfig } from "../../env/data-access.js";
import type { TemplatedSpans } from "../../ext/annotations.js";
import type { PendingVariant } from "../../transforms/language-variants.js";
import { pairLanguageVariants } from "./language-variant.js";

export interface GrammarEnv {
  site: SiteConfig;
  page: PageConfig;
}

/** Explicit limit on nested constructs (link content inside link content...). */
export const MAX_NESTING = 40;

/**
 * The pairing tables of the last grammar that finished parsing, for the next one: most
 * conversions are short extension bodies, and a typed array of their own cost each a backing
 * store allocation outside the heap. A grammar reads its tables only while it parses, which runs
 * without a pause from its construction on, so no two grammars ever use the tables at once.
 */
let spareTables: Int32Array | null = null;
/** Larger tables (pages of over a million tokens) are not kept for the next grammar. */
const MAX_SPARE_TABLE_WORDS = 3 << 20;
/** What a grammar's token words and tables are once it has parsed (see release). */
const RELEASED = new Int32Array(0);

export class Grammar {
  readonly n: number;
  readonly out: Token[] = [];
  /**
   * For a `[[` token: index of its `]]`, else -1. The `]]` is on the same line, or on a later one
   * when a pipe follows the target on the link's first line (link text may hold line breaks).
   */
  linkClose: Int32Array;
  /** Whether some `[[` is closed on a later line than its own (see linkClose). */
  hasLinksAcrossLines = false;
  /** For a `[` token: index of the next `]` on the same line, else -1. */
  bracketClose: Int32Array;
  /** Index of the first newline token at or after i (n when none). */
  nextNewline: Int32Array;
  /** The buffer of the three tables above (handed to the next grammar by release). */
  private tables: Int32Array;
  /** Whether lines may start list items (not in media captions, whose text is link text). */
  listItems = true;
  /** Open wikitext tables (nesting depth). */
  tableDepth = 0;
  nesting = 0;
  /** Autonumbered external links get numbered in document order. */
  extLinkCounter = 0;
  /** The page's prefixed title with spaces (self-link checks). */
  readonly pageText: string;
  /**
   * Whether a span of the text came (partly) from a template; null when the page has no
   * expansions. Constructs record where their attributes were written only when it says so.
   */
  templated: ((start: number, end: number) => boolean) | null = null;
  /** Template spans as annotation tags ask about them (ext/annotations.ts); null without templates. */
  templatedSpans: TemplatedSpans | null = null;
  /** Where the template output holding an offset ends (-1 when none); null without templates. */
  templateEnd: ((at: number) => number) | null = null;
  /** The last end of a transclusion's output in (start, end], -1 when none (empty ones too); null without templates. */
  lastTemplateEndIn: ((start: number, end: number) => number) | null = null;
  /** Whether a template's output holds, at an offset, a pipe that a {{!}} nested in it wrote; null without templates. */
  nestedPipeAt: ((at: number) => boolean) | null = null;
  /** The page source behind a span of the (expanded) text; null when the page has no expansions. */
  pageSource: ((start: number, end: number) => string) | null = null;
  /**
   * The page source behind a span whose edges no template output runs across (templates in it
   * are whole), or null when one does; null itself when the page has no expansions.
   */
  sourceOfWholeTemplates: ((start: number, end: number) => string | null) | null = null;
  /** Parse data of the open wikitext tables' start tags (the end tag's spelling is kept there). */
  readonly openTables: DataParser[] = [];
  /**
   * Whether quote, list item and indentation tokens were emitted: the transforms that rewrite
   * them skip their scan of every token when not (most extension bodies have none).
   */
  emittedQuote = false;
  emittedListItem = false;
  emittedIndent = false;
  /** Whether some tag recorded its attribute sources (so the pass that reads them has work). */
  hasAttrSources = false;
  /**
   * The last text token pushText made: its value is the source between its start and end, so
   * text that continues it is taken as one longer slice of the source (see pushText).
   */
  sourceText: TextTk | null = null;
  /**
   * Lint mode: the DOM is linted, never output, so constructs may leave out the attributes and
   * parse data that only output and html2wt read.
   */
  lint = false;
  /**
   * Whether `-{…}-` may be language-variant markup here: the site's language has variants and
   * the text holds a `-{`.
   */
  readonly variantMarkup: boolean;
  /** The language-variant elements made, whose texts are parsed after tokenizing. */
  readonly languageVariants: PendingVariant[] = [];
  private variantCloses: Map<number, number> | null = null;
  /** Outermost markup spans as [open, close] pairs, flattened (found on first use). */
  private variantSpans: number[] | null = null;

  constructor(
    readonly src: string,
    private words: Int32Array,
    count: number,
    readonly env: GrammarEnv,
    outputs: readonly number[] | null = null,
  ) {
    this.n = count;
    // (Most conversions are extension bodies of a page whose title has no underscore.)
    const title = env.page.title;
    this.pageText = title.includes("_") ? title.replace(/_/g, " ") : title;
    // One buffer for the three tables (each typed array of its own cost a backing store
    // allocation), the previous grammar's when it is large enough. Only the first two start
    // filled: pair() writes every entry of the third.
    const size = 3 * count + 1;
    let tables = spareTables;
    if (tables !== null && tables.length >= size) spareTables = null;
    else tables = new Int32Array(size);
    tables.fill(-1, 0, 2 * count);
    this.tables = tables;
    this.linkClose = tables.subarray(0, count);
    this.bracketClose = tables.subarray(count, 2 * count);
    this.nextNewline = tables.subarray(2 * count, size);
    this.pair(outputs);
    this.variantMarkup = env.site.hasLanguageVariants && src.includes("-{");
  }

  /**
   * Called once the document is parsed: nothing reads the token stream or the pairing tables
   * after that. The tables go to the next grammar, and the token words, which may be a view of
   * the tokenizer's memory that its next call overwrites (Tokenizer.tokenizeTransient), are let
   * go of: a late reader finds no tokens rather than another document's.
   */
  release(): void {
    const tables = this.tables;
    if (tables.length <= MAX_SPARE_TABLE_WORDS && (spareTables === null || spareTables.length < tables.length)) spareTables = tables;
    this.tables = RELEASED;
    this.words = RELEASED;
    this.linkClose = RELEASED;
    this.bracketClose = RELEASED;
    this.nextNewline = RELEASED;
  }

  /** Where each `-{` of the text ends, after the `}-` closing it (found on first use). */
  languageVariantCloses(): Map<number, number> {
    return (this.variantCloses ??= pairLanguageVariants(this));
  }

  /**
   * Whether an offset is inside language-variant markup: the line syntax that splits list items
   * and table cells (`:`, `|`, `||`) does not look into it.
   */
  inLanguageVariant(pos: number): boolean {
    if (!this.variantMarkup) return false;
    if (this.variantSpans === null) {
      // The outermost spans, in order.
      const spans: number[] = [];
      for (const [open, close] of [...this.languageVariantCloses()].sort((a, b) => a[0] - b[0])) {
        if (spans.length > 0 && open < spans[spans.length - 1]!) continue;
        spans.push(open, close);
      }
      this.variantSpans = spans;
    }
    const spans = this.variantSpans;
    let lo = 0;
    let hi = spans.length / 2 - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (pos < spans[2 * mid]!) hi = mid - 1;
      else if (pos >= spans[2 * mid + 1]!) lo = mid + 1;
      else return true;
    }
    return false;
  }

  /**
   * `outputs`: where templates' outputs lie in `src`, as ascending [start, end) pairs, flattened
   * (see pair: link brackets pair within one output or within the page's text, not across).
   */
  static fromStream(src: string, stream: TokenStream, env: GrammarEnv, outputs: readonly number[] | null = null): Grammar {
    return new Grammar(src, stream.words, stream.count, env, outputs);
  }

  kind(i: number): number {
    return i < this.n ? this.words[i * 4]! : 0;
  }
  start(i: number): number {
    return i < this.n ? this.words[i * 4 + 1]! : this.src.length;
  }
  end(i: number): number {
    return i < this.n ? this.words[i * 4 + 2]! : this.src.length;
  }
  extra(i: number): number {
    return this.words[i * 4 + 3]!;
  }
  slice(i: number): string {
    return this.src.slice(this.start(i), this.end(i));
  }

  /**
   * Marks source up to `pos` as consumed by a construct that ended inside token `i` (a URL or a
   * link trail inside a text run): the token's remaining part starts at `pos`.
   * Returns the index to continue from.
   */
  consumeTo(i: number, pos: number): number {
    while (i < this.n && this.end(i) <= pos) i++;
    if (i < this.n && this.start(i) < pos) {
      if (this.kind(i) === K_TEXT) this.words[i * 4 + 1] = pos;
      else i++;
    }
    return i;
  }

  /**
   * `[[a|[b]]]`: the tokenizer reads `]]` then `]`, but a `[` open inside the link text means
   * the first `]` closes it and the last two close the link. Rewrites those token pairs.
   */
  private regroupTripleBrackets(): void {
    let openSingles = 0;
    let inLink = false;
    for (let i = 0; i < this.n; i++) {
      const k = this.kind(i);
      if (k === K_LINK_OPEN) {
        inLink = true;
        openSingles = 0;
      } else if (k === K_BRACKET_OPEN) {
        if (inLink) openSingles++;
      } else if (k === K_BRACKET_CLOSE) {
        if (openSingles > 0) openSingles--;
      } else if (k === K_NEWLINE) {
        inLink = false;
        openSingles = 0;
      } else if (k === K_LINK_CLOSE && openSingles > 0) {
        // A run of `]]`s ending in a lone `]` (`]]]`, `]]]]]` of nested links): its first `]`
        // closes the open `[`, the rest pair up as `]]`s.
        let j = i + 1;
        while (j < this.n && this.kind(j) === K_LINK_CLOSE && this.start(j) === this.end(j - 1)) j++;
        if (j < this.n && this.kind(j) === K_BRACKET_CLOSE && this.start(j) === this.end(j - 1)) {
          const w = this.words;
          const p = this.start(i);
          w[i * 4] = K_BRACKET_CLOSE;
          w[i * 4 + 2] = p + 1;
          for (let t = i + 1; t <= j; t++) {
            w[t * 4] = K_LINK_CLOSE;
            w[t * 4 + 1] = p + 1 + 2 * (t - i - 1);
            w[t * 4 + 2] = p + 3 + 2 * (t - i - 1);
          }
          openSingles--;
          i = j;
          inLink = false;
        }
      }
    }
  }

  /**
   * Pairs `[[` with `]]` (and `[` with `]`). As Parsoid tokenizes a template's output on its own
   * and the page around the template as a whole, brackets pair only within one of `outputs` or
   * within the page's text: an output's `]]` does not close the page's `[[` (`[[a|{{1x|b]]c}}d]]`
   * is one link, its text `b]]cd`), an output's `[[` no `]]` of the page. And a `{{` the page
   * leaves unclosed (no template) inside a link keeps it from closing: Parsoid's broken template
   * holds the link's closing `]]` from then on, so `[[a|{{b]]` is text.
   */
  private pair(outputs: readonly number[] | null): void {
    this.regroupTripleBrackets();
    const n = this.n;
    const src = this.src;
    const linkStack: number[] = [];
    // Whether each open `[[` has had a pipe (at its own level): only then may its text run on
    // past a line break, its target being complete.
    const piped: boolean[] = [];
    let lineStart = 0;
    let openBracket = -1;
    // The output the current token lies in (its index in `outputs`, in pairs), -1 outside, and
    // how many of the open links were opened before it (an output pairs only its own).
    let out = 0;
    let inside = -1;
    let barrier = 0;
    // The next `{{` at or after the last text token searched from (-2: none searched yet).
    let braces = -2;
    for (let i = 0; i < n; i++) {
      const k = this.kind(i);
      if (outputs !== null && out < outputs.length) {
        const s = this.start(i);
        if (inside >= 0 && s >= outputs[inside + 1]!) {
          // Links the output opened and did not close stay text.
          linkStack.length = barrier;
          piped.length = barrier;
          inside = -1;
          out += 2;
        }
        while (out < outputs.length && outputs[out + 1]! <= s) out += 2;
        if (inside < 0 && out < outputs.length && outputs[out]! <= s) {
          inside = out;
          barrier = linkStack.length;
        }
        // A bracket pair split by an output's edge is text.
        if ((k === K_LINK_OPEN || k === K_LINK_CLOSE) && out < outputs.length && this.end(i) > outputs[inside >= 0 ? out + 1 : out]!) continue;
      }
      const floor = inside >= 0 ? barrier : 0;
      if (k === K_LINK_OPEN) {
        linkStack.push(i);
        piped.push(false);
      } else if (k === K_LINK_CLOSE) {
        if (linkStack.length <= floor) continue;
        const open = linkStack.pop()!;
        piped.pop();
        this.linkClose[open] = i;
        if (open < lineStart) this.hasLinksAcrossLines = true;
      } else if ((k === K_PIPE || k === K_DOUBLE_PIPE) && piped.length > floor) {
        piped[piped.length - 1] = true;
      } else if (k === K_TEXT && inside < 0 && linkStack.length > 0) {
        const s = this.start(i);
        if (braces !== -1 && braces < s) braces = src.indexOf("{{", s);
        if (braces >= 0 && braces + 1 < this.end(i) && (outputs === null || out >= outputs.length || braces + 2 <= outputs[out]!)) {
          // A `{{` of the page's own text (a template's braces are in an output): a call the
          // preprocessor found no end for. The links open around it stay text.
          linkStack.length = 0;
          piped.length = 0;
        }
      } else if (k === K_BRACKET_OPEN) {
        openBracket = i;
      } else if (k === K_BRACKET_CLOSE) {
        // Every `[` since the last `]` on this line closes here.
        for (let j = openBracket; j >= 0 && j < i && this.bracketClose[j] === -1; j--) {
          if (this.kind(j) === K_BRACKET_OPEN) this.bracketClose[j] = i;
          if (this.kind(j) === K_BRACKET_CLOSE || this.kind(j) === K_NEWLINE) break;
        }
        openBracket = -1;
      } else if (k === K_NEWLINE) {
        // Links still without a pipe end here: their target would hold the line break.
        let kept = 0;
        let keptBefore = 0;
        for (let s = 0; s < linkStack.length; s++) {
          if (!piped[s]) continue;
          if (s < barrier) keptBefore++;
          linkStack[kept] = linkStack[s]!;
          piped[kept++] = true;
        }
        if (inside >= 0) barrier = keptBefore;
        linkStack.length = kept;
        piped.length = kept;
        lineStart = i + 1;
        openBracket = -1;
      }
    }
    let next = n;
    this.nextNewline[n] = n;
    for (let i = n - 1; i >= 0; i--) {
      if (this.kind(i) === K_NEWLINE) next = i;
      this.nextNewline[i] = next;
    }
  }
}
