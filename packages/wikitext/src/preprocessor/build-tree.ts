// Builds the preprocessor's parse tree with MediaWiki's brace-matching rules: one left-to-right
// scan with an explicit stack of open brackets (`{{`, `{{{`, `[[`, `-{`, heading lines), the
// "rightmost opening wins" resolution of unbalanced input, `|`/`=` splitting of parts, comments,
// extension tags (opaque) and the include-control tags. Every step consumes input, and the
// searches that could rescan (closing tags, `>`) remember failures, so the scan is linear.
import type { PPBrace, PPNode, PPPart, PPTree } from "./tree.js";
import { memoizedPerObject } from "../util/memo.js";

export interface BuildTreeOptions {
  /** true when the text is transcluded (template source), false for the page itself. */
  forInclusion: boolean;
  /** Lowercase names of the extension tags whose content is opaque (nowiki and pre included). */
  extensionTags: readonly string[];
  /** Recognise `-{ ... }-` brackets (language converter markup); MediaWiki does unless disabled. */
  languageConversion?: boolean;
  /**
   * Keep the literal text of the top level (default true). The page-level pass only needs the
   * top-level calls and slices everything else from the source, so it saves building that text.
   */
  keepRootText?: boolean;
}

type Open = "{" | "[" | "-{" | "\n";

interface Rule {
  end: string;
  /** What a run of n matched brackets makes; null means literal text; absent means no match. */
  names: Partial<Record<number, "template" | "tplarg" | null>>;
  min: number;
  max: number;
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const LESS_THAN = 0x3c;
const NEWLINE = 0x0a;
const HYPHEN = 0x2d;
const PIPE = 0x7c;
const EQUALS = 0x3d;

/** Characters that can end a literal run, depending on the state. */
const SPECIAL = new Uint8Array(128);
for (const ch of "{[<\n-}]|=") SPECIAL[ch.charCodeAt(0)] = 1;

const RULES: Record<"{" | "[" | "-{", Rule> = {
  "{": { end: "}", names: { 2: "template", 3: "tplarg" }, min: 2, max: 3 },
  "[": { end: "]", names: { 2: null }, min: 2, max: 2 },
  "-{": { end: "}-", names: { 2: null }, min: 2, max: 2 },
};

interface PartBuilder {
  out: PPNode[];
  start: number;
  /** The offset of the `|` that ends it; -1 while it is the last part. */
  end: number;
  eqIndex: number | null;
  eqPos: number | null;
}

interface Piece {
  open: Open;
  close: string;
  count: number;
  /** Position of the first bracket of the run (or of the first `=` of a heading). */
  startPos: number;
  savedPrefix: string;
  lineStart: boolean;
  parts: PartBuilder[];
  /**
   * Whether literal text inside this piece can reach the tree: only under a `{{` (a call's
   * title and arguments need their text) or when the root keeps its text. Everything else
   * ends up as root text, so the page-level pass skips building it.
   */
  keep: boolean;
}

function addLiteral(accum: PPNode[], text: string): void {
  if (text === "") return;
  const last = accum.length - 1;
  const prev = accum[last];
  if (typeof prev === "string") accum[last] = prev + text;
  else accum.push(text);
}

/** Appends nodes; their text only when `keepText` (text that cannot reach the tree is dropped). */
function appendNodes(accum: PPNode[], nodes: readonly PPNode[], keepText = true): void {
  for (const node of nodes) {
    if (typeof node !== "string") accum.push(node);
    else if (keepText) addLiteral(accum, node);
  }
}

function newPart(start: number, initial?: string): PartBuilder {
  // `new Array()` reserves four slots, where the first push onto `[]` reserves sixteen: most
  // parts hold one to three nodes (a value; a name, `=` and a value), and they live as long as
  // the tree.
  const out = new Array<PPNode>();
  if (initial) out.push(initial);
  return { out, start, end: -1, eqIndex: null, eqPos: null };
}

/** The text of `count` opening brackets of a kind (`{{`, `[[`, `-{`), made once per kind and count. */
const OPENING_TEXT: Record<string, string[]> = { "{": [], "[": [], "-{": [] };
function openingText(open: "{" | "[" | "-{", count: number): string {
  const known = OPENING_TEXT[open]!;
  let text = known[count];
  if (text === undefined) {
    const head = open.slice(0, -1);
    text = head + open.slice(-1).repeat(count - head.length);
    if (count < 16) known[count] = text;
  }
  return text;
}

/** The literal text of an unclosed or unmatched bracket run, with its parts joined by `|`. */
function breakSyntax(piece: Piece, openingCount?: number): PPNode[] {
  if (piece.open === "\n") {
    const accum: PPNode[] = [];
    addLiteral(accum, piece.savedPrefix);
    appendNodes(accum, piece.parts[0]?.out ?? []);
    return accum;
  }
  const opening = openingText(piece.open, openingCount ?? piece.count);
  const accum: PPNode[] = [piece.savedPrefix === "" ? opening : piece.savedPrefix + opening];
  for (let index = 0; index < piece.parts.length; index++) {
    if (index > 0) addLiteral(accum, "|");
    appendNodes(accum, piece.parts[index]!.out);
  }
  return accum;
}

/** Counts the run of `ch` starting at `from` (at most `limit`). */
function spanOf(text: string, ch: string, from: number, limit = Infinity): number {
  let n = 0;
  while (from + n < text.length && n < limit && text[from + n] === ch) n++;
  return n;
}

/** The next position of `needle` from `from`, or the text's length. */
function positionOf(text: string, needle: string, from: number): number {
  const at = text.indexOf(needle, from);
  return at < 0 ? text.length : at;
}

/** Counts spaces and tabs immediately before `end`. */
function spacesBefore(text: string, end: number): number {
  let n = 0;
  while (end - n - 1 >= 0 && (text[end - n - 1] === " " || text[end - n - 1] === "\t")) n++;
  return n;
}

/** PCRE's \s without the u flag: ASCII whitespace. */
function isAsciiSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c || c === 0x0b;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The tag names one mode of one site knows (built once: every fragment and template builds a
 * tree). Found by the tag array itself, else by its contents (a caller's own array).
 */
interface TagConfig {
  ignoredTags: readonly string[];
  ignoredElements: readonly string[];
  /** Extension, include-control and ignored tag names, lowercase. */
  elementNames: ReadonlySet<string>;
  /** `</name\s*>` per lowercase name, compiled on first use. */
  closingTagRegexes: Map<string, RegExp>;
}

const ALLOW_MISSING_END_TAG: ReadonlySet<string> = new Set(["includeonly", "noinclude", "onlyinclude"]);
const tagConfigs = new Map<string, TagConfig>();
/** The same configs by tag array: callers pass one array per site (SiteConfig.extensionTags()). */
const inclusionTagConfig = memoizedPerObject((extensionTags: readonly string[]) => tagConfigFor(true, extensionTags));
const pageTagConfig = memoizedPerObject((extensionTags: readonly string[]) => tagConfigFor(false, extensionTags));

function tagConfig(forInclusion: boolean, extensionTags: readonly string[]): TagConfig {
  return forInclusion ? inclusionTagConfig(extensionTags) : pageTagConfig(extensionTags);
}

function tagConfigFor(forInclusion: boolean, extensionTags: readonly string[]): TagConfig {
  const key = `${forInclusion ? "i" : "p"}|${extensionTags.join("|")}`;
  let config = tagConfigs.get(key);
  if (config) return config;
  const xmlish = new Set(extensionTags.map((t) => t.toLowerCase()));
  xmlish.add("nowiki");
  xmlish.add("pre");
  xmlish.add(forInclusion ? "noinclude" : "includeonly");
  const ignoredTags = forInclusion ? ["includeonly", "/includeonly"] : ["noinclude", "/noinclude", "onlyinclude", "/onlyinclude"];
  config = {
    ignoredTags,
    ignoredElements: forInclusion ? ["noinclude"] : ["includeonly"],
    elementNames: new Set([...xmlish, ...ignoredTags]),
    closingTagRegexes: new Map(),
  };
  // Sites are few; the bound only guards against callers inventing tag lists.
  if (tagConfigs.size >= 64) tagConfigs.clear();
  tagConfigs.set(key, config);
  return config;
}

export function buildTree(text: string, options: BuildTreeOptions): PPTree {
  return new TreeBuilder(text, options).build();
}

/**
 * One scan. The state lives in fields and the helpers are methods, not closures: every `<ref>`
 * body and template builds a tree, and closures (with the name each gets) cost more than the
 * scan of a short text.
 */
class TreeBuilder {
  private readonly length: number;
  private readonly langConversion: boolean;
  private readonly config: TagConfig;
  private readonly enableOnlyinclude: boolean;
  /** Ignored tags are the page's include directives (a transcluded text's are not). */
  private readonly pageDirectives: boolean;
  private readonly keepRootText: boolean;
  private readonly rootAccum: PPNode[] = [];
  private readonly stack: Piece[] = [];
  // The state of the top of the stack, refreshed whenever the stack or its top's parts change.
  private currentOut: PPNode[];
  private keepText: boolean;
  private findEquals = false;
  private findPipe = false;
  private inHeading = false;
  private noMoreGT = false;
  /** Tag names with no closing tag after some point: later ones do not rescan (made on first need). */
  private noMoreClosingTag: Set<string> | null = null;
  private fakeLineStart = true;
  /**
   * End of the last run of closing brackets counted: a run of 2n `}` closing n nested calls is
   * consumed two or three at a time, and recounting it from each position would be O(n²).
   */
  private closeRunEnd = -1;
  // Work counter: one per loop step plus every character a search looks at.
  private work = 0;

  constructor(private readonly text: string, options: BuildTreeOptions) {
    this.length = text.length;
    this.langConversion = options.languageConversion ?? true;
    this.config = tagConfig(options.forInclusion, options.extensionTags);
    this.enableOnlyinclude = options.forInclusion && text.includes("<onlyinclude>") && text.includes("</onlyinclude>");
    this.pageDirectives = !options.forInclusion;
    this.keepRootText = options.keepRootText ?? true;
    this.currentOut = this.rootAccum;
    this.keepText = this.keepRootText;
  }

  /** Literal text for the current accumulator (dropped where it cannot reach the tree). */
  private addText(acc: PPNode[], literal: string): void {
    if (this.keepText) addLiteral(acc, literal);
  }

  /** Whether text inside a piece opened now with `open` can reach the tree. */
  private keeps(open: Open): boolean {
    return open === "{" || this.keepText;
  }

  private refreshFlags(): void {
    const piece = this.stack[this.stack.length - 1];
    if (!piece) {
      this.findEquals = this.findPipe = this.inHeading = false;
      this.currentOut = this.rootAccum;
      this.keepText = this.keepRootText;
      return;
    }
    const findPipe = piece.open !== "\n" && piece.open !== "[";
    const part = currentPart(piece);
    this.findPipe = findPipe;
    this.currentOut = part.out;
    this.keepText = piece.keep;
    this.findEquals = findPipe && piece.parts.length > 1 && part.eqIndex === null;
    this.inHeading = piece.open === "\n";
  }

  private searched(from: number, to: number): void {
    this.work += Math.max(0, (to < 0 ? this.length : to) - from);
  }

  build(): PPTree {
    const { text, length, langConversion, stack, rootAccum } = this;
    const { ignoredTags, ignoredElements, closingTagRegexes } = this.config;
    let i = 0;
    let findOnlyinclude = this.enableOnlyinclude;
    // The page-level pass skims the top level (see the loop); the next `{` and `<` are found once.
    const skimRoot = !this.keepRootText;
    let nextBrace = -1;
    let nextAngle = -1;

    for (;;) {
      this.work++;
      if (findOnlyinclude) {
        // Everything outside <onlyinclude> is ignored when the text is transcluded.
        const startPos = text.indexOf("<onlyinclude>", i);
        this.searched(i, startPos);
        if (startPos < 0) {
          if (i < length) this.currentOut.push({ kind: "ignore", start: i, end: length, directive: false });
          break;
        }
        const tagEnd = startPos + "<onlyinclude>".length;
        // The text before the tag and the tag are two nodes: the tag alone is a directive.
        if (startPos > i) this.currentOut.push({ kind: "ignore", start: i, end: startPos, directive: false });
        this.currentOut.push({ kind: "ignore", start: startPos, end: tagEnd, directive: true });
        i = tagEnd;
        findOnlyinclude = false;
      }

      let found: "line-start" | "line-end" | "pipe" | "equals" | "angle" | "open" | "close";
      let curChar = "";
      let rule: Rule | undefined;
      if (skimRoot && stack.length === 0) {
        // Nothing open, root text dropped: only a call, a comment or a tag can add to the tree.
        // Links, headings and `-{` brackets opened here would hold nothing but text and the calls
        // inside them, which reach the root in the same order without them, and `|`, `=` and line
        // ends mean nothing at the top level. So the scan jumps from one `{` or `<` to the next.
        this.fakeLineStart = false;
        if (nextBrace < i) nextBrace = positionOf(text, "{", i);
        if (nextAngle < i) nextAngle = positionOf(text, "<", i);
        const to = nextBrace < nextAngle ? nextBrace : nextAngle;
        this.work += to - i;
        i = to;
        if (i >= length) break;
        if (i === nextAngle) {
          found = "angle";
        } else {
          found = "open";
          curChar = "{";
          rule = RULES["{"];
        }
      } else if (this.fakeLineStart) {
        found = "line-start";
      } else {
        const piece = stack[stack.length - 1];
        const currentClosing = piece ? piece.close : "";
        const closeFirst = currentClosing.charCodeAt(0);
        const findPipe = this.findPipe;
        const findEquals = this.findEquals;
        // Literal run up to the next character that may matter in the current state; the table
        // lookup keeps this loop to one load and one test for ordinary characters.
        const runStart = i;
        while (i < length) {
          const c = text.charCodeAt(i);
          if (c < 128 && SPECIAL[c] === 1) {
            if (
              c === OPEN_BRACE || c === OPEN_BRACKET || c === LESS_THAN || c === NEWLINE ||
              c === closeFirst ||
              (c === HYPHEN && langConversion && text.charCodeAt(i + 1) === OPEN_BRACE) ||
              (c === PIPE && findPipe) || (c === EQUALS && findEquals)
            ) break;
          }
          i++;
        }
        this.work += i - runStart;
        if (i > runStart && this.keepText) addLiteral(this.currentOut, text.slice(runStart, i));
        if (i >= length) {
          if (currentClosing === "\n") {
            found = "line-end";
          } else {
            break;
          }
        } else {
          const c = text[i]!;
          const next = text[i + 1] ?? "";
          curChar = c;
          if (c === "|") found = "pipe";
          else if (c === "=") found = "equals";
          else if (c === "<") found = "angle";
          else if (c === "\n") found = this.inHeading ? "line-end" : "line-start";
          else if (currentClosing.length === 2 && c === currentClosing[0] && next === currentClosing[1]) {
            found = "close";
            curChar = currentClosing;
          } else if (c === currentClosing) found = "close";
          else if (c === "-" && next === "{" && langConversion) {
            found = "open";
            curChar = "-{";
            rule = RULES["-{"];
          } else if (c === "{" || c === "[") {
            found = "open";
            rule = RULES[c];
          } else {
            // A '-' not opening "-{", or a '}' not closing the current bracket.
            this.addText(this.currentOut, c);
            i++;
            continue;
          }
        }
      }

      if (found === "angle") {
        if (this.enableOnlyinclude && text.startsWith("</onlyinclude>", i)) {
          const tagEnd = i + "</onlyinclude>".length;
          this.currentOut.push({ kind: "ignore", start: i, end: tagEnd, directive: true });
          i = tagEnd;
          findOnlyinclude = true;
          continue;
        }
        if (text.startsWith("!--", i + 1)) {
          i = this.handleComment(i);
          continue;
        }
        const name = this.elementNameAt(i + 1);
        if (name === null) {
          this.addText(this.currentOut, "<");
          i++;
          continue;
        }
        const lowerName = name.toLowerCase();
        const attrStart = i + name.length + 1;
        const tagEndPos = this.noMoreGT ? -1 : text.indexOf(">", attrStart);
        if (!this.noMoreGT) this.searched(attrStart, tagEndPos);
        if (tagEndPos < 0) {
          // No '>' anywhere after this point: stop looking for tags (else O(n²)).
          this.noMoreGT = true;
          this.addText(this.currentOut, "<");
          i++;
          continue;
        }
        if (ignoredTags.includes(lowerName)) {
          this.currentOut.push({ kind: "ignore", start: i, end: tagEndPos + 1, directive: this.pageDirectives });
          i = tagEndPos + 1;
          continue;
        }
        const tagStartPos = i;
        let inner: string | null;
        let close: string | null;
        let attrEnd: number;
        if (text[tagEndPos - 1] === "/") {
          attrEnd = tagEndPos - 1;
          inner = null;
          close = null;
          i = tagEndPos + 1;
        } else {
          attrEnd = tagEndPos;
          let closeMatch: RegExpExecArray | null = null;
          if (!this.noMoreClosingTag?.has(name)) {
            let re = closingTagRegexes.get(lowerName);
            if (!re) {
              re = new RegExp(`</${escapeRegExp(lowerName)}\\s*>`, "gi");
              closingTagRegexes.set(lowerName, re);
            }
            re.lastIndex = tagEndPos + 1;
            closeMatch = re.exec(text);
            this.searched(tagEndPos + 1, closeMatch ? closeMatch.index + closeMatch[0].length : -1);
          }
          if (closeMatch) {
            inner = text.slice(tagEndPos + 1, closeMatch.index);
            close = closeMatch[0];
            i = closeMatch.index + closeMatch[0].length;
          } else if (ALLOW_MISSING_END_TAG.has(lowerName)) {
            inner = text.slice(tagEndPos + 1);
            close = null;
            i = length;
          } else {
            // Unclosed: the opening tag is literal text; remember, so later ones do not rescan.
            i = tagEndPos + 1;
            this.addText(this.currentOut, text.slice(tagStartPos, tagEndPos + 1));
            (this.noMoreClosingTag ??= new Set()).add(name);
            continue;
          }
        }
        if (ignoredElements.includes(lowerName)) {
          this.currentOut.push({ kind: "ignore", start: tagStartPos, end: i, directive: this.pageDirectives });
          continue;
        }
        const attr = attrEnd <= attrStart ? "" : text.slice(attrStart, attrEnd);
        this.currentOut.push({ kind: "ext", name, attr, inner, close, start: tagStartPos, end: i });
      } else if (found === "line-start") {
        if (this.fakeLineStart) this.fakeLineStart = false;
        else {
          this.addText(this.currentOut, "\n");
          i++;
        }
        const count = spanOf(text, "=", i, 6);
        if (count === 1 && this.findEquals) {
          // Looks like a name=value separator more than a heading: let the equals case have it.
        } else if (count > 0) {
          stack.push({
            open: "\n",
            close: "\n",
            count,
            startPos: i,
            savedPrefix: "",
            lineStart: true,
            parts: [newPart(i, "=".repeat(count))],
            keep: this.keeps("\n"),
          });
          this.refreshFlags();
          i += count;
        }
      } else if (found === "line-end") {
        // A heading line ends. Whether it really is a heading (matching '='s at its end) only
        // matters for section editing, which this stage does not do: the line's nodes go back to
        // the enclosing accumulator as they are.
        const piece = stack[stack.length - 1]!;
        const element = currentPart(piece).out;
        stack.pop();
        this.refreshFlags();
        appendNodes(this.currentOut, element, this.keepText);
        // The newline is not consumed: it may open the next heading.
      } else if (found === "open") {
        const r = rule!;
        let curLen = curChar.length;
        let count = curLen > 1 ? spanOf(text, curChar[curLen - 1]!, i + 1) + 1 : spanOf(text, curChar, i);
        let savedPrefix = "";
        let open: Open = curChar as Open;
        let activeRule = r;
        const lineStart = i === 0 || text[i - 1] === "\n";
        if (curChar === "-{" && count > curLen) {
          // "-{{" : the braces win (rightmost opening), the '-' is kept as a prefix.
          savedPrefix = "-";
          i++;
          open = "{";
          curLen = 1;
          count--;
          activeRule = RULES["{"];
        }
        if (count >= activeRule.min) {
          stack.push({
            open,
            close: activeRule.end,
            count,
            startPos: i,
            savedPrefix,
            lineStart,
            parts: [newPart(i + count)],
            keep: this.keeps(open),
          });
          this.refreshFlags();
        } else {
          this.addText(this.currentOut, savedPrefix + open.repeat(count));
        }
        i += count;
      } else if (found === "close") {
        const piece = stack[stack.length - 1]!;
        let maxCount = piece.count;
        if (piece.close === "}-" && curChar === "}") maxCount--;
        const count = curChar.length > 1 ? curChar.length : this.closingRun(curChar, i, maxCount);
        const r = RULES[piece.open as "{" | "[" | "-{"];
        let matchingCount: number;
        if (count > r.max) matchingCount = r.max;
        else {
          matchingCount = count;
          while (matchingCount > 0 && !(matchingCount in r.names)) matchingCount--;
        }
        if (matchingCount <= 0) {
          this.addText(this.currentOut, text.slice(i, i + count));
          i += count;
          continue;
        }
        const name = r.names[matchingCount];
        let element: PPNode[];
        const elementStart = piece.startPos + piece.count - matchingCount;
        if (name === null || name === undefined) {
          element = breakSyntax(piece, matchingCount);
          addLiteral(element, text.slice(i, i + matchingCount));
        } else {
          const parts = finishParts(piece, i);
          const node: PPBrace = {
            kind: name,
            title: parts[0]!,
            parts: parts.slice(1),
            lineStart: maxCount === matchingCount && piece.lineStart && piece.savedPrefix === "",
            start: elementStart,
            end: i + matchingCount,
          };
          element = [node];
        }
        i += matchingCount;
        stack.pop();
        if (matchingCount < piece.count) {
          // Unused opening brackets stay open, with a fresh title part.
          piece.count -= matchingCount;
          piece.parts = [newPart(piece.startPos + piece.count)];
          const min = RULES[piece.open as "{" | "[" | "-{"].min;
          if (piece.count >= min) {
            stack.push(piece);
          } else if (piece.count === 1 && piece.open === "{" && piece.savedPrefix === "-") {
            piece.savedPrefix = "";
            piece.open = "-{";
            piece.startPos -= 1;
            piece.count = 2;
            piece.close = RULES["-{"].end;
            piece.parts = [newPart(piece.startPos + 2)];
            // No longer a brace: its text matters only if its surroundings' does.
            piece.keep = stack[stack.length - 1]?.keep ?? this.keepRootText;
            stack.push(piece);
          } else {
            this.refreshFlags();
            this.addText(this.currentOut, piece.savedPrefix + openingText(piece.open as "{" | "[" | "-{", piece.count));
          }
        } else if (piece.savedPrefix !== "") {
          this.refreshFlags();
          this.addText(this.currentOut, piece.savedPrefix);
        }
        this.refreshFlags();
        appendNodes(this.currentOut, element, this.keepText);
      } else if (found === "pipe") {
        const piece = stack[stack.length - 1]!;
        currentPart(piece).end = i;
        piece.parts.push(newPart(i + 1));
        this.refreshFlags();
        i++;
      } else if (found === "equals") {
        const piece = stack[stack.length - 1]!;
        const part = currentPart(piece);
        part.out.push({ kind: "equals", pos: i });
        part.eqIndex = part.out.length - 1;
        part.eqPos = i;
        this.findEquals = false;
        i++;
      }
    }

    // Whatever is still open was never closed: it is literal text.
    const remaining = stack.slice();
    stack.length = 0;
    this.refreshFlags();
    for (const piece of remaining) appendNodes(rootAccum, breakSyntax(piece), this.keepText);
    return { source: text, nodes: rootAccum, work: this.work, onlyinclude: this.enableOnlyinclude };
  }

  /** Length of the run of `ch` at `from`, at most `limit`; each run is counted once. */
  private closingRun(ch: string, from: number, limit: number): number {
    // A position inside the last counted run has the same character up to its end.
    if (from >= this.closeRunEnd || this.text[from] !== ch) {
      const length = spanOf(this.text, ch, from);
      this.work += length;
      this.closeRunEnd = from + length;
    }
    return Math.min(this.closeRunEnd - from, limit);
  }

  /** Handles `<!--` at `pos`; returns the position after it. */
  private handleComment(pos: number): number {
    const { text, length } = this;
    const endPos0 = text.indexOf("-->", pos + 4);
    this.searched(pos + 4, endPos0);
    if (endPos0 < 0) {
      this.currentOut.push({ kind: "comment", start: pos, end: length });
      return length;
    }
    // A comment alone on its line (with spaces) takes its line with it: MediaWiki avoids
    // leaving a blank line behind.
    const wsStart = pos > 0 ? pos - spacesBefore(text, pos) : 0;
    let wsEnd = endPos0 + 2 + spacesFrom(text, endPos0 + 3);
    const comments: Array<[number, number]> = [[wsStart, wsEnd]];
    while (text.startsWith("<!--", wsEnd + 1)) {
      let c = text.indexOf("-->", wsEnd + 4);
      if (c < 0) break;
      c = c + 2 + spacesFrom(text, c + 3);
      comments.push([wsEnd + 1, c]);
      wsEnd = c;
    }
    // `endPos` is inclusive, as in MediaWiki: the '>' of the comment, or the newline it eats.
    let startPos: number;
    let endPos: number;
    const acc = this.currentOut;
    if (wsStart > 0 && text[wsStart - 1] === "\n" && text[wsEnd + 1] === "\n") {
      const wsLength = pos - wsStart;
      const last = acc[acc.length - 1];
      if (wsLength > 0 && typeof last === "string" && last.length >= wsLength && /^[ \t]*$/.test(last.slice(-wsLength))) {
        acc[acc.length - 1] = last.slice(0, -wsLength);
        if (acc[acc.length - 1] === "") acc.pop();
      }
      for (let j = 0; j < comments.length - 1; j++) {
        const [s, e] = comments[j]!;
        acc.push({ kind: "comment", start: s, end: e + 1 });
      }
      const lastComment = comments[comments.length - 1]!;
      startPos = lastComment[0];
      endPos = lastComment[1] + 1;
      // Look for a heading on the line that follows.
      this.fakeLineStart = true;
    } else {
      startPos = pos;
      endPos = endPos0 + 2;
    }
    acc.push({ kind: "comment", start: startPos, end: endPos + 1 });
    return endPos + 1;
  }

  /**
   * The xml-ish element name at `from` (after '<'), when it is one this mode knows and is
   * followed by whitespace, '>' or '/>'; null otherwise. (MediaWiki matches a regex of the names;
   * reading the name run and looking it up is the same test without rescanning per name.)
   */
  private elementNameAt(from: number): string | null {
    const { text, length } = this;
    let end = from;
    while (end < length) {
      const c = text.charCodeAt(end);
      if (c === 0x3e || c === 0x2f && end > from || isAsciiSpace(c)) break;
      end++;
    }
    if (end === from || end >= length) return null;
    const name = text.slice(from, end);
    if (!this.config.elementNames.has(name.toLowerCase())) return null;
    const c = text.charCodeAt(end);
    if (c === 0x2f && text.charCodeAt(end + 1) !== 0x3e) return null;
    return name;
  }
}

function currentPart(piece: Piece): PartBuilder {
  return piece.parts[piece.parts.length - 1]!;
}

function finishParts(piece: Piece, closePos: number): PPPart[] {
  const count = piece.parts.length;
  const parts: PPPart[] = new Array<PPPart>(count);
  for (let index = 0; index < count; index++) {
    const part = piece.parts[index]!;
    parts[index] = {
      nodes: part.out,
      eqIndex: part.eqIndex,
      eqPos: part.eqPos,
      start: part.start,
      end: index + 1 < count ? part.end : closePos,
    };
  }
  return parts;
}

/** Counts spaces and tabs from `from`. */
function spacesFrom(text: string, from: number): number {
  let n = 0;
  while (from + n < text.length && (text[from + n] === " " || text[from + n] === "\t")) n++;
  return n;
}
