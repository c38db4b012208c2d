// The uniform interface of extension tags (`<ref>`, `<gallery>`, `<indicator>`...). The grammar
// recognises a configured tag with a handler and hands the handler one call; the handler answers
// with wiki tokens for the main stream. A body that is itself wikitext is not parsed inline: the
// handler asks for a fragment (parsed after tokenizing, with its own templates expanded) and the
// fragment's DOM is put into the handler's wrapper element once the tree is built.
import type { Attr } from "../dom/node.js";
import type { Token, StartTagTk, SelfClosingTk } from "../tokenizer/tokens.js";
import type { WElement } from "../dom/node.js";
import type { GrammarEnv } from "../tokenizer/grammar/state.js";

export interface ExtensionCall {
  /** Lower-case tag name as written (`TAG` -> `tag`). */
  name: string;
  /** Attributes in source order, values decoded and trimmed (Parsoid's data-mw attrs). */
  attrs: Attr[];
  /** Body source; null for a self-closed `<tag/>`. */
  body: string | null;
  /** The whole source of the call, tags included. */
  src: string;
  /** Source range of the call in the text being tokenized. */
  start: number;
  end: number;
  /** Where the body starts in that text. */
  bodyStart: number;
}

/**
 * How a wikitext body is parsed: as inline content (no paragraphs), as a block document, or as
 * a media caption (inline content that continues a line, in which headings, horizontal rules
 * and tables may start later lines but list items may not: Parsoid's link text).
 */
export type FragmentContext = "inline" | "block" | "caption";

/**
 * A wikitext body to parse into the wrapper element's children. A function source is built
 * from other fragments: it is called once every plain-text source has been parsed.
 */
export interface FragmentRequest {
  source: string | (() => string);
  context: FragmentContext;
  /** Where the source stands verbatim in the text being tokenized (for dsr), if it does. */
  offset?: number;
  /** Filled before tree building: the parsed nodes. */
  nodes?: import("../dom/node.js").WNode[];
  /**
   * Takes the parsed nodes instead of their becoming the wrapper's children (content kept as
   * HTML in data-mw, such as an inline image's caption).
   */
  consume?: (wrapper: WElement, nodes: import("../dom/node.js").WNode[]) => void;
}

export interface ExtensionContext {
  env: GrammarEnv;
  /** Asks for `source` to be parsed as wikitext into the element the returned aux marks. */
  fragment(source: string | (() => string), context: FragmentContext, offset?: number): FragmentRequest;
  /**
   * Runs `finish` on the element the token becomes once media are rendered (output that depends
   * on whether a file exists, such as gallery box sizes).
   */
  finishAfterMedia(tk: StartTagTk | SelfClosingTk, finish: (el: WElement) => void): void;
  /**
   * Content the handler built as DOM nodes itself (raw HTML): put into the element the returned
   * aux marks when the page's fragments are unpacked, with no wikitext parse.
   */
  nodes(nodes: import("../dom/node.js").WNode[]): FragmentRequest;
}

export interface ExtensionHandler {
  /** Tag names handled (lower-case). */
  readonly names: readonly string[];
  /** Tokens standing for the call in the main token stream. */
  render(call: ExtensionCall, ctx: ExtensionContext): Token[];
  /**
   * The rendered content is the body's wikitext parsed: html2wt may write a body data-mw left
   * out from that content (other extensions' output is no source).
   */
  readonly bodyIsContent?: boolean;
}
