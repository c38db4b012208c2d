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

const TEXT_SPECIAL = /[&<>]/;
const ATTR_SPECIAL = /[&"]/;

export function escapeText(value: string): string {
  if (!TEXT_SPECIAL.test(value)) return value;
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function escapeAttr(value: string): string {
  if (!ATTR_SPECIAL.test(value)) return value;
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

export function serializeChildren(el: WElement, options: SerializeOptions): string {
  let html = "";
  for (const child of el.children) html += serializeNode(child, options);
  return html;
}

export function serializeElement(el: WElement, options: SerializeOptions): string {
  return serializeNode(el, options);
}

const closeTags = new Map<string, string>();
function closeTag(name: string): string {
  let tag = closeTags.get(name);
  if (tag === undefined) {
    tag = `</${name}>`;
    closeTags.set(name, tag);
  }
  return tag;
}

function hasData(dp: Record<string, unknown>): boolean {
  for (const key in dp) if (dp[key] !== undefined) return true;
  return false;
}

/**
 * ` name="value"`. Values holding `"` but no `'` (JSON in data-mw and data-parser) are written
 * in single quotes, as Parsoid does: valid HTML, and no escaping of every quote.
 */
function attribute(name: string, value: string): string {
  if (value.includes('"') && !value.includes("'")) {
    return " " + name + "='" + (value.includes("&") ? value.replace(/&/g, "&amp;") : value) + "'";
  }
  return " " + name + '="' + escapeAttr(value) + '"';
}

function openTag(node: WElement, options: SerializeOptions): string {
  let open = "<" + node.name;
  const attrs = node.attrs;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    open += attribute(a.name, a.value);
  }
  if (node.mw) open += attribute("data-mw", JSON.stringify(node.mw));
  if (options.inlineDataParser && node.dp && hasData(node.dp)) {
    open += attribute("data-parser", JSON.stringify(node.dp));
  }
  return open;
}

/** Iterative (explicit stack) so that deeply nested documents serialize without recursion. */
function serializeNode(root: WNode, options: SerializeOptions): string {
  let html = "";
  const stack: Array<WNode | string> = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === "string") {
      html += node;
      continue;
    }
    if (node.kind === "text") {
      const parent = node.parent;
      html += parent && RAW_TEXT.has(parent.name) ? node.value : escapeText(node.value);
      continue;
    }
    if (node.kind === "comment") {
      html += "<!--" + node.value + "-->";
      continue;
    }
    const open = openTag(node, options);
    if (VOID_TAGS.has(node.name)) {
      html += open + "/>";
      continue;
    }
    html += open + ">";
    const children = node.children;
    if (node.name === "pre" || node.name === "textarea" || node.name === "listing") {
      // A newline right after the start tag is dropped by HTML parsers: write one more.
      const first = children[0];
      if (first && first.kind === "text" && first.value.charCodeAt(0) === 10) html += "\n";
    }
    if (children.length === 1 && children[0]!.kind === "text") {
      // The common leaf case without a round trip through the stack.
      const only = children[0] as { value: string };
      html += (RAW_TEXT.has(node.name) ? only.value : escapeText(only.value)) + closeTag(node.name);
      continue;
    }
    stack.push(closeTag(node.name));
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return html;
}
