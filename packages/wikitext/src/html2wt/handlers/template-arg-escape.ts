// Escaping of a template argument's wikitext (data-mw `params.*.wt`) so that the preprocessor
// splits the transclusion where the data says: a "|" would start another argument, "}}" end
// the transclusion early, an unpaired "[[" or "{{" swallow the rest, and an "=" turn a positional
// argument into a named one. Constructs the parser reads as one piece (templates, links, tags,
// comments, entities, headings) are safe as they are; only the plain text between them is
// escaped, with the smallest form that works: "{{!}}" for pipes, a nowiki around a closing "}",
// or a nowiki around the text. (Parsoid's rules for template arguments.)
import { ALLOWED_TAGS } from "../../util/html-tags.js";

/** Where the argument sits in its invocation. */
export interface ArgumentPosition {
  kind: "template" | "parserfunction" | "templatearg";
  /** Written with its name (recorded as named, a name spelled otherwise, or out of order). */
  named: boolean;
  /** The position a positional argument would take. */
  positionalIndex: number;
  /** How many arguments were positional in the source (0 for new transclusions). */
  positionalCount: number;
  /** 1-based index among all arguments, and their number. */
  index: number;
  count: number;
}

export interface EscapedArgument {
  /** The argument has to be written with its name (its text holds a splitting "="). */
  named: boolean;
  text: string;
}

/** Tags whose content the preprocessor and the parser take as one piece (nowiki, pre, extensions). */
export type OpaqueTagTest = (name: string) => boolean;

type PieceKind = "text" | "markup" | "htmlTag" | "link";
interface Piece {
  kind: PieceKind;
  text: string;
}

// (Sticky: matched at a position without copying the rest of the value.)
const TAG = /<(\/?)([A-Za-z][\w-]*)(?:\s[^<>]*)?>/y;
const ENTITY = /&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/y;
const EXT_LINK_OPEN = /\[(?:[a-z][a-z0-9+.-]*:\/\/|mailto:|news:|\/\/)/iy;
const BARE_URL = /(?:https?|ftps?|mailto|news|irc|ircs|gopher|nntp|telnet|sftp|ssh|svn|git|mms|worldwind):(?:\/\/)?[^\s[\]<>"{}|]*[^\s[\]<>"{}|.,;:!?'()]/iy;
const HEADING_LINE = /=+[^\n]*=[ \t]*(?=\n|$)/y;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

function matchAt(re: RegExp, value: string, i: number): RegExpExecArray | null {
  re.lastIndex = i;
  return re.exec(value);
}

/** End (exclusive) of a run of nested pairs of `open`/`close` starting at `start`, or -1. */
function matchNested(value: string, start: number, open: string, close: string): number {
  let depth = 0;
  for (let i = start; i < value.length; i++) {
    const ch = value[i];
    if (ch === open) depth++;
    else if (ch === close && --depth === 0) return i + 1;
  }
  return -1;
}

/** Length of the construct starting at `i` that the parser reads as one piece, 0 if none. */
function constructAt(value: string, i: number, isOpaqueTag: OpaqueTagTest): { end: number; kind: PieceKind } | null {
  const ch = value[i]!;
  if (ch === "<") {
    if (value.startsWith("<!--", i)) {
      const end = value.indexOf("-->", i + 4);
      return { end: end < 0 ? value.length : end + 3, kind: "markup" };
    }
    const tag = matchAt(TAG, value, i);
    if (!tag) return null;
    const name = tag[2]!.toLowerCase();
    if (isOpaqueTag(name) && tag[1] === "" && !tag[0].endsWith("/>")) {
      const close = value.toLowerCase().indexOf(`</${name}`, i + tag[0].length);
      const closeEnd = close < 0 ? -1 : value.indexOf(">", close);
      if (closeEnd >= 0) return { end: closeEnd + 1, kind: "markup" };
      return null;
    }
    if (isOpaqueTag(name)) return { end: i + tag[0].length, kind: "markup" };
    if (ALLOWED_TAGS.has(name)) return { end: i + tag[0].length, kind: "htmlTag" };
    return null;
  }
  if (ch === "{" && value[i + 1] === "{") {
    const end = matchNested(value, i, "{", "}");
    return end < 0 ? null : { end, kind: "markup" };
  }
  if (ch === "[") {
    if (value[i + 1] === "[") {
      const end = matchNested(value, i, "[", "]");
      return end < 0 ? null : { end, kind: "markup" };
    }
    if (matchAt(EXT_LINK_OPEN, value, i) !== null) {
      const end = value.indexOf("]", i);
      const newline = value.indexOf("\n", i);
      return end < 0 || (newline >= 0 && newline < end) ? null : { end: end + 1, kind: "link" };
    }
    return null;
  }
  if (ch === "-" && value[i + 1] === "{") {
    const end = value.indexOf("}-", i + 2);
    return end < 0 ? null : { end: end + 2, kind: "markup" };
  }
  if (ch === "&") {
    const entity = matchAt(ENTITY, value, i);
    return entity ? { end: i + entity[0].length, kind: "markup" } : null;
  }
  // A line that starts with "=" is a heading to the preprocessor: its "=" and "|" split nothing.
  if (ch === "=" && i > 0 && value[i - 1] === "\n") {
    const heading = matchAt(HEADING_LINE, value, i);
    return heading ? { end: i + heading[0].length, kind: "markup" } : null;
  }
  if (isAsciiLetter(value.charCodeAt(i)) && startsWord(value, i) && schemeColonFollows(value, i)) {
    const url = matchAt(BARE_URL, value, i);
    if (url) return { end: i + url[0].length, kind: "link" };
  }
  return null;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/** Whether a word starts at `i` (a free URL does not start inside one). */
function startsWord(value: string, i: number): boolean {
  if (i === 0) return true;
  const before = value.charCodeAt(i - 1);
  // ASCII letters, digits and "_" settle it without the Unicode test (the common mid-word case).
  if (isAsciiLetter(before) || (before >= 0x30 && before <= 0x39) || before === 0x5f) return false;
  return before < 0x80 || !WORD_CHAR.test(value[i - 1]!);
}

/** Whether the letters from `i` are followed by ":" (every free-URL scheme is letters, then ":"). */
function schemeColonFollows(value: string, i: number): boolean {
  let j = i + 1;
  while (isAsciiLetter(value.charCodeAt(j))) j++;
  return value.charCodeAt(j) === 0x3a;
}

/** Characters a construct can start with: `<`, `{`, `[`, `-`, `&`, `=` and ASCII letters. */
function mayStartConstruct(code: number): boolean {
  return code === 0x3c || code === 0x7b || code === 0x5b || code === 0x2d || code === 0x26 || code === 0x3d || isAsciiLetter(code);
}

/** The argument as plain text and the constructs the parser reads as one piece. */
function splitArgument(value: string, isOpaqueTag: OpaqueTagTest): Piece[] {
  const pieces: Piece[] = [];
  let textStart = 0;
  let i = 0;
  while (i < value.length) {
    const construct = mayStartConstruct(value.charCodeAt(i)) ? constructAt(value, i, isOpaqueTag) : null;
    if (construct === null) {
      i++;
      continue;
    }
    if (textStart < i) pieces.push({ kind: "text", text: value.slice(textStart, i) });
    pieces.push({ kind: construct.kind, text: value.slice(i, construct.end) });
    i = textStart = construct.end;
  }
  if (textStart < value.length) pieces.push({ kind: "text", text: value.slice(textStart) });
  return pieces;
}

/** Pairs of "[[...]]", "{{...}}", "-{...}-" with nothing paired inside them. */
const INNER_PAIRS = /\[\[[^[\]]*\]\]|\{\{[^{}]*\}\}|-\{[^{}]*\}-/g;
const UNPAIRED = /\{\{|\}\}|\[\[|\]\]|-\{/;

/** The escaped text as it is written, and whether the argument must be written with its name. */
class EscapedWriter {
  out = "";
  private nowikiOpen = false;
  named: boolean;

  constructor(private readonly at: ArgumentPosition) {
    this.named = at.named;
  }

  get inNowiki(): boolean {
    return this.nowikiOpen;
  }

  /**
   * An "=" in a positional argument: writing the name avoids escaping, but names every later
   * argument too; so only when there were no positional arguments or this is the last of them.
   */
  noteEquals(): void {
    const at = this.at;
    if (at.kind === "template" && !this.named && (at.positionalCount === 0 || at.positionalCount === at.positionalIndex)) this.named = true;
  }

  openNowiki(): void {
    if (!this.nowikiOpen) this.out += "<nowiki>";
    this.nowikiOpen = true;
  }

  closeNowiki(): void {
    if (this.nowikiOpen) this.out += "</nowiki>";
    this.nowikiOpen = false;
  }
}

/** The one escape that covers a single reason in less text than a nowiki. */
const NO_SUBSTITUTE = 0;
const TRAILING_BRACE = 1;
const PIPES = 2;

export function escapeTemplateArgument(value: string, at: ArgumentPosition, isOpaqueTag: OpaqueTagTest): EscapedArgument {
  const isTemplate = at.kind === "template";
  const pieces = splitArgument(value, isOpaqueTag);
  const w = new EscapedWriter(at);
  for (let p = 0; p < pieces.length; p++) {
    const piece = pieces[p]!;
    if (piece.kind === "markup" || piece.kind === "htmlTag") {
      // An HTML tag's attributes hold "=" the preprocessor sees (extension tags it skips, and
      // "{{=}}" is a template).
      if (piece.kind === "htmlTag" && piece.text.replace(INNER_PAIRS, "").includes("=")) w.noteEquals();
      w.closeNowiki();
      w.out += piece.text;
      continue;
    }
    if (piece.kind === "link") {
      // A link's URL and text keep their form: a pipe there is written as a reference.
      w.closeNowiki();
      let text = piece.text;
      if (isTemplate && !w.named && text.includes("=")) {
        w.noteEquals();
        if (!w.named) text = text.replaceAll("=", "&#61;");
      }
      w.out += text.replaceAll("|", "&#124;");
      continue;
    }
    let text = piece.text;
    if (text.includes("=")) w.noteEquals();
    let reasons = 0;
    let substitute = NO_SUBSTITUTE;
    if (UNPAIRED.test(text.replace(INNER_PAIRS, "_"))) reasons++;
    if (at.kind !== "templatearg" && !w.named && isTemplate && text.includes("=")) reasons++;
    if (at.index === at.count && p === pieces.length - 1 && text.endsWith("}")) {
      reasons++;
      substitute = TRAILING_BRACE;
    }
    if (text.includes("|")) {
      reasons++;
      substitute = PIPES;
    }
    // One reason with a substitute: the substitute guards less text than a nowiki would.
    if (!w.inNowiki && reasons === 1 && substitute !== NO_SUBSTITUTE) {
      text = substitute === PIPES ? text.replaceAll("|", "{{!}}") : text.slice(0, -1) + "<nowiki>}</nowiki>";
      reasons = 0;
    }
    if (reasons > 0) w.openNowiki();
    else w.closeNowiki();
    w.out += text;
  }
  w.closeNowiki();
  return { named: w.named, text: w.out };
}
