// HTML5 tree construction driven directly by the token stream (no HTML text in between):
// parse5's fragment parser in a <body> context does implied end tags, misnesting repair
// (adoption agency) and table fostering exactly as the HTML5 specification says.
import { InsertionMode, Parser, Token as P5Token, html } from "parse5";
import { WElement } from "../dom/node.js";
import { TABLE_STRUCTURE } from "../dom/table-whitespace.js";
import type { SelfClosingTk, Token } from "../tokenizer/tokens.js";
import { tokenStart } from "../tokenizer/tokens.js";
import { createAdapter, type EngineAdapter, type WTypes } from "./adapter.js";
import { closeElement, closeOpenAtEof, endBeforeBlock } from "./closing.js";
import { buildInlineTree } from "./inline-builder.js";
import { markFosteredContent } from "./fostering.js";
import { TRANSIENT_PLACEHOLDER } from "./stripped-tags.js";

/** Length of the run of HTML whitespace (tab, LF, FF, CR, space) at the start of a text. */
function leadingWhitespaceLength(value: string): number {
  let k = 0;
  for (; k < value.length; k++) {
    const c = value.charCodeAt(k);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 12) break;
  }
  return k;
}

/**
 * Whether a run of whitespace followed by other characters builds the same tree as one character
 * token as it does as two: in body, caption and cell content both kinds are inserted alike (only
 * the other kinds set framesetOk, which the rest of the run sets anyway), unless the whitespace
 * starts with the newline HTML5 drops right after <pre>. One token inserts the run as one string
 * (two made a concatenation in the text node) with half the parser calls.
 */
function insertsRunsWhole(parser: Parser<WTypes>): boolean {
  const mode = parser.insertionMode;
  return (mode === InsertionMode.IN_BODY || mode === InsertionMode.IN_CELL || mode === InsertionMode.IN_CAPTION) && !parser.skipNextNewLine && !parser.tokenizer.inForeignNode;
}

function tagToken(type: P5Token.TokenType.START_TAG | P5Token.TokenType.END_TAG, name: string, attrs: P5Token.Attribute[], selfClosingFlag: boolean): P5Token.TagToken {
  return {
    type,
    tagName: name,
    tagID: html.getTagID(name),
    selfClosing: selfClosingFlag,
    ackSelfClosing: false,
    attrs,
    location: null,
  };
}

/**
 * One character token per text run: whitespace-only runs are whitespace tokens (they matter in
 * table modes); a run with any other character is fostered or inserted as a whole, which is what
 * the HTML5 "in table text" rules do with the individual characters too. (A module function: a
 * closure per tree cost a defineProperty of its name under tsx.)
 */
function insertChars(parser: Parser<WTypes>, raw: string): void {
  const value = raw.includes("\0") ? raw.replace(/\0/g, "") : raw;
  if (value === "") return;
  const wsEnd = leadingWhitespaceLength(value);
  if (wsEnd > 0 && wsEnd < value.length && insertsRunsWhole(parser)) {
    parser.onCharacter({ type: P5Token.TokenType.CHARACTER, chars: value, location: null });
    return;
  }
  if (wsEnd > 0) {
    // Leading whitespace on its own: a newline right after <pre> is dropped only from it.
    parser.onWhitespaceCharacter({ type: P5Token.TokenType.WHITESPACE_CHARACTER, chars: value.slice(0, wsEnd), location: null });
    if (wsEnd === value.length) return;
  }
  parser.onCharacter({ type: P5Token.TokenType.CHARACTER, chars: wsEnd > 0 ? value.slice(wsEnd) : value, location: null });
}

/** List items: a stripped end tag's placeholder stays in the output only inside one. */
const LIST_ITEMS = new Set(["li", "dt", "dd"]);

/**
 * An end tag tree construction ignored ("</b>" with no <b> open, "</pre>" after `[[`) is kept in
 * the tree as Parsoid's tree builder keeps it: a mw:Placeholder/StrippedTag meta where it stood,
 * holding its source and source range. The meta gives those bytes a node (computeDsr and
 * encapsulation count them) and keeps the text before it apart from the text after it (a template's
 * output after a stray tag is its own text node, which encapsulation can wrap). Parsoid's late
 * cleanup drops the placeholders again outside list items (html2wt writes list items on one line
 * from their DOM, which would lose the tag): those go into `transient`, marked, and
 * dropStrippedTagPlaceholders removes them after encapsulation. Without a `transient` list only
 * the list items' are made. None where a meta would not land at the current node: in table
 * structure (it would be fostered out), in foreign content (a meta breaks out of it) and in the
 * other table modes. End tags the transforms implied take no source and leave nothing. A start
 * tag tree construction ignored (`<td>` outside a table) leaves a transient one (`startTag`):
 * Parsoid has none in its output, but its ranges count those bytes all the same.
 */
function insertStrippedTag(parser: Parser<WTypes>, adapter: EngineAdapter, name: string, tsr: [number, number], source: string, transient: WElement[] | null, startTag = false): void {
  if (tsr[1] <= tsr[0] || tsr[0] < 0) return;
  const mode = parser.insertionMode;
  if (mode !== InsertionMode.IN_BODY && mode !== InsertionMode.IN_CELL && mode !== InsertionMode.IN_CAPTION) return;
  const stack = parser.openElements;
  const current = stack.current;
  if (current === undefined || TABLE_STRUCTURE.has(current.name) || current.namespace !== html.NS.HTML) return;
  let inListItem = false;
  if (!startTag) for (let i = stack.stackTop; i >= 0 && !inListItem; i--) inListItem = LIST_ITEMS.has(stack.items[i]!.name);
  if (!inListItem && transient === null) return;
  const attrs: P5Token.Attribute[] = [{ name: "typeof", value: "mw:Placeholder/StrippedTag" }];
  const meta: SelfClosingTk = { type: "self", name: "meta", attrs, dp: { src: source.slice(tsr[0], tsr[1]), name, tsr: [tsr[0], tsr[1]] } };
  if (!inListItem) meta.aux = TRANSIENT_PLACEHOLDER;
  adapter.expectToken(meta, attrs);
  parser.onStartTag(tagToken(P5Token.TokenType.START_TAG, "meta", attrs, true));
  if (inListItem) return;
  const kids = current.children;
  const inserted = kids[kids.length - 1];
  if (inserted !== undefined && inserted.kind === "element" && inserted.dp === meta.dp) transient!.push(inserted);
}

export function buildTree(tokens: readonly Token[], sourceLength: number): WElement {
  // Most extension bodies (references, captions) are a few inline tokens: no parse5 for them.
  return buildInlineTree(tokens, sourceLength) ?? buildHtml5Tree(tokens, sourceLength);
}

/**
 * buildTree for a caller that hands the token list over: each token is dropped from the list
 * once parse5 has consumed it, and the list is empty at the end. The tree keeps only a tag's
 * parse data (and its data-mw and aux), so the tokens can be collected while the tree grows
 * instead of being held, as much memory again, until the tree is done. With the `source`, the
 * end tags tree construction ignores leave placeholders (see insertStrippedTag); those the
 * output drops again are pushed onto `transient`.
 */
export function buildTreeConsuming(tokens: Token[], sourceLength: number, source: string | null = null, transient: WElement[] | null = null): WElement {
  const body = buildInlineTree(tokens, sourceLength) ?? buildHtml5Tree(tokens, sourceLength, tokens, source, transient);
  tokens.length = 0;
  return body;
}

/** What a consumed token's slot holds: not a hole, which would make the list slower to read. */
const CONSUMED = undefined as unknown as Token;

/**
 * Tree construction by parse5, for any token stream (exported for the property test); `consumed`
 * (the same list) has each token's slot cleared once it is in the tree. With the `source` the
 * token ranges index, an end tag that tree construction ignores leaves a placeholder holding it
 * (inside list items only, unless a `transient` list takes the others: insertStrippedTag).
 */
export function buildHtml5Tree(tokens: readonly Token[], sourceLength: number, consumed: Token[] | null = null, source: string | null = null, transient: WElement[] | null = null): WElement {
  let current: Token | null = null;
  let currentPos = 0;
  // The element the current end tag closed last: the adoption agency algorithm pops a misnested
  // formatting element and later its copy with the same end tag, which is only the copy's.
  let closedBy: Token | null = null;
  let closedByIt: WElement | null = null;
  // Elements popped so far: an end tag that pops none was ignored by tree construction.
  let pops = 0;
  const adapter = createAdapter({
    onPop(el) {
      pops++;
      closeElement(el, current, currentPos);
      if (current === null || current.type !== "end" || current.name !== el.name) return;
      // (An empty copy is dropped later, reopened formatting with nothing in it: the end tag
      // then stays the first element's.)
      if (closedBy === current && closedByIt !== null && el.children.length > 0) endBeforeBlock(closedByIt);
      closedBy = current;
      closedByIt = el;
    },
  });
  const endToken = tagToken(P5Token.TokenType.END_TAG, "", [], false);
  const body = adapter.createElement("body", html.NS.HTML, []);
  const parser = Parser.getFragmentParser<WTypes>(body, { treeAdapter: adapter, scriptingEnabled: false });
  // Whether the previous token was text: a run of text tokens is one source range for fostering.
  let inTextRun = false;

  for (let i = 0; i < tokens.length; i++) {
    const tk = tokens[i]!;
    if (consumed) consumed[i] = CONSUMED;
    current = tk;
    if (tk.type === "text" || tk.type === "nl") {
      if (!inTextRun) {
        adapter.textRunStart = tk.start;
        adapter.textRunEnd = tk.end;
        inTextRun = true;
      } else if (tk.start >= 0) {
        if (adapter.textRunStart < 0) adapter.textRunStart = tk.start;
        adapter.textRunEnd = tk.end;
      }
    } else {
      inTextRun = false;
    }
    switch (tk.type) {
      case "start":
      case "self": {
        const tsr = tk.dp.tsr;
        if (tsr && tsr[0] >= 0) currentPos = tsr[0];
        // A fresh array per token: the element owns it (passes add attributes to it).
        const attrs: P5Token.Attribute[] = tk.attrs.length === 0 ? [] : tk.attrs.slice();
        adapter.expectToken(tk, attrs);
        parser.onStartTag(tagToken(P5Token.TokenType.START_TAG, tk.name, attrs, tk.type === "self"));
        if (transient !== null && tsr && source !== null && adapter.ignored(tk)) insertStrippedTag(parser, adapter, tk.name, tsr, source, transient, true);
        break;
      }
      case "end": {
        const tsr = tk.dp.tsr;
        if (tsr && tsr[0] >= 0) currentPos = tsr[0];
        // parse5 keeps no end tag token once it is processed: one object serves them all.
        endToken.tagName = tk.name;
        endToken.tagID = html.getTagID(tk.name);
        const popsBefore = pops;
        parser.onEndTag(endToken);
        if (pops === popsBefore && source !== null && tsr) insertStrippedTag(parser, adapter, tk.name, tsr, source, transient);
        break;
      }
      case "text":
        if (tk.start >= 0) currentPos = tk.start;
        insertChars(parser, tk.value);
        break;
      case "nl":
        if (tk.start >= 0) currentPos = tk.start;
        insertChars(parser, "\n");
        break;
      case "comment":
        if (tk.start >= 0) currentPos = tk.start;
        parser.onComment({ type: P5Token.TokenType.COMMENT, data: tk.value, location: null });
        break;
      default: {
        const start = tokenStart(tk);
        if (start >= 0) currentPos = start;
        // indent tokens are syntax (the pre they start is already a tag); listitem and quote
        // tokens never get here, the transforms consume them.
        break;
      }
    }
  }
  current = null;
  currentPos = sourceLength;
  parser.onEof({ type: P5Token.TokenType.EOF, location: null });
  const fragment = parser.getFragment();
  closeOpenAtEof(fragment, sourceLength);
  if (adapter.fostered) markFosteredContent(adapter.fostered);
  // The fragment's child list moves whole (appending one by one shifted the list per child).
  const result = new WElement("body");
  const kids = fragment.children;
  fragment.children = [];
  for (let i = 0; i < kids.length; i++) kids[i]!.parent = result;
  result.children = kids;
  return result;
}

