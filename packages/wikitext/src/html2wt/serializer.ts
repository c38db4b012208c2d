// The serializer's state and its walk over the DOM: output with line tracking, the pending
// separator between nodes (whitespace from the DOM fitted to the handlers' newline constraints),
// the context flags escaping needs, and dispatch to one handler per node kind.
import { decodeCommentData } from "../util/comment-data.js";
import { indexInParent, type WComment, type WElement, type WNode, type WText } from "../dom/node.js";
import type { Env } from "../engine-env.js";
import { ANY, isSeparatorText, merge, type NewlineConstraint } from "./constraints.js";
import { escapeText, opensLinkSyntax, startsLineSyntax, type EscapeOptions } from "./escape.js";
import { handlerFor } from "./handlers/index.js";
import { isBlockElement, isHtmlSyntax, isRenderingTransparent } from "./handlers/block-kinds.js";
import type { SourceReuse } from "./selser/reuse.js";
import { serializeElement } from "../output/serialize.js";
import { isNewContent } from "./node-data.js";
import { isTableWhitespace } from "../dom/table-whitespace.js";
import { textOf } from "./text-content.js";
import { LineText } from "./line-text.js";

/** Where text is being written: escaping depends on it. */
export interface TextContext {
  /** Inside [[...]] link text, or the text of [url text]. */
  link: "wiki" | "ext" | null;
  /** Inside == ... == heading content. */
  heading: boolean;
  /** Inside a wikitext table cell (td or th), or a caption. */
  cell: "td" | "th" | "caption" | null;
  /** Inside an indent-pre (each line gets a leading space). */
  indentPre: boolean;
  /** Inside an HTML-syntax element (<pre>, <td> written as HTML...): line-start rules relax. */
  htmlBlock: boolean;
  /** Inside a list item's own line (list bullets already written). */
  listItem: boolean;
  /** The text continues a line written elsewhere (a language variant's rule text): it starts mid-line. */
  continuesLine: boolean;
  /** Text that would end the markup around it early (`}-`, `;` in a language variant's rule): written in <nowiki>. */
  protect: RegExp | null;
}

/** HTML stored in data-mw → wikitext, written as text of the given context. */
export type FragmentSerializer = (html: string, context?: Partial<TextContext>) => string;

export interface ChildrenOptions {
  /** Leading newlines of the first text child belong to the separator before the parent. */
  leadingNewlinesAreSeparators?: boolean;
  /** A child that is layout only (a paragraph's leading <br>): skipped, and text after it starts the content. */
  layoutChild?: WNode;
}

/** Blocks whose trailing newlines are content (a cell's blank line, a pre's last line). */
const PRESERVES_TRAILING_NEWLINES = new Set(["pre", "td", "th", "caption", "body", "div", "blockquote", "center", "section"]);

/** Nesting depth up to which the handlers (recursive) write wikitext. */
const MAX_NESTING = 300;

const TRAILING_WHITESPACE_IGNORED = new Set(["ul", "ol", "dl"]);

/** Elements written as wikitext table syntax, which may follow spaces on its line. */
const TABLE_PARTS = new Set(["table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption"]);

export class Serializer {
  private readonly chunks: string[] = [];
  /** The output's current (last) line. */
  readonly line = new LineText();
  private trailingNewlines = 0;
  private outputLength = 0;
  /** Output length right after the last markup written with emitMarkup. */
  private markupEnd = -1;
  private empty = true;
  private pendingSeparator = "";
  /** The pending separator ends a container's last line (see addLineEnd). */
  private separatorEndsLine = false;
  private pendingConstraint: NewlineConstraint | null = null;
  context: TextContext = { link: null, heading: false, cell: null, indentPre: false, htmlBlock: false, listItem: false, continuesLine: false, protect: null };
  /** The node written last at this level was a wiki link (its trail could absorb letters). */
  private afterWikiLink = false;
  /** Output offset after text that left a "[[" open, -1 if none (escaping of a later "]]"). */
  private openLinkTextEnd = -1;
  /** Output length right after a bare URL or magic link (following text could extend it). */
  private autolinkEnd = -1;
  private autolinkKind: AutolinkKind = "url";
  /** The URL that ends the output holds a "(": a ")" after it would join it. */
  private autolinkHasParen = false;
  /** How many serializeChildren calls are open (bounded, see MAX_NESTING). */
  private depth = 0;
  /** A handler set the layout before the next content (see forceNewlines). */
  private forcedLayout = false;
  /** Newlines empty paragraphs add to the next separator, past what its constraint asks. */
  private extraNewlines = 0;
  /** Output length right after metadata that opened its line (the line is still at its start there). */
  private transparentLineEnd = -1;
  /** The metadata that ended at transparentLineEnd is a link (category, language). */
  private transparentLineOpenerIsLink = false;
  /** The element whose children are being written. */
  private currentParent: WElement | null = null;
  /** Index of the child of currentParent being written (a hint for sibling lookups). */
  private currentIndex = 0;
  /** The element being written is a block (its markup may follow spaces at a line's start). */
  private writingBlock = false;
  /** The element being written is a block image (its line never becomes preformatted text). */
  private startsBlockMedia = false;
  /**
   * The next output starts a wikitext table's line ({|, |-, |, !, |+, |}): spaces before it on
   * its line are kept (table syntax may be indented, no preformatted text comes of it). Cleared
   * by any output.
   */
  private startsTableLine = false;
  /** Nodes of this about group were written by the transclusion's first node: skip the rest. */
  private skipAbout: string | null = null;

  constructor(
    readonly env: Env,
    /** Selective serialization: unchanged nodes give back their original source. */
    readonly reuse: SourceReuse | null = null,
    /** HTML stored in data-mw (captions, extension bodies) → wikitext. */
    readonly serializeFragment: FragmentSerializer = () => "",
  ) {}

  /** A fresh serializer for a piece written elsewhere (a caption, an extension's body). */
  nested(): Serializer {
    return new Serializer(this.env, null, this.serializeFragment);
  }

  /** Runs `fn` with some context flags changed, restoring them afterwards. */
  withContext<T>(changes: Partial<TextContext>, fn: () => T): T {
    const saved = this.context;
    this.context = { ...saved, ...changes };
    try {
      return fn();
    } finally {
      this.context = saved;
    }
  }

  /**
   * Output continues a line written elsewhere (see TextContext.continuesLine): nothing written
   * first is at a line start. (The line so far reads as the markup that opened it.)
   */
  continueLine(): void {
    this.empty = false;
    this.line.reset("-{");
  }

  get atLineStart(): boolean {
    // Comments alone before the text leave line syntax after them in force; so do page
    // metadata written at the start of the line (__NOTOC__, [[Category:X]]).
    return this.empty || this.line.length === 0 || (this.pendingConstraint !== null && this.pendingConstraint.min > 0) || this.line.isOnlyComments() || this.outputLength === this.transparentLineEnd;
  }

  /**
   * The line is at its start only because a category or language link opened it: line syntax
   * still starts there, but a space after such a link makes no preformatted text (only comments
   * are transparent to indent-pre), so it is kept, as Parsoid keeps it. (After a behaviour
   * switch Parsoid scrubs it: "__NOTOC__ y" is written "__NOTOC__y".)
   */
  get atLineStartAfterMetadata(): boolean {
    return this.outputLength === this.transparentLineEnd && this.transparentLineOpenerIsLink && !this.line.isOnlyComments() && !(this.pendingConstraint !== null && this.pendingConstraint.min > 0);
  }


  get isEmpty(): boolean {
    return this.empty;
  }

  requireNewlines(constraint: NewlineConstraint): void {
    this.pendingConstraint = this.pendingConstraint ? merge(this.pendingConstraint, constraint) : constraint;
  }

  /** Whether a separator or a newline constraint waits to be written before the next output. */
  get hasPendingSeparator(): boolean {
    return this.pendingSeparator !== "" || (this.pendingConstraint !== null && this.pendingConstraint.min > 0) || this.extraNewlines > 0;
  }

  /** The fewest newlines the pending separator must hold. */
  get pendingMinNewlines(): number {
    return this.pendingConstraint?.min ?? 0;
  }

  /**
   * Sets exactly how many newlines come before the next content, even when the node asking
   * writes nothing itself (empty lines stand for an empty paragraph).
   */
  forceNewlines(count: number): void {
    this.pendingConstraint = { min: count, max: count };
    this.forcedLayout = true;
  }

  addSeparator(whitespace: string): void {
    if (this.separatorEndsLine) {
      this.separatorEndsLine = false;
      // (The longer of the two line breaks stands: they end the same line.)
      if (countNewlines(whitespace) >= countNewlines(this.pendingSeparator)) {
        this.pendingSeparator = whitespace;
        return;
      }
    }
    this.pendingSeparator += whitespace;
  }

  /**
   * Whitespace that ends the last line of a container (a list whose last item an edit deleted,
   * in selser): it comes back, but the separator after the container stands for the same line
   * break rather than adding its own.
   */
  addLineEnd(whitespace: string): void {
    this.pendingSeparator += whitespace;
    this.separatorEndsLine = true;
  }

  /** The next output starts a line of wikitext table syntax (spaces before it stay). */
  startTableLine(): void {
    this.startsTableLine = true;
  }

  /** Notes whether `node`, about to be written, is wikitext table syntax (startTableLine). */
  startNode(node: WElement): void {
    this.startsTableLine = TABLE_PARTS.has(node.name) && !isHtmlSyntax(node);
  }

  /** Drops the pending separator (e.g. where the original source said there was none). */
  dropSeparator(): void {
    this.pendingSeparator = "";
    this.separatorEndsLine = false;
  }

  emit(text: string): void {
    if (text === "") return;
    // (A comment is no content: spaces before it make no preformatted line.)
    this.flushSeparator(text, !this.writingBlock && !text.startsWith("<!--"));
    // Every line of an indent-pre starts with a space, whatever starts the line.
    if (this.context.indentPre && this.needsPreIndent(text)) this.push(" ");
    this.push(text);
  }

  /**
   * Whether text written now starts the content of an indent-pre line: the line's space goes
   * after any comments that open the line (as Parsoid writes it), so a comment is written first.
   */
  private needsPreIndent(text: string): boolean {
    if (this.line.length === 0) return this.trailingNewlines > 0 && text !== "\n" && !text.startsWith("<!--");
    return this.line.isOnlyComments() && this.trailingNewlinesBeforeLine() && !text.startsWith("<!--");
  }

  /** Whether a line break precedes the current line (it is not the output's first line). */
  private trailingNewlinesBeforeLine(): boolean {
    const n = this.newlinesBeforeLine();
    return n > 0 && n !== Infinity;
  }

  /** Where the output ends now, for rewriteSince. */
  get outputMark(): number {
    return this.chunks.length;
  }

  /**
   * Replaces what was written since `mark` (an outputMark) by `rewrite` of it: a handler's fix-up
   * of the lines its children wrote as a whole. Rarely changes anything, so the line state is
   * simply recomputed from the output when it does; offsets remembered inside the rewritten
   * part that are not its end are dropped.
   */
  rewriteSince(mark: number, rewrite: (written: string) => string): void {
    const written = this.chunks.slice(mark).join("");
    const rewritten = rewrite(written);
    if (rewritten === written) return;
    const oldEnd = this.outputLength;
    const start = oldEnd - written.length;
    const before = this.chunks.slice(0, mark).join("");
    this.chunks.length = 0;
    this.chunks.push(before + rewritten);
    const output = this.chunks[0]!;
    this.outputLength = output.length;
    this.line.reset(output.slice(output.lastIndexOf("\n") + 1));
    let newlines = 0;
    if (this.line.length === 0) for (let i = output.length - 1; i >= 0 && output.charCodeAt(i) === 10; i--) newlines++;
    this.trailingNewlines = newlines;
    const moved = (offset: number): number => (offset === oldEnd ? this.outputLength : offset > start ? -1 : offset);
    this.markupEnd = moved(this.markupEnd);
    this.autolinkEnd = moved(this.autolinkEnd);
    this.openLinkTextEnd = moved(this.openLinkTextEnd);
    this.transparentLineEnd = moved(this.transparentLineEnd);
  }

  /** Writes source that must not be adjusted (reused slices): the separator is already in it. */
  emitVerbatim(text: string): void {
    this.pendingSeparator = "";
    this.separatorEndsLine = false;
    this.pendingConstraint = null;
    this.push(text);
  }

  /** Writes wikitext syntax (quote markers...) and remembers that the output ends with it. */
  emitMarkup(text: string): void {
    this.emit(text);
    this.markupEnd = this.outputLength;
  }

  /**
   * Marks that the output ends with a bare URL or a magic link (RFC, PMID, ISBN): the text
   * after it must not extend it.
   */
  markAutolink(kind: AutolinkKind = "url", url = ""): void {
    this.autolinkEnd = this.outputLength;
    this.autolinkKind = kind;
    this.autolinkHasParen = kind === "url" && url.includes("(");
  }

  /** Whether the output, once the pending separator is written, ends with a letter, digit or "_". */
  get endsWithWordCharacter(): boolean {
    if (this.pendingSeparator !== "" || (this.pendingConstraint?.min ?? 0) > 0) return false;
    return this.line.endsWithWordCharacter();
  }

  /** Whether text written right after the autolink that ends the output would extend it. */
  private extendsAutolinkHere(text: string): boolean {
    if (this.outputLength !== this.autolinkEnd) return false;
    // A magic link ends at a word boundary; a URL takes everything up to trailing punctuation
    // (a ")" too when the URL holds a "(").
    return this.autolinkKind === "magic" ? /^[\p{L}\p{N}_]/u.test(text) : extendsAutolink(text, this.autolinkHasParen);
  }

  /** Whether the output ends with markup written by emitMarkup (not with text). */
  get endsWithMarkup(): boolean {
    return this.outputLength === this.markupEnd;
  }

  private push(text: string): void {
    if (text === "") return;
    this.afterWikiLink = false;
    this.startsTableLine = false;
    this.chunks.push(text);
    this.outputLength += text.length;
    this.empty = false;
    const lastBreak = text.lastIndexOf("\n");
    if (lastBreak < 0) {
      this.line.append(text);
      this.trailingNewlines = 0;
    } else {
      this.line.reset(text.slice(lastBreak + 1));
      if (this.line.length === 0) {
        let n = 0;
        for (let i = text.length - 1; i >= 0 && text[i] === "\n"; i--) n++;
        this.trailingNewlines = n === text.length ? this.trailingNewlines + n : n;
      } else this.trailingNewlines = 0;
    }
  }

  /** Writes the pending separator fitted to its constraint; `next` is the text that follows it. */
  private flushSeparator(next = "", inline = false): void {
    this.flushSeparatorFitted(next, inline);
    if (this.extraNewlines > 0) {
      this.push("\n".repeat(this.extraNewlines));
      this.extraNewlines = 0;
    }
  }

  private flushSeparatorFitted(next: string, inline: boolean): void {
    if (this.pendingConstraint === null && this.pendingSeparator === "") return;
    let sep = this.pendingSeparator;
    const c = this.pendingConstraint ?? ANY;
    this.pendingSeparator = "";
    this.separatorEndsLine = false;
    this.pendingConstraint = null;
    if (!this.empty) {
      // A line holding only comments is still at its start: newlines before it count (a list
      // item may follow "<!--c-->" on its line). So is a line of blanks (and comments) for table
      // syntax, which may be indented (" |cell").
      const sepNewlines = countNewlines(sep);
      const lineStartSoFar = this.line.isOnlyComments() || (this.startsTableLine && this.line.isBlanksAndComments());
      if (sepNewlines === 0 && c.min > 0 && lineStartSoFar && this.newlinesBeforeLine() >= c.min) {
        // (Blanks before table syntax are its indentation: they stay.)
        this.push(this.startsTableLine ? sep : sep.replace(/[ \t]+/g, ""));
        return;
      }
      const have = this.trailingNewlines + sepNewlines;
      // Line breaks the next text starts with come right after the separator: they count toward
      // the fewest it needs (a transclusion whose source begins with an empty line, a reused
      // paragraph the tree builder opened where the previous one ended).
      if (have + leadingLineBreaks(next) < c.min && have < c.min) {
        // (Spaces after a line break stay as a whitespace-only line before the added ones.)
        sep = (sepNewlines > 0 ? sep : sep.replace(/[ \t]+$/, "")) + "\n".repeat(c.min - have);
      } else if (have > c.max) {
        sep = "\n".repeat(Math.max(0, c.max - this.trailingNewlines));
      }
      // A space at the start of a line would turn the next block into preformatted text
      // (except inside HTML blocks, which suppress that).
      // (Spaces on a line that the next text ends at once are only a whitespace line.)
      // Before inline content, a line's leading spaces would make it preformatted even inside
      // an HTML block: they are dropped too.
      if (((c.min > 0 && !this.context.htmlBlock) || (inline && !this.context.indentPre && !this.inPreSuppressingBlock)) && !next.startsWith("\n") && !this.startsTableLine) sep = sep.replace(/\n[ \t]+$/, "\n");
    } else if (c.min > 0 && !this.context.htmlBlock && !this.startsBlockMedia && !this.startsTableLine) {
      // (The start of the output is the start of a line too. A block image's line is no
      // preformatted text: a space before it stays.)
      sep = sep.replace(/(^|\n)[ \t]+$/, "$1");
    }
    this.push(sep);
  }

  /** Whether the children being written are inside a <blockquote>, where indented lines stay text. */
  get inPreSuppressingBlock(): boolean {
    for (let el = this.currentParent, depth = 0; el !== null && depth < 64; el = el.parent, depth++) if (el.name === "blockquote") return true;
    return false;
  }

  /** How many newlines end the output before its current line (the start of output counts as many). */
  private newlinesBeforeLine(): number {
    let n = 0;
    let skip = this.line.length;
    for (let i = this.chunks.length - 1; i >= 0; i--) {
      const chunk = this.chunks[i]!;
      let j = chunk.length - 1;
      if (skip > 0) {
        const taken = Math.min(skip, chunk.length);
        skip -= taken;
        j -= taken;
        if (skip > 0) continue;
      }
      for (; j >= 0; j--) {
        if (chunk.charCodeAt(j) !== 10) return n;
        n++;
      }
    }
    return Infinity;
  }

  /** The final wikitext (a trailing separator is kept as found; constraints need no more). */
  result(): string {
    this.push(this.pendingSeparator);
    this.pendingSeparator = "";
    this.pendingConstraint = null;
    return this.chunks.join("");
  }

  serializeChildren(el: WElement, options: ChildrenOptions = {}): void {
    if (this.depth >= MAX_NESTING) return this.writeAsHtml(el);
    this.depth++;
    try {
      this.serializeChildrenAt(el, options);
    } finally {
      this.depth--;
    }
  }

  /**
   * Past MAX_NESTING levels the content is written as HTML tags (valid wikitext too) by the
   * engine's iterative HTML serializer, so that absurdly deep input cannot exhaust the stack.
   */
  private writeAsHtml(el: WElement): void {
    for (const child of el.children) {
      if (child.kind === "text") this.emitText(child.value);
      else if (child.kind === "comment") this.emit(`<!--${decodeCommentData(child.value)}-->`);
      else this.emit(serializeElement(child, { inlineDataParser: false }).replace(/ data-mw="[^"]*"/g, ""));
    }
  }

  private serializeChildrenAt(el: WElement, options: ChildrenOptions): void {
    const outerParent = this.currentParent;
    const outerIndex = this.currentIndex;
    this.currentParent = el;
    try {
      this.serializeKids(el, options);
    } finally {
      this.currentParent = outerParent;
      this.currentIndex = outerIndex;
    }
  }

  /**
   * The index of a node among its siblings, found near the node being written (handlers look
   * at its neighbours) rather than by a scan from the start: linear over a long body.
   */
  /** lineOutcomes per parent, for this serialization (recomputed if the children changed). */
  private readonly lineOutcomeCache = new WeakMap<WElement, Int8Array>();

  lineOutcomesOf(parent: WElement): Int8Array {
    let outcomes = this.lineOutcomeCache.get(parent);
    if (outcomes === undefined || outcomes.length !== parent.children.length + 1) {
      outcomes = lineOutcomes(parent);
      this.lineOutcomeCache.set(parent, outcomes);
    }
    return outcomes;
  }

  indexOfSibling(node: WNode): number {
    const siblings = node.parent?.children;
    if (!siblings) return -1;
    const hint = node.parent === this.currentParent ? this.currentIndex : -1;
    if (hint >= 0) {
      for (let d = 0; d < 8; d++) {
        if (siblings[hint + d] === node) return hint + d;
        if (siblings[hint - d] === node) return hint - d;
      }
    }
    return indexInParent(node);
  }

  private serializeKids(el: WElement, options: ChildrenOptions): void {
    const kids = el.children;
    let prev: WNode | null = null;
    /** The last node written that is not a comment (comments are transparent to layout). */
    let lastContent: WNode | null = null;
    /** Whitespace right after an empty paragraph is part of the empty line it stands for. */
    let swallowSeparator = false;
    /**
     * Metadata that wrote nothing (a generated TOC marker) had no line of its own: the line
     * break after it and the one before it are one.
     */
    let afterSilentElement = false;
    this.skipAbout = null;
    for (let i = 0; i < kids.length; i++) {
      const node = kids[i]!;
      if (this.skipAbout !== null) {
        if (node.kind === "element" && node.getAttribute("about") === this.skipAbout) continue;
        // Whitespace between a group's table cells or rows stays unwrapped (a span there would
        // be fostered): it belongs to the group when the group goes on after it.
        if (isTableWhitespaceInGroup(kids, i, this.skipAbout)) continue;
        this.skipAbout = null;
      }
      // Whitespace at the edges of a wikitext list's children (from HTML editors or edits: parsing
      // never puts it there) has no wikitext meaning; the separators around the list stand for it.
      if ((i === 0 || i === kids.length - 1) && TRAILING_WHITESPACE_IGNORED.has(el.name) && el.dp?.stx !== "html" && isSeparatorText(node)) {
        // In selser, whitespace that stood between items comes back (an item next to it was
        // deleted): the bytes are not the edit's. After the last item it ends that item's line.
        if (!this.reuse?.originalOf(node)) continue;
        if (i === kids.length - 1 && i > 0) {
          this.addLineEnd((node as WText).value);
          continue;
        }
      }
      if (this.reuse && !this.changesAutolinkBoundary(node) && this.reuse.tryReuse(node, i, this)) {
        prev = node;
        // An annotation marker written as it was still keeps a block an edit put after it off its
        // line (Parsoid asks every node, reused or not).
        if (node.kind === "element" && node.name === "meta" && (node.getAttribute("typeof") ?? "").includes("mw:Annotation/")) {
          this.requireNewlines(handlerFor(node, this).after?.(node, kids[i + 1] ?? null, this) ?? ANY);
        }
        this.afterWikiLink = isWikiLink(node);
        if (isAutolink(node)) {
          // (Only a URL's text matters: whether it holds a "(".)
          if (isMagicLink(node as WElement)) this.markAutolink("magic");
          else this.markAutolink("url", textOf(node as WElement));
        }
        continue;
      }
      if (node === options.layoutChild) continue;
      // An editor's empty paragraph is an empty line: one more newline where it stands, the
      // whitespace after it being the same layout.
      if (!this.reuse && isEmptyNewParagraph(node)) {
        this.extraNewlines++;
        swallowSeparator = true;
        continue;
      }
      if (swallowSeparator && isSeparatorText(node)) {
        swallowSeparator = false;
        continue;
      }
      swallowSeparator = false;
      if (afterSilentElement && isSeparatorText(node)) {
        afterSilentElement = false;
        // (The longer of the two line breaks around it stands, a paragraph break included.)
        const value = (node as WText).value;
        if (countNewlines(value) > countNewlines(this.pendingSeparator)) this.pendingSeparator = value;
        continue;
      }
      afterSilentElement = false;
      if (isSeparatorText(node) && !this.context.indentPre) {
        // Legacy HTML ends a paragraph's or pre's content with the newline of its last line
        // ("<p>foo\n</p>\n</div>"): before the container's end, that newline and the one after
        // the block are the same line break.
        const value = (node as WText).value;
        this.addSeparator(prev !== null && endsWithContentNewline(prev) && nextContent(kids, i) === null ? value.replace("\n", "") : value);
        continue;
      }
      const next = nextContent(kids, i);
      // Spaces between blocks (or between a block and the container's edge, comments aside) are
      // layout too: they join the separator, which keeps them where no line start forbids it.
      if (node.kind === "text" && isSpaces(node.value) && !this.context.indentPre && (lastContent === null || isBlockElement(lastContent)) && (next === null || isBlockElement(next)) && (lastContent !== null || next !== null)) {
        if (!this.reuse) this.addSeparator(node.value);
        continue;
      }
      // Newlines at the edges of text next to a block (or at the start of a paragraph) are the
      // layout between the blocks: they join the separator and get fitted like it.
      if (node.kind === "text" && !this.context.indentPre && !this.reuse) {
        const atStart = prev === null ? (i === 0 || kids[i - 1] === options.layoutChild) && options.leadingNewlinesAreSeparators === true : isBlockElement(prev);
        const lead = atStart ? (/^[ \t]*\n(?:[ \t]*\n)*/.exec(node.value)?.[0] ?? "") : "";
        const rest = node.value.slice(lead.length);
        const trailsBlock = next === null ? isBlockElement(el) && !PRESERVES_TRAILING_NEWLINES.has(el.name) : isBlockElement(next);
        const trail = trailsBlock ? (/\n[ \t\n]*$/.exec(rest)?.[0] ?? "") : "";
        if (lead !== "" || trail !== "") {
          if (lead !== "") this.addSeparator(lead);
          this.serializeText(node, rest.slice(0, rest.length - trail.length));
          if (trail !== "") this.addSeparator(trail);
          prev = node;
          continue;
        }
      }
      this.currentIndex = i;
      const lengthBefore = this.outputLength;
      this.serializeNode(node, prev, next);
      this.currentIndex = i;
      afterSilentElement = !this.reuse && isRenderingTransparent(node) && this.outputLength === lengthBefore && this.pendingSeparator.includes("\n");
      prev = node;
      if (node.kind !== "comment") lastContent = node;
      this.afterWikiLink = isWikiLink(node);
    }
    this.reuse?.finishChildren(el, this);
  }

  serializeNode(node: WNode, prev: WNode | null, next: WNode | null): void {
    if (node.kind === "text") return this.serializeText(node, node.value);
    if (node.kind === "comment") return this.serializeComment(node);
    const handler = handlerFor(node, this);
    const constraintBefore = this.pendingConstraint;
    const lengthBefore = this.outputLength;
    this.requireNewlines(handler.before?.(node, prev, this) ?? ANY);
    const about = node.getAttribute("about");
    this.forcedLayout = false;
    const opensLine = isRenderingTransparent(node) && this.atLineStart;
    this.startsBlockMedia = node.name === "figure" && /\bmw:(File|Image|Video|Audio)\b/.test(node.getAttribute("typeof") ?? "");
    this.startNode(node);
    const outerBlock = this.writingBlock;
    this.writingBlock = isBlockElement(node) || isRenderingTransparent(node);
    handler.serialize(node, this);
    this.writingBlock = outerBlock;
    this.startsBlockMedia = false;
    if (opensLine) {
      this.transparentLineEnd = this.outputLength;
      this.transparentLineOpenerIsLink = node.name === "link";
    }
    // A node that wrote nothing (an empty paragraph) leaves no layout requirements behind,
    // unless it stands for empty lines.
    if (this.outputLength === lengthBefore) {
      if (!this.forcedLayout) this.pendingConstraint = constraintBefore;
      this.forcedLayout = false;
      return;
    }
    this.requireNewlines(handler.after?.(node, next, this) ?? ANY);
    if (about !== null && node.getAttribute("typeof")?.includes("mw:") && node.mw) this.skipAbout = about;
  }

  /**
   * Whether reusing the node's source as is would join it with a neighbour the edit put next to
   * it: text after a bare URL (it would extend the URL), or a bare URL after a letter (it would
   * not link). Such nodes are serialized anew, with their guards.
   */
  private changesAutolinkBoundary(node: WNode): boolean {
    if (node.kind === "text") return this.extendsAutolinkHere(node.value);
    return isAutolink(node) && this.line.endsWithWordCharacter();
  }

  serializeText(node: WText, value: string): void {
    if (value === "") return;
    let afterSolGuard = false;
    if (value.charCodeAt(0) === 32 || value.charCodeAt(0) === 9) {
      const scrubbed = this.scrubSolSpaces(node, value);
      if (scrubbed === "") return;
      afterSolGuard = scrubbed !== value;
      value = scrubbed;
    }
    // Spaces on a line of their own at the end of an inline element's text ("<span>a\n </span>b")
    // would start the line its end tag and what follows go on: preformatted text. They are layout.
    if (!this.context.indentPre && isLastInInlineElement(node) && /\n[ \t]+$/.test(value) && !this.inPreSuppressingBlock) value = value.replace(/[ \t]+$/, "");
    // "[" right before a bare URL would make it a bracketed link. Before a bracketed link "[["
    // still parses as "[" and the link, but edited text gets the unambiguous form.
    const next = node.parent?.children[this.indexOfSibling(node) + 1];
    if (value.endsWith("[") && next !== undefined && isExternalLink(next) && (isAutolink(next) ? this.reuse !== null || closesOnLine(next) : (this.reuse !== null || isNewContent(next as WElement)) && (next as WElement).children.length > 0)) {
      this.emitText(value.slice(0, -1));
      this.emit("<nowiki>[</nowiki>");
      return;
    }
    this.emitText(value, { inlineAfter: next !== undefined && isInlineContent(next), blockTagLater: value.startsWith(" ") || value.includes("\n ") ? blockTagLaterOnLine(node, this) : false, afterSolGuard });
  }

  /**
   * Spaces in SOL position among comments (Parsoid's whitespace scrubbing): " <!--c-->x" or
   * "<!--a--> <!--b--> x" would start preformatted text; the spaces are layout the HTML cannot
   * mean, so they are dropped. Where they were, an empty nowiki keeps the line syntax that the
   * text after the comments begins with ("*foo") as text, once per line. Returns what remains.
   */
  private scrubSolSpaces(node: WText, value: string): string {
    const ctx = this.context;
    // (A paragraph's text: spaces between blocks are the separators' business.)
    if (node.parent?.name !== "p" || ctx.indentPre || ctx.htmlBlock || ctx.cell !== null || ctx.listItem || ctx.heading || ctx.link !== null || this.inPreSuppressingBlock) return value;
    const guarded = this.line.isCommentsAndSolGuard();
    if (!guarded && !this.atLineStart) return value;
    const rest = value.replace(/^[ \t]+/, "");
    if (rest === "") {
      // (Only spaces before a comment: elsewhere such a text is layout the separators handle.)
      const next = node.parent?.children[this.indexOfSibling(node) + 1];
      if (next === undefined || next.kind !== "comment") return value;
      if (!guarded && startsLineSyntax(textAfterComments(node))) this.emit("<nowiki/>");
      return "";
    }
    // (At a true line start the text's own escaping scrubs and guards it.)
    return guarded ? rest : value;
  }

  /** Text that holds a match of `protect` goes out whole in <nowiki> (Parsoid's form); other text is escaped as usual. */
  private pushProtected(guard: string, value: string, protect: RegExp, options: EscapeOptions): void {
    protect.lastIndex = 0;
    if (!protect.test(value)) {
      this.push(guard + escapeText(value, this, options));
      return;
    }
    // Inside, only what would end it early or read as a character reference is escaped.
    this.push(guard + "<nowiki>" + value.replace(/&(?=#?[a-zA-Z0-9]+;)/g, "&amp;").replace(/</g, "&lt;") + "</nowiki>");
  }

  /** Writes DOM text, escaped for the current context. */
  emitText(value: string, options: EscapeOptions = {}): void {
    if (this.context.indentPre) {
      // emit() indents the first line when it starts one; the lines inside are indented here.
      this.emit(escapeText(value, this, options).replace(/\n(?!$)/g, "\n "));
      return;
    }
    // A heading is one line: newlines in its text become spaces. So do those inside a list
    // item's text (trailing ones end the item's line before what follows), except in a wiki
    // link's text, which may run over line breaks without ending the item.
    if (this.context.heading && value.includes("\n")) value = value.replace(/\n/g, " ");
    else if (this.context.listItem && !this.context.htmlBlock && this.context.link !== "wiki" && value.includes("\n")) value = value.replace(/\n(?!\s*$)/g, " ");
    // Escaping depends on where the text lands: flush the separator first so the line is known.
    this.flushSeparator(value, true);
    // Letters right after a wiki link's "]]" would join it as a link trail.
    const guard = (this.afterWikiLink && this.env.site.linkTrail?.exec(value)?.[0]) || this.extendsAutolinkHere(value) ? "<nowiki/>" : "";
    if (this.context.protect) this.pushProtected(guard, value, this.context.protect, options);
    else this.push(guard + escapeText(value, this, options));
    // Text whose "[[" nothing closed: a "]]" in later text on this line is escaped.
    if (value.includes("[[") || value.includes("]]")) this.openLinkTextEnd = opensLinkSyntax(value) ? this.outputLength : -1;
  }

  /** Text written on the current line left a "[[" open (see emitText). */
  get textOpensLink(): boolean {
    return this.openLinkTextEnd > this.outputLength - this.line.length;
  }

  private serializeComment(node: WComment): void {
    const comment = `<!--${decodeCommentData(node.value)}-->`;
    // A comment on the line a block ended on stays there: the line break the next block needs
    // comes after it (comments render nothing, so they may close any line).
    if (this.pendingConstraint !== null && this.pendingConstraint.min > 0 && !this.pendingSeparator.includes("\n") && !this.context.indentPre && !this.empty && this.line.length > 0) {
      this.push(this.pendingSeparator + comment);
      this.pendingSeparator = "";
      return;
    }
    this.emit(comment);
  }
}

/**
 * Whether the line a text node ends on goes on to a block element written as an HTML tag
 * (looking past the end of the paragraph holding the text).
 */
function blockTagLaterOnLine(node: WNode, s: Serializer): boolean {
  let current: WNode = node;
  for (let depth = 0; depth < 8; depth++) {
    const parent: WElement | null = current.parent;
    if (!parent) return false;
    const outcome = s.lineOutcomesOf(parent)[s.indexOfSibling(current) + 1]!;
    if (outcome !== LINE_GOES_ON) return outcome === BLOCK_TAG_ON_LINE;
    // Past the end of a wikitext paragraph the line goes on with what follows it.
    if (parent.name !== "p" || isHtmlSyntax(parent)) return false;
    current = parent;
  }
  return false;
}

/** What the siblings from an index on decide for blockTagLaterOnLine. */
const LINE_GOES_ON = 0;
const LINE_ENDS = 1;
const BLOCK_TAG_ON_LINE = 2;

/**
 * For each index of `parent`'s children (and one past the last), what the siblings from there
 * on decide: the line ends (a line break, or a block not written as a tag), a block tag follows
 * on it, or it goes on past the parent's end. Computed once per parent from the right: every
 * text node starting with a space asks, and walking the rest of a long paragraph for each was
 * quadratic.
 */
function lineOutcomes(parent: WElement): Int8Array {
  const siblings = parent.children;
  const outcomes = new Int8Array(siblings.length + 1);
  outcomes[siblings.length] = LINE_GOES_ON;
  for (let i = siblings.length - 1; i >= 0; i--) {
    const sibling = siblings[i]!;
    let outcome = outcomes[i + 1]!;
    if (sibling.kind === "text") {
      if (sibling.value.includes("\n")) outcome = LINE_ENDS;
    } else if (sibling.kind === "element") {
      if (isBlockElement(sibling)) {
        outcome = isHtmlSyntax(sibling) || sibling.name === "div" || sibling.name === "blockquote" || sibling.name === "center" ? BLOCK_TAG_ON_LINE : LINE_ENDS;
      } else if (textOf(sibling).includes("\n")) outcome = LINE_ENDS;
    }
    outcomes[i] = outcome;
  }
  return outcomes;
}

/** The last child of an inline element (its end, and what follows, go on on the text's last line). */
function isLastInInlineElement(node: WText): boolean {
  const parent = node.parent;
  return parent !== null && parent.children[parent.children.length - 1] === node && !isBlockElement(parent);
}

/** Content that continues the line it is on (not a block, nor a comment or metadata). */
function isInlineContent(node: WNode): boolean {
  if (node.kind === "text") return node.value !== "" && !node.value.startsWith("\n");
  return !isBlockElement(node) && !isRenderingTransparent(node);
}

/** A line holding comments and the empty nowiki SOL-space scrubbing put among them. */

/** The text the next content after `node` (past comments and spaces) begins with. */
function textAfterComments(node: WText): string {
  const siblings = node.parent?.children ?? [];
  for (let i = indexInParent(node) + 1; i < siblings.length; i++) {
    const c = siblings[i]!;
    if (c.kind === "comment") continue;
    if (c.kind !== "text") return "";
    const rest = c.value.replace(/^[ \t]+/, "");
    if (rest !== "") return rest;
  }
  return "";
}


/**
 * The first sibling after kids[i] that is not separator text (nor spaces that, with comments,
 * only lead to the container's end or to a block: layout as well).
 */
function nextContent(kids: readonly WNode[], i: number): WNode | null {
  for (let j = i + 1; j < kids.length; j++) {
    const k = kids[j]!;
    if (isSeparatorText(k) || isEmptyNewParagraph(k)) continue;
    if (k.kind === "text" && isSpaces(k.value) && onlyLayoutAfter(kids, j)) continue;
    return k;
  }
  return null;
}

/** A new <p> with nothing in it (an editor's empty line). */
function isEmptyNewParagraph(node: WNode): boolean {
  return node.kind === "element" && node.name === "p" && node.attrs.length === 0 && isNewContent(node) && node.children.every((c) => c.kind === "text" && /^[ \t]*$/.test(c.value));
}

function isSpaces(text: string): boolean {
  return /^[ \t]+$/.test(text);
}

/** Whether kids after j up to the end or the next block are only whitespace and comments. */
function onlyLayoutAfter(kids: readonly WNode[], j: number): boolean {
  for (let k = j + 1; k < kids.length; k++) {
    const n = kids[k]!;
    if (n.kind === "comment" || (n.kind === "text" && /^[ \t\n\r]*$/.test(n.value))) continue;
    return isBlockElement(n);
  }
  return true;
}

/** A wikitext paragraph or indent-pre whose content ends with a newline (legacy HTML's form). */
function endsWithContentNewline(node: WNode): boolean {
  if (node.kind !== "element" || (node.name !== "p" && node.name !== "pre") || node.dp?.stx === "html") return false;
  const last = node.children[node.children.length - 1];
  return last !== undefined && last.kind === "text" && last.value.endsWith("\n");
}

/** Text that a bare URL or magic link right before it would absorb. */
function extendsAutolink(text: string, closesParen = false): boolean {
  // (Control characters end a URL as spaces do.)
  const run = /^[^\s[\]<>"\u0000-\u0020\u007f]*/.exec(text)![0];
  return run.replace(closesParen ? /[.,;:!?\\]+$/ : /[.,;:!?\\)]+$/, "") !== "";
}

export type AutolinkKind = "url" | "magic";

function isExternalLink(node: WNode): boolean {
  return node.kind === "element" && node.name === "a" && (node.getAttribute("rel") ?? "").includes("mw:ExtLink");
}

/** Whether the text after a node holds a "]" before the line ends. */
function closesOnLine(node: WNode): boolean {
  const after = node.parent?.children[indexInParent(node) + 1];
  if (after?.kind !== "text") return false;
  const line = after.value.split("\n", 1)[0]!;
  const close = line.indexOf("]");
  // A bracketed link's text holds no control characters: one before the "]" keeps it text.
  return close >= 0 && !/[\u0000-\u0008\u000a-\u001f]/.test(line.slice(0, close));
}

/** A bare URL or magic link: text right around it can change what it links. */
function isAutolink(node: WNode): boolean {
  if (!isExternalLink(node)) return false;
  const el = node as WElement;
  const stx = el.dp?.stx;
  return stx === "url" || stx === "magiclink" || /\b(free|mw-magiclink)\b/.test(el.getAttribute("class") ?? "");
}

/** An RFC/PMID magic link (ISBN ones are wiki links, not autolinks here). */
function isMagicLink(el: WElement): boolean {
  return el.dp?.stx === "magiclink" || /\bmw-magiclink\b/.test(el.getAttribute("class") ?? "");
}

function isWikiLink(node: WNode): boolean {
  return node.kind === "element" && node.name === "a" && (node.getAttribute("rel") ?? "").includes("mw:WikiLink");
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** Whether kids[i] is table whitespace followed (past more of it) by a node of group `about`. */
function isTableWhitespaceInGroup(kids: readonly WNode[], i: number, about: string): boolean {
  for (let j = i; j < kids.length; j++) {
    const k = kids[j]!;
    if (k.kind === "element") return k.getAttribute("about") === about;
    if (!isTableWhitespace(k)) return false;
  }
  return false;
}

function leadingLineBreaks(text: string): number {
  let n = 0;
  while (text.charCodeAt(n) === 0x0a) n++;
  return n;
}

/** Blanks, possibly with comments (which MediaWiki removes before reading the line). */
