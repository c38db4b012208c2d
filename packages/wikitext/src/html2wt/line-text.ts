// The serializer's current output line, kept so that every question asked about it costs
// time independent of the line's length. Appending each piece to one string made a rope that
// every question (a regex, startsWith, a character read) flattened: a copy of the whole line per
// piece written, quadratic in the line's length (a 430 KB paragraph took 26 s to serialize).
// Here the pieces are kept as written; the line's edges, and what the whole-line questions need
// of it, are updated per piece from that piece alone; the whole text is joined only on request.

/** How many characters of the line's start and end are kept at hand. */
const EDGE = 64;

const SPACE = 32;
const TAB = 9;

function isBlank(code: number): boolean {
  return code === SPACE || code === TAB;
}

const COMMENT_OPEN = "<!--";
const SOL_GUARD = "<nowiki/>";

/** States of the scan deciding isCommentsAndSolGuard (see scanGuard). */
const BETWEEN_ITEMS = 0;
const IN_OPENER = 1;
const IN_COMMENT = 2;
const NOT_GUARD = 3;
type GuardState = typeof BETWEEN_ITEMS | typeof IN_OPENER | typeof IN_COMMENT | typeof NOT_GUARD;

/** What the escaper asks of the line its text lands on. */
export interface LineView {
  readonly length: number;
  /** The whole line (joins the pieces written: ask only when a cheaper question cannot decide). */
  readonly text: string;
  endsWith(suffix: string): boolean;
  /** The line's last character ("" when empty). */
  lastChar(): string;
  /** The line starts with a table cell's marker after optional whitespace (/^\s*[|!]/). */
  startsWithCellMarker(): boolean;
  /** The line is a bare "|" cell marker after optional whitespace (/^\s*\|$/). */
  isCellMarkerOnly(): boolean;
  /** The line is list bullets only (/^[*#:;]+$/). */
  isBulletsOnly(): boolean;
  /** The line, past the comments it starts with, starts with `prefix`. */
  startsAfterCommentsWith(prefix: string): boolean;
  /** The line holds "[[". */
  includesLinkOpener(): boolean;
}

const LEADING_COMMENTS = /^(?:<!--[\s\S]*?-->)+/;

export class LineText implements LineView {
  length = 0;
  private pieces: string[] = [];
  /** The line's first EDGE characters (all of it while shorter). */
  private head = "";
  /** How many blanks (spaces, tabs) the line starts with: its length while it holds nothing else. */
  private leadingBlanks = 0;
  /** Up to four characters after the leading blanks. */
  private afterLeadingBlanks = "";
  /** How many blanks the line ends with. */
  private trailingBlanks = 0;
  private guardState: GuardState = BETWEEN_ITEMS;
  /** The part of an item's opener ("<!--" or "<nowiki/>") read so far. */
  private guardOpener = "";
  /** Dashes right before the current character inside a comment. */
  private guardDashes = 0;
  private guardHasNowiki = false;
  private hasLinkOpener = false;
  /** How many pieces the search for "[[" has read (it runs only when asked: see includesLinkOpener). */
  private linkScanned = 0;

  /** Starts a new line holding `text`. */
  reset(text = ""): void {
    this.length = 0;
    this.pieces = [];
    this.head = "";
    this.leadingBlanks = 0;
    this.afterLeadingBlanks = "";
    this.trailingBlanks = 0;
    this.guardState = BETWEEN_ITEMS;
    this.guardOpener = "";
    this.guardDashes = 0;
    this.guardHasNowiki = false;
    this.hasLinkOpener = false;
    this.linkScanned = 0;
    this.append(text);
  }

  /** Adds `text` (which holds no line break) to the line. */
  append(text: string): void {
    const n = text.length;
    if (n === 0) return;
    const allBlanksBefore = this.leadingBlanks === this.length;
    if (this.head.length < EDGE) {
      this.head += n > EDGE ? text.slice(0, EDGE) : text;
      if (this.head.length > EDGE) this.head = this.head.slice(0, EDGE);
    }

    if (allBlanksBefore) {
      let i = 0;
      while (i < n && isBlank(text.charCodeAt(i))) i++;
      this.leadingBlanks += i;
      if (i < n) this.afterLeadingBlanks = text.slice(i, i + 4);
    } else if (this.afterLeadingBlanks.length < 4) {
      this.afterLeadingBlanks += text.slice(0, 4 - this.afterLeadingBlanks.length);
    }
    let end = n;
    while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
    this.trailingBlanks = end === 0 ? this.trailingBlanks + n : n - end;
    if (this.guardState !== NOT_GUARD) this.scanGuard(text);
    this.pieces.push(text);
    this.length += n;
  }

  /** The line's last `count` characters (fewer when it is shorter), from the pieces that hold them. */
  private lastChars(count: number): string {
    let out = "";
    for (let p = this.pieces.length - 1; p >= 0 && out.length < count; p--) {
      const piece = this.pieces[p]!;
      const need = count - out.length;
      out = (piece.length > need ? piece.slice(piece.length - need) : piece) + out;
    }
    return out;
  }

  /** The code unit the line ends with, -1 when empty. */
  private lastCode(): number {
    const last = this.pieces[this.pieces.length - 1];
    return last === undefined ? -1 : last.charCodeAt(last.length - 1);
  }

  /** The whole line. The pieces are joined once and kept joined until the next append. */
  get text(): string {
    if (this.pieces.length > 1) {
      // (The search for "[[" counts pieces: it reads the ones it has not before they are one.)
      this.includesLinkOpener();
      this.pieces = [this.pieces.join("")];
      this.linkScanned = 1;
    }
    return this.pieces[0] ?? "";
  }

  endsWith(suffix: string): boolean {
    return suffix.length === 1 ? this.lastCode() === suffix.charCodeAt(0) : this.lastChars(suffix.length) === suffix;
  }

  lastChar(): string {
    const code = this.lastCode();
    return code < 0 ? "" : String.fromCharCode(code);
  }

  startsWithCellMarker(): boolean {
    // The first non-space character decides; the start holds it unless it is all whitespace.
    if (/^\s*[|!]/.test(this.head)) return true;
    return this.length > EDGE && /^\s*$/.test(this.head) && /^\s*[|!]/.test(this.text);
  }

  isCellMarkerOnly(): boolean {
    if (this.length <= EDGE) return /^\s*\|$/.test(this.head);
    return this.lastCode() === 124 && /^\s*$/.test(this.head) && /^\s*\|$/.test(this.text);
  }

  isBulletsOnly(): boolean {
    if (this.length <= EDGE) return /^[*#:;]+$/.test(this.head);
    return /^[*#:;]+$/.test(this.head) && /[*#:;]$/.test(this.lastChar()) && /^[*#:;]+$/.test(this.text);
  }

  startsAfterCommentsWith(prefix: string): boolean {
    // (Only a line that starts with a comment needs the whole text: the comments may run long.)
    if (!this.head.startsWith(COMMENT_OPEN)) return this.head.startsWith(prefix);
    return this.text.replace(LEADING_COMMENTS, "").startsWith(prefix);
  }

  includesLinkOpener(): boolean {
    // Each piece is searched once, the first time the question comes after it was written.
    const pieces = this.pieces;
    for (let p = this.linkScanned; p < pieces.length && !this.hasLinkOpener; p++) {
      const piece = pieces[p]!;
      const before = p > 0 ? pieces[p - 1]! : "";
      this.hasLinkOpener = piece.includes("[[") || (piece.charCodeAt(0) === 91 && before.charCodeAt(before.length - 1) === 91);
    }
    this.linkScanned = pieces.length;
    return this.hasLinkOpener;
  }

  /** Whether the line ends with a letter, digit or "_" (text after it would join a word). */
  endsWithWordCharacter(): boolean {
    // (Two code units: the last character may be a surrogate pair.)
    return /[\p{L}\p{N}_]$/u.test(this.lastChars(2));
  }

  /** How many times the line ends with the character `char`. */
  trailingRunOf(char: string): number {
    const code = char.charCodeAt(0);
    let run = 0;
    for (let p = this.pieces.length - 1; p >= 0; p--) {
      const piece = this.pieces[p]!;
      let i = piece.length - 1;
      while (i >= 0 && piece.charCodeAt(i) === code) i--;
      run += piece.length - 1 - i;
      if (i >= 0) break;
    }
    return run;
  }

  /** The line is one or more comments (and nothing else): line syntax after it is still at a line start. */
  isOnlyComments(): boolean {
    // (A comment's text may hold "-->" as far as this question goes: the pattern it replaces,
    // /^(?:<!--[\s\S]*?-->)+$/, matches any line that starts with "<!--" and ends with "-->".)
    return this.length >= 7 && this.head.startsWith(COMMENT_OPEN) && this.lastChars(3) === "-->";
  }

  /** The line holds only blanks and comments (as /^(?:[ \t]|<!--[\s\S]*?-->)+$/). */
  isBlanksAndComments(): boolean {
    if (this.length === 0) return false;
    if (this.leadingBlanks === this.length) return true;
    if (this.afterLeadingBlanks !== COMMENT_OPEN || this.length - this.leadingBlanks - this.trailingBlanks < 7) return false;
    return this.lastChars(this.trailingBlanks + 3).startsWith("-->");
  }

  /**
   * The line is only whole comments and empty nowikis, at least one of those (as
   * /^(?:<!--(?:[^-]|-(?!->))*-->|<nowiki\/>)+$/ with a "<nowiki/>"): the SOL guard the
   * serializer wrote after comments opening the line.
   */
  isCommentsAndSolGuard(): boolean {
    return this.guardState === BETWEEN_ITEMS && this.guardHasNowiki && this.length > 0;
  }

  /** Follows `text` through the items isCommentsAndSolGuard accepts; stops at the first character that fits none. */
  private scanGuard(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      switch (this.guardState) {
        case BETWEEN_ITEMS:
          if (ch !== "<") return this.failGuard();
          this.guardOpener = ch;
          this.guardState = IN_OPENER;
          break;
        case IN_OPENER: {
          const opener = this.guardOpener + ch;
          this.guardOpener = opener;
          if (opener === COMMENT_OPEN) {
            this.guardState = IN_COMMENT;
            this.guardDashes = 0;
          } else if (opener === SOL_GUARD) {
            this.guardState = BETWEEN_ITEMS;
            this.guardHasNowiki = true;
          } else if (!COMMENT_OPEN.startsWith(opener) && !SOL_GUARD.startsWith(opener)) {
            return this.failGuard();
          }
          break;
        }
        case IN_COMMENT:
          if (ch === "-") this.guardDashes++;
          else if (ch === ">" && this.guardDashes >= 2) this.guardState = BETWEEN_ITEMS;
          else this.guardDashes = 0;
          break;
        default:
          return;
      }
    }
  }

  private failGuard(): void {
    this.guardState = NOT_GUARD;
  }
}
