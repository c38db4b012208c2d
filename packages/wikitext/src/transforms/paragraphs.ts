// Paragraph wrapping, following the rules Parsoid uses to mimic the legacy parser's visual
// newlines: inline content opens a <p> at the end of its line unless a block tag was seen on the
// line or a block is open; one blank line closes the paragraph, and every further pair of
// newlines yields an empty paragraph with a <br>. Sol-transparent tokens (comments, whitespace,
// category and language links, behaviour switches) neither open nor extend paragraphs; a line
// holding only behaviour switches counts as blank (see isBehaviorSwitch).
import type { Token } from "../tokenizer/tokens.js";
import { startTag, endTag, selfClosing, tokenStart, tokenEnd } from "../tokenizer/tokens.js";
import { isIndentPreTag } from "./indent-pre.js";
import { isSolTransparentLinkRel } from "../util/page-links.js";
import { WIKITEXT_BLOCK_ELEMS, BLOCK_ELEMS, ANTI_BLOCK_ELEMS, NEVER_BLOCK_ELEMS } from "../util/html-tags.js";

/** Whether text is only spaces and tabs (or empty). */
function isSpacesAndTabs(value: string): boolean {
  for (let k = 0; k < value.length; k++) {
    const c = value.charCodeAt(k);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** An attribute's value, or "" without it (a loop: no closure per call, this runs per tag). */
function attrValue(attrs: readonly { name: string; value: string }[], name: string): string {
  for (let k = 0; k < attrs.length; k++) {
    const a = attrs[k]!;
    if (a.name === name) return a.value;
  }
  return "";
}

export function isSolTransparent(tk: Token): boolean {
  if (tk.type === "comment") return true;
  if (tk.type === "text") return tk.transparent === true || isSpacesAndTabs(tk.value);
  if (tk.type === "self") {
    if (tk.name === "link") return isSolTransparentLinkRel(attrValue(tk.attrs, "rel"));
    if (tk.name === "meta") {
      if (attrValue(tk.attrs, "property").startsWith("mw:PageProp/")) return true;
      // Include directive markers (the page's own: a transclusion's are its content), and
      // indicators (their content lives outside the page body).
      const type = attrValue(tk.attrs, "typeof");
      if (type.startsWith("mw:Includes/")) return tk.aux === undefined || tk.aux.transclusionContent !== true;
      return type.startsWith("mw:Annotation/") || type === "mw:Extension/indicator";
    }
  }
  return false;
}

/**
 * Whether a token is a behaviour switch's meta (`__NOTOC__`). Parsoid's paragraphs treat it as
 * they treat a comment, not as other sol-transparent tokens: the newlines around it keep
 * counting, so a line holding only a switch is a blank line, as in the legacy parser, which
 * removes the word and leaves its line empty (`foo\n__NOTOC__\nbar` is two paragraphs).
 */
function isBehaviorSwitch(tk: Token): boolean {
  return tk.type === "self" && tk.name === "meta" && tk.dp?.magicSrc !== undefined;
}

/** Whether a token is the meta of an annotation tag: its end tag (`end`) or its start tag. */
function isAnnotationMeta(tk: Token, end: boolean): boolean {
  if (tk.type !== "self" || tk.name !== "meta") return false;
  const type = attrValue(tk.attrs, "typeof");
  if (!type.startsWith("mw:Annotation/")) return false;
  return type.endsWith("/End") === end;
}

function append(out: Token[], res: Token[]): void {
  for (let k = 0; k < res.length; k++) out.push(res[k]!);
}

/** Shared empty result (never written to). */
const NOTHING: Token[] = [];

class ParagraphWrapper {
  private hasOpenP = false;
  private inBlockElem = false;
  private tokenBuffer: Token[] = [];
  private nlWs: Token[] = [];
  private nlCount = 0;
  private curr: Token[] = [];
  private currWrappable = false;
  private currBlockSeen = false;
  private currBlockOpen = false;
  private nlOffset = 0;
  private inIndentPre = false;
  /** A template's output ended inside an indent-pre (its last line): its end marker follows the pre. */
  private templateEndInPre = false;
  private undoingPre = false;
  private inBlockquote = false;

  /** Where top-level templates' output starts and ends in the text, ascending (closeP). */
  private templateStarts: readonly number[] = NO_OFFSETS;
  private templateEnds: readonly number[] = NO_OFFSETS;

  run(tokens: Token[], templateEnds: readonly number[], templateStarts: readonly number[]): Token[] {
    this.templateEnds = templateEnds;
    this.templateStarts = templateStarts;
    const out: Token[] = [];
    let nextEnd = 0;
    for (let k = 0; k < tokens.length; k++) {
      const tk = tokens[k]!;
      if (nextEnd < templateEnds.length) {
        const at = tokenStart(tk);
        while (at >= 0 && nextEnd < templateEnds.length && templateEnds[nextEnd]! <= at) {
          append(out, this.onTemplateEnd());
          nextEnd++;
        }
      }
      // Most tokens only join the current line (an empty result).
      const res = tk.type === "nl" ? this.onNewline(tk, false) : this.onAny(tk);
      if (res.length > 0) append(out, res);
    }
    append(out, this.onNewline(null, true));
    return out;
  }

  private resetBuffers(): void {
    if (this.tokenBuffer.length > 0) this.tokenBuffer = [];
    if (this.nlWs.length > 0) this.nlWs = [];
    this.nlCount = 0;
  }

  private resetCurrLine(): void {
    if (this.currBlockSeen) this.inBlockElem = this.currBlockOpen;
    this.curr = [];
    this.currWrappable = false;
    this.currBlockSeen = false;
    this.currBlockOpen = false;
  }

  private processBuffers(tk: Token, flushCurrent: boolean): Token[] {
    if (!flushCurrent && this.nlCount === 0 && this.tokenBuffer.length === 0 && this.nlWs.length === 0 &&
      !(this.currBlockSeen && this.hasOpenP)) {
      // Common case: nothing pending, the token just joins the current line.
      this.curr.push(tk);
      return NOTHING;
    }
    const res = this.processPendingNewlines();
    this.curr.push(tk);
    if (flushCurrent) {
      for (const t of this.curr) res.push(t);
      this.resetCurrLine();
    }
    return res;
  }

  private flushBuffers(tk: Token): Token[] {
    this.curr.push(tk);
    const res = this.tokenBuffer;
    for (const t of this.nlWs) res.push(t);
    this.resetBuffers();
    return res;
  }

  /** Moves buffered whitespace up to the next newline into `out`; returns that newline. */
  private takeOneNewline(out: Token[]): Token {
    while (this.nlOffset < this.nlWs.length) {
      const t = this.nlWs[this.nlOffset++]!;
      if (t.type === "nl") return t;
      out.push(t);
    }
    throw new Error("paragraph wrapper: expected a buffered newline");
  }

  private openP(arr: Token[]): void {
    if (this.hasOpenP) return;
    let i = 0;
    // An annotation's start tag opens the paragraph: the range it starts belongs with the text.
    while (i < arr.length && (isSolTransparent(arr[i]!) || arr[i]!.type === "nl") && !isAnnotationMeta(arr[i]!, false)) i++;
    const at = i < arr.length ? tokenStart(arr[i]!) : -1;
    arr.splice(i, 0, startTag("p", [], at >= 0 ? { tsr: [at, at] } : {}));
    this.hasOpenP = true;
  }

  private closeP(arr: Token[]): void {
    if (!this.hasOpenP) return;
    let i = arr.length - 1;
    // An annotation's end tag stays inside the paragraph its range ends in.
    while (i >= 0 && (isSolTransparent(arr[i]!) || arr[i]!.type === "nl") && !isAnnotationMeta(arr[i]!, true)) i--;
    if (i >= 0 && i < arr.length - 1 && this.templateEnds.length > 0) i = this.templateEndInTail(arr, i);
    // (Nothing before the tail in `arr`: the paragraph's content went out already; it ends where
    // the tail starts.)
    const at = i >= 0 ? tokenEnd(arr[i]!) : arr.length > 0 ? tokenStart(arr[0]!) : -1;
    arr.splice(i + 1, 0, endTag("p", at >= 0 ? { tsr: [at, at] } : {}));
    this.hasOpenP = false;
  }

  /**
   * Parsoid's paragraph ends after a template's end marker among the sol-transparent tokens
   * after its content, unless a template starts there first (its start marker resets the rule):
   * a template whose output ends in category links keeps them in its paragraph. `i` is the last
   * content token of `arr`; returns the last token the paragraph takes.
   */
  private templateEndInTail(arr: Token[], i: number): number {
    const contentEnd = tokenEnd(arr[i]!);
    const tailEnd = tokenEnd(arr[arr.length - 1]!);
    if (contentEnd < 0 || tailEnd <= contentEnd) return i;
    const end = firstAtLeast(this.templateEnds, contentEnd + 1);
    if (end < 0 || end > tailEnd) return i;
    // (An empty template's start marker comes before its end marker at the same place.)
    const start = firstAtLeast(this.templateStarts, contentEnd);
    if (start >= 0 && start <= end) return i;
    let k = i;
    let marks = false;
    while (k + 1 < arr.length && tokenEnd(arr[k + 1]!) <= end && tokenEnd(arr[k + 1]!) >= 0) {
      k++;
      const tk = arr[k]!;
      if (tk.type !== "nl" && tk.type !== "text") marks = true;
    }
    // Only newlines and blanks before the end: Parsoid's end marker came with the next line's
    // tokens there (the newline was taken back into this line when the marker arrived), so it
    // was not among the tokens this paragraph closes over.
    return marks ? k : i;
  }

  private onNewline(tk: Token | null, eof: boolean): Token[] {
    if (this.currBlockSeen) this.closeP(this.curr);
    else if (!this.inBlockElem && !this.hasOpenP && this.currWrappable) this.openP(this.curr);
    // The line's tokens join the buffer; most lines find it empty and hand over their array
    // (resetCurrLine starts a new one).
    if (this.tokenBuffer.length === 0) this.tokenBuffer = this.curr;
    else for (const t of this.curr) this.tokenBuffer.push(t);
    if (eof) {
      this.closeP(this.tokenBuffer);
      const res = this.processPendingNewlines();
      this.resetCurrLine();
      return res;
    }
    this.resetCurrLine();
    this.nlCount++;
    this.nlWs.push(tk!);
    return NOTHING;
  }

  private processPendingNewlines(): Token[] {
    const res = this.tokenBuffer;
    // The returned array belongs to the caller from now on.
    this.tokenBuffer = [];
    let n = this.nlCount;
    this.nlOffset = 0;
    if (n >= 2 && !this.inBlockElem) {
      this.closeP(res);
      res.push(this.takeOneNewline(res));
      n -= 1;
      const remainder = n % 2;
      while (n > 0) {
        const nl = this.takeOneNewline(res);
        const at = tokenStart(nl);
        if (n % 2 === remainder) {
          if (this.hasOpenP) {
            res.push(endTag("p", { tsr: [at, at] }));
            this.hasOpenP = false;
          }
          if (n > 1) {
            res.push(startTag("p", [], { tsr: [at, at] }));
            this.hasOpenP = true;
          }
        } else {
          res.push(selfClosing("br", [], { tsr: [at, at] }));
        }
        res.push(nl);
        n -= 1;
      }
    }
    if (this.currBlockSeen) {
      this.closeP(res);
      if (n === 1) res.push(this.takeOneNewline(res));
    }
    for (let k = this.nlOffset; k < this.nlWs.length; k++) res.push(this.nlWs[k]!);
    this.resetBuffers();
    return res;
  }

  /**
   * Where a template's output ends, Parsoid has an end marker: a sol-transparent token, so one
   * pending newline before it joins the previous line (the template's trailing newline does not
   * count towards the blank lines after it).
   */
  private onTemplateEnd(): Token[] {
    if (this.undoingPre) return NOTHING;
    if (this.inIndentPre) {
      // Parsoid's end marker comes after the pre's end tag (the pre handler runs first).
      this.templateEndInPre = true;
      return NOTHING;
    }
    if (this.nlCount === 0) {
      const res = this.tokenBuffer;
      for (const t of this.nlWs) res.push(t);
      this.resetBuffers();
      return res;
    }
    if (this.nlCount === 1) {
      this.joinPendingLine();
      return NOTHING;
    }
    return this.processPendingNewlines();
  }

  /**
   * One pending newline before a sol-transparent token: the line it ended is taken back into the
   * buffer, so the token joins it (the newline counts as no line break).
   */
  private joinPendingLine(): void {
    for (const t of this.nlWs) this.tokenBuffer.push(t);
    for (const t of this.curr) this.tokenBuffer.push(t);
    this.nlCount = 0;
    this.nlWs = [];
    this.resetCurrLine();
  }

  private onAny(tk: Token): Token[] {
    if (this.undoingPre) {
      // Inside a block or blockquote the legacy parser never makes an indent-pre: its tags go
      // and its indentation is whitespace again.
      if (isIndentPreTag(tk)) {
        if (tk.type === "end") this.undoingPre = false;
        return NOTHING;
      }
      if (tk.type === "indent") {
        this.nlWs.push({ type: "text", value: tk.value, start: tk.start, end: tk.end });
        return NOTHING;
      }
    } else if (this.inIndentPre && !isIndentPreTag(tk)) {
      // (Content after a template's end: its marker stood inside the pre, not after it.)
      this.templateEndInPre = false;
      this.currBlockSeen = true;
      return this.processBuffers(tk, false);
    }
    if (tk.type === "text" || tk.type === "comment" || isBehaviorSwitch(tk)) {
      if (tk.type !== "text" || tk.transparent || isSpacesAndTabs(tk.value)) {
        if (this.nlCount === 0) return this.flushBuffers(tk);
        this.nlWs.push(tk);
        return NOTHING;
      }
      this.currWrappable = true;
      return this.processBuffers(tk, false);
    }
    if (isIndentPreTag(tk)) {
      // An indent-pre is one block: its start flushes the line, its end (after the pre's last
      // newline) belongs to the previous line.
      if (tk.type === "end") {
        this.inIndentPre = false;
        let res: Token[];
        if (this.nlCount === 0) res = this.flushBuffers(tk);
        else {
          this.nlWs.push(tk);
          res = NOTHING;
        }
        if (this.templateEndInPre) {
          this.templateEndInPre = false;
          const more = this.onTemplateEnd();
          if (more.length > 0) res = res.length > 0 ? res.concat(more) : more;
        }
        return res;
      }
      if (this.inBlockElem || this.inBlockquote) {
        this.undoingPre = true;
        return NOTHING;
      }
      this.currBlockSeen = true;
      this.inIndentPre = true;
      return this.processBuffers(tk, false);
    }
    if (this.inIndentPre) return this.processBuffers(tk, false);
    const name = tk.type === "start" || tk.type === "end" || tk.type === "self" ? tk.name : "";
    if (name === "style" || isSolTransparent(tk)) {
      if (this.nlCount === 0) return this.flushBuffers(tk);
      if (this.nlCount === 1) {
        this.joinPendingLine();
        this.curr.push(tk);
        return NOTHING;
      }
      return this.processBuffers(tk, false);
    }
    if (WIKITEXT_BLOCK_ELEMS.has(name)) {
      const isEnd = tk.type === "end";
      this.currBlockSeen = true;
      this.currBlockOpen = true;
      if ((BLOCK_ELEMS.has(name) && isEnd) || (ANTI_BLOCK_ELEMS.has(name) && !isEnd) || NEVER_BLOCK_ELEMS.has(name)) {
        this.currBlockOpen = false;
      }
    }
    if (name === "blockquote") this.inBlockquote = tk.type !== "end";
    this.currWrappable = true;
    return this.processBuffers(tk, false);
  }
}

/** The first value of an ascending list that is at least `min`, or -1. */
function firstAtLeast(values: readonly number[], min: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < min) lo = mid + 1;
    else hi = mid;
  }
  return lo < values.length ? values[lo]! : -1;
}

const NO_OFFSETS: readonly number[] = [];

/**
 * `templateEnds` and `templateStarts`: where top-level templates' output ends and starts in the
 * text, ascending.
 */
export function transformParagraphs(tokens: Token[], templateEnds: readonly number[] = NO_OFFSETS, templateStarts: readonly number[] = NO_OFFSETS): Token[] {
  return new ParagraphWrapper().run(tokens, templateEnds, templateStarts);
}
