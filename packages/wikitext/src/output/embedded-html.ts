// HTML kept inside data-mw (an inline image's caption, a templated attribute's value), written as
// Parsoid writes it there, so that the string compares equal: no parse data; text escapes only
// `&` and `<`; an attribute value holding `"` (JSON) is single-quoted with `'` as `&apos;`, any
// other double-quoted with `"` as `&quot;`.
import type { WElement, WNode } from "../dom/node.js";
import { VOID_TAGS } from "../util/html-tags.js";

const RAW_TEXT = new Set(["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"]);

function text(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;");
}

function attribute(name: string, value: string): string {
  // Parsoid's serializer escapes "<" in attribute values too (a template's wikitext in data-mw).
  let escaped = value.replace(/&/g, "&amp;");
  if (escaped.includes("<")) escaped = escaped.replace(/</g, "&lt;");
  if (value.includes('"')) return ` ${name}='${escaped.replace(/'/g, "&apos;")}'`;
  return ` ${name}="${escaped}"`;
}

/** Iterative: content can nest deeply. */
function element(root: WElement, dataParser: boolean): string {
  let html = "";
  const stack: Array<WNode | string> = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === "string") {
      html += node;
      continue;
    }
    if (node.kind === "text") {
      html += node.parent && RAW_TEXT.has(node.parent.name) ? node.value : text(node.value);
      continue;
    }
    if (node.kind === "comment") {
      html += `<!--${node.value}-->`;
      continue;
    }
    html += `<${node.name}`;
    for (const a of node.attrs) html += attribute(a.name, a.value);
    if (node.mw) html += attribute("data-mw", JSON.stringify(node.mw));
    if (dataParser && node.dp) {
      const json = JSON.stringify(node.dp);
      if (json !== "{}") html += attribute("data-parser", json);
    }
    if (VOID_TAGS.has(node.name)) {
      html += "/>";
      continue;
    }
    html += ">";
    stack.push(`</${node.name}>`);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return html;
}

/**
 * `dataParser`: with each element's parse data, for HTML that html2wt reads back (a language
 * variant's texts, where Parsoid keeps data-parsoid too).
 */
export function embeddedHtml(nodes: readonly WNode[], dataParser = false): string {
  let html = "";
  for (const n of nodes) {
    if (n.kind === "element") html += element(n, dataParser);
    else if (n.kind === "text") html += text(n.value);
    else html += `<!--${n.value}-->`;
  }
  return html;
}

/** Text as embedded HTML writes it. */
export function embeddedText(value: string): string {
  return text(value);
}
