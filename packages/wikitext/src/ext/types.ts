// The uniform interface of extension tags (`<ref>`, `<gallery>`, `<indicator>`...). The grammar
// recognises a configured tag with a handler and hands the handler one call; the handler answers
// with wiki tokens for the main stream. A body that is itself wikitext is not parsed inline: the
// handler asks for a fragment (parsed after tokenizing, with its own templates expanded) and the
// fragment's DOM is put into the handler's wrapper element once the tree is built.
import type { Attr } from "../dom/node.js";
import type { Token } from "../tokenizer/tokens.js";
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

/** How a wikitext body is parsed: as inline content (no paragraphs) or as a block document. */
export type FragmentContext = "inline" | "block";

/** A wikitext body to parse into the wrapper element's children. */
export interface FragmentRequest {
  source: string;
  context: FragmentContext;
  /** Filled before tree building: the parsed nodes. */
  nodes?: import("../dom/node.js").WNode[];
}

export interface ExtensionContext {
  env: GrammarEnv;
  /** Asks for `source` to be parsed as wikitext into the element the returned aux marks. */
  fragment(source: string, context: FragmentContext): FragmentRequest;
}

export interface ExtensionHandler {
  /** Tag names handled (lower-case). */
  readonly names: readonly string[];
  /** Tokens standing for the call in the main token stream. */
  render(call: ExtensionCall, ctx: ExtensionContext): Token[];
}
