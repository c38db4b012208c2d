// HTML input → the engine's own DOM (WElement), so the serializer has one input type whether
// the HTML came from our wt2html or from another editor. Tree construction is parse5's, driven
// through the engine's tree adapter; per-node data is attached afterwards (see node-data.ts).
import { html as p5html, parse, parseFragment } from "parse5";
import type { TreeAdapter } from "parse5";
import { createAdapter, type WTypes } from "../tree/adapter.js";
import { WElement } from "../dom/node.js";
import { parseWellFormed } from "./well-formed-parse.js";

/**
 * The engine's tree adapter, with no wikitext tokens behind the elements (their data comes from
 * their attributes). Its factory is being reshaped by the engine's authors (a token map first,
 * or the hooks only): both shapes are accepted until it settles.
 */
export const htmlInputAdapter: TreeAdapter<WTypes> = (() => {
  const hooks = { onPop() {} };
  const factory = createAdapter as unknown as (...args: unknown[]) => TreeAdapter<WTypes>;
  return factory.length >= 2 ? factory(new Map(), hooks) : factory(hooks);
})();

/**
 * Parses HTML into a <body> element. A full document is parsed as such; anything else is body
 * content (parsed in body context so that leading <link>/<meta> and comments stay in place).
 */
export function parseHtmlBody(html: string): WElement {
  // Serializer-written HTML takes the fast path; anything HTML5 would repair goes to parse5.
  const fast = parseWellFormed(html);
  if (fast) return fast;
  if (/^\s*(?:<!--[\s\S]*?-->\s*)*(?:<!doctype|<html[\s>])/i.test(html)) {
    const doc = parse(html, { treeAdapter: htmlInputAdapter });
    const root = doc.children.find((c): c is WElement => c.kind === "element" && c.name === "html");
    const body = root?.children.find((c): c is WElement => c.kind === "element" && c.name === "body");
    if (body) {
      body.parent = null;
      return body;
    }
  }
  return parseHtmlFragment(html, "body");
}

/**
 * Parses a fragment as the content of an element named `contextName` (so that "<td>..." parses
 * as a cell in a row context) and returns a detached element holding the result.
 */
export function parseHtmlFragment(html: string, contextName: string): WElement {
  const context = htmlInputAdapter.createElement(contextName, p5html.NS.HTML, []);
  const fragment = parseFragment(context, html, { treeAdapter: htmlInputAdapter });
  const holder = new WElement(contextName);
  for (const c of [...fragment.children]) holder.appendChild(c);
  return holder;
}
