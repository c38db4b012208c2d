// HTML input → the engine's own DOM (WElement), so the serializer has one input type whether
// the HTML came from our wt2html or from another editor. Tree construction is parse5's, driven
// through the engine's tree adapter; per-node data is attached afterwards (see node-data.ts).
import { parse } from "parse5";
import { createAdapter } from "../tree/adapter.js";
import type { WElement } from "../dom/node.js";

/** No wikitext tokens stand behind HTML input: every element's data comes from its attributes. */
const htmlInputAdapter = createAdapter([], { onPop() {} });

/** Parses a document or a body fragment and returns its <body> element. */
export function parseHtmlBody(html: string): WElement {
  const doc = parse(html, { treeAdapter: htmlInputAdapter });
  const root = doc.children.find((c): c is WElement => c.kind === "element" && c.name === "html");
  const body = root?.children.find((c): c is WElement => c.kind === "element" && c.name === "body");
  if (!body) throw new Error("html2wt: the HTML parser produced no <body>");
  body.parent = null;
  return body;
}
