// Where the grammar meets extension tags: a configured tag with a handler becomes the handler's
// tokens; wikitext bodies the handlers ask for are collected per grammar run, to be parsed
// before tree building (see fragment.ts).
import type { Grammar } from "../tokenizer/grammar/state.js";
import { readExtensionCall } from "./call.js";
import { extensionHandlerFor } from "./registry.js";
import { markFinishers } from "./finish.js";
import type { ExtensionContext, FragmentContext, FragmentRequest } from "./types.js";

const requestsByGrammar = new WeakMap<Grammar, FragmentRequest[]>();

/** Tokens for an extension call at grammar token `i`; the next index, or -1 when it is none. */
export function extensionTag(g: Grammar, i: number, to: number, name: string, attrText: string, selfClosed: boolean): number {
  const handler = extensionHandlerFor(g.env.site, name);
  if (!handler) return -1;
  const read = readExtensionCall(g, i, to, name, attrText, selfClosed);
  if (!read) return -1;
  const ctx: ExtensionContext = {
    env: g.env,
    // (Methods, not arrows as properties: under tsx a named arrow costs a defineProperty per call.)
    fragment(source: string | (() => string), context: FragmentContext, offset?: number) {
      return requestFragment(g, source, context, offset);
    },
    finishAfterMedia(tk, finish) {
      tk.aux = { ...tk.aux, finish };
      markFinishers(g.env);
    },
    nodes(nodes) {
      const request = requestFragment(g, "", "inline");
      request.nodes = nodes;
      return request;
    },
  };
  for (const tk of handler.render(read.call, ctx)) g.out.push(tk);
  return read.next;
}

/**
 * Asks for wikitext to be parsed after the grammar run (see fragment.ts); the request goes on
 * the aux of the token that is to receive it.
 */
export function requestFragment(g: Grammar, source: string | (() => string), context: FragmentContext, offset?: number): FragmentRequest {
  const request: FragmentRequest = { source, context };
  if (offset !== undefined) request.offset = offset;
  let list = requestsByGrammar.get(g);
  if (!list) requestsByGrammar.set(g, (list = []));
  list.push(request);
  return request;
}

/** The wikitext bodies a grammar run asked for (empty when none). */
export function fragmentRequests(g: Grammar): FragmentRequest[] {
  return requestsByGrammar.get(g) ?? [];
}
