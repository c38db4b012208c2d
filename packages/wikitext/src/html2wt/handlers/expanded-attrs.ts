// Attributes that wikitext with markup produced (typeof mw:ExpandedAttrs): data-mw `attribs` is
// a list of [key, value] pairs, each side plain text (a string or `{txt}`) or, when markup made
// it, the HTML that markup rendered to (`{html}`). Written back, such a side is that HTML
// serialized to wikitext, so a template inside it gives back its {{...}}.
import type { WElement } from "../../dom/node.js";

export interface ExpandedAttr {
  /** HTML of a key that markup produced (`<div {{tpl}}>`: the template wrote "style=..."). */
  keyHtml: string | null;
  /** HTML of a value that markup produced, or null when the value is plain. */
  valueHtml: string | null;
  /** The plain text the value gave, when recorded. */
  valueTxt: string | null;
}

function textField(side: unknown, field: "txt" | "html"): string | null {
  if (side === null || typeof side !== "object") return null;
  const value = (side as Record<string, unknown>)[field];
  return typeof value === "string" ? value : null;
}

/** The data-mw attribs entry of the attribute (or media option) `name`, if markup made it. */
export function expandedAttr(el: WElement, name: string): ExpandedAttr | null {
  const attribs = el.mw?.["attribs"];
  if (!Array.isArray(attribs)) return null;
  for (const entry of attribs as unknown[]) {
    if (!Array.isArray(entry) || entry.length < 2) continue;
    const [key, value] = entry as [unknown, unknown];
    const keyText = typeof key === "string" ? key : textField(key, "txt");
    if (keyText !== name) continue;
    return { keyHtml: textField(key, "html"), valueHtml: textField(value, "html"), valueTxt: textField(value, "txt") };
  }
  return null;
}
