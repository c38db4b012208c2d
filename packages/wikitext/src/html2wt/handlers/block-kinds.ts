// Which DOM nodes behave as wikitext blocks for separator purposes.
import type { WElement, WNode } from "../../dom/node.js";

const BLOCK_TAGS = new Set([
  "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "li", "dt", "dd", "table", "tbody", "thead",
  "tfoot", "tr", "td", "th", "caption", "pre", "hr", "div", "blockquote", "center", "figure", "section",
  "aside", "body",
]);

export function isBlockElement(node: WNode | null): node is WElement {
  return node !== null && node.kind === "element" && BLOCK_TAGS.has(node.name);
}

export function isListTag(name: string): boolean {
  return name === "ul" || name === "ol" || name === "dl";
}

export function isListItemTag(name: string): boolean {
  return name === "li" || name === "dt" || name === "dd";
}

/** Written with HTML tag syntax in the source (or must be, having no wikitext form). */
export function isHtmlSyntax(el: WElement): boolean {
  return el.dp?.stx === "html";
}

/** Output of a transclusion (the first node of its group carries the type). */
export function isTransclusion(el: WElement): boolean {
  return (el.getAttribute("typeof") ?? "").includes("mw:Transclusion");
}

/** Output of an extension tag (`typeof="mw:Extension/name"`). */
export function isExtensionOutput(el: WElement): boolean {
  return (el.getAttribute("typeof") ?? "").includes("mw:Extension/");
}

/** A category link (`<link rel="mw:PageProp/Category">`). */
export function isCategoryLink(node: WNode | null | undefined): node is WElement {
  return node != null && node.kind === "element" && node.name === "link" && /(?:^|\s)mw:PageProp\/Category(?:\s|$)/.test(node.getAttribute("rel") ?? "");
}

/** Metadata nodes that render nothing: they don't separate paragraphs. */
export function isRenderingTransparent(node: WNode | null): boolean {
  if (node === null) return false;
  if (node.kind === "comment") return true;
  if (node.kind !== "element") return false;
  if (node.name === "link") return true;
  // A transclusion that renders nothing ({{DISPLAYTITLE:...}}) is page metadata too.
  if (node.name === "span" && node.children.length === 0 && isTransclusion(node) && isPagePropertyCall(node)) return true;
  return node.name === "meta" && !isTransclusion(node);
}

/** A transclusion that is a parser function call setting a page property (DISPLAYTITLE...). */
function isPagePropertyCall(el: WElement): boolean {
  const parts = el.mw?.["parts"];
  if (!Array.isArray(parts) || parts.length !== 1) return false;
  const target = (parts[0] as { template?: { target?: { function?: unknown } } } | null)?.template?.target;
  return typeof target?.function === "string" && PAGE_PROPERTY_FUNCTIONS.has(target.function);
}

const PAGE_PROPERTY_FUNCTIONS = new Set(["displaytitle", "defaultsort"]);
