// HTML kept inside data-mw (an inline image's caption, a templated attribute's value), written as
// Parsoid writes it there: no parse data, and `>` in text as it is (its serializer escapes only
// `&` and `<` in text), so that the string compares equal.
import type { WNode } from "../dom/node.js";
import { escapeText, serializeElement } from "./serialize.js";

const OPTIONS = { inlineDataParser: false };

export function embeddedHtml(nodes: readonly WNode[]): string {
  let html = "";
  for (const n of nodes) {
    if (n.kind === "element") html += serializeElement(n, OPTIONS);
    else if (n.kind === "text") html += escapeText(n.value);
    else html += `<!--${n.value}-->`;
  }
  // Every `&gt;` comes from text: attribute values keep `>` and write `&` as `&amp;`.
  return html.includes("&gt;") ? html.replace(/&gt;/g, ">") : html;
}
