// HTML serialization of the engine's DOM, following the HTML5 fragment serialization rules
// (escaping, void elements written as `<br/>`, raw-text elements, the extra newline after <pre>),
// with data-mw and data-parser written from the nodes' data.
import type { WElement, WNode } from "../dom/node.js";
import { VOID_TAGS } from "../util/html-tags.js";

const RAW_TEXT = new Set(["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"]);

export interface SerializeOptions {
  /** Writes each element's parse data as a data-parser attribute. */
  inlineDataParser: boolean;
}

export function escapeText(value: string): string {
  return value.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

export function escapeAttr(value: string): string {
  return value.replace(/[&"]/g, (c) => (c === "&" ? "&amp;" : "&quot;"));
}

export function serializeChildren(el: WElement, options: SerializeOptions): string {
  const parts: string[] = [];
  for (const child of el.children) serializeNode(child, options, parts);
  return parts.join("");
}

export function serializeElement(el: WElement, options: SerializeOptions): string {
  const parts: string[] = [];
  serializeNode(el, options, parts);
  return parts.join("");
}

/** Iterative (explicit stack) so that deeply nested documents serialize without recursion. */
function serializeNode(root: WNode, options: SerializeOptions, out: string[]): void {
  const stack: Array<WNode | string> = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === "string") {
      out.push(node);
      continue;
    }
    if (node.kind === "text") {
      const parent = node.parent;
      out.push(parent && RAW_TEXT.has(parent.name) ? node.value : escapeText(node.value));
      continue;
    }
    if (node.kind === "comment") {
      out.push(`<!--${node.value}-->`);
      continue;
    }
    let open = `<${node.name}`;
    for (const a of node.attrs) open += ` ${a.name}="${escapeAttr(a.value)}"`;
    if (node.mw) open += ` data-mw="${escapeAttr(JSON.stringify(node.mw))}"`;
    if (options.inlineDataParser && node.dp && Object.keys(node.dp).length > 0) {
      open += ` data-parser="${escapeAttr(JSON.stringify(node.dp))}"`;
    }
    if (VOID_TAGS.has(node.name)) {
      out.push(open + "/>");
      continue;
    }
    out.push(open + ">");
    if (node.name === "pre" || node.name === "textarea" || node.name === "listing") {
      // A newline right after the start tag is dropped by HTML parsers: write one more.
      const first = node.children[0];
      if (first && first.kind === "text" && first.value.startsWith("\n")) out.push("\n");
    }
    stack.push(`</${node.name}>`);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}
