import { type DefaultTreeAdapterTypes, defaultTreeAdapter, parse } from "parse5";

/**
 * The small DOM toolkit the normalisers need, over parse5's default tree. The normalisers rewrite
 * trees the way Parsoid's test runner rewrites its DOM (unwrap, merge, insert text), so these
 * helpers mirror those DOM operations.
 */
export type Node = DefaultTreeAdapterTypes.Node;
export type ChildNode = DefaultTreeAdapterTypes.ChildNode;
export type ParentNode = DefaultTreeAdapterTypes.ParentNode;
export type Element = DefaultTreeAdapterTypes.Element;
export type TextNode = DefaultTreeAdapterTypes.TextNode;
export type CommentNode = DefaultTreeAdapterTypes.CommentNode;

export function isElement(node: Node | null | undefined): node is Element {
  return !!node && "tagName" in node;
}

export function isText(node: Node | null | undefined): node is TextNode {
  return !!node && node.nodeName === "#text";
}

export function isComment(node: Node | null | undefined): node is CommentNode {
  return !!node && node.nodeName === "#comment";
}

export function hasChildren(node: Node): node is ParentNode {
  return "childNodes" in node;
}

export function getAttribute(element: Element, name: string): string | null {
  return element.attrs.find((attr) => attr.name === name)?.value ?? null;
}

export function nextSibling(node: ChildNode): ChildNode | null {
  const siblings = node.parentNode?.childNodes;
  if (!siblings) return null;
  return siblings[siblings.indexOf(node) + 1] ?? null;
}

export function previousSibling(node: ChildNode): ChildNode | null {
  const siblings = node.parentNode?.childNodes;
  if (!siblings) return null;
  const index = siblings.indexOf(node);
  return index > 0 ? (siblings[index - 1] ?? null) : null;
}

export function createText(value: string, parent: ParentNode): TextNode {
  return { nodeName: "#text", value, parentNode: parent };
}

/** Inserts `node` into `parent` before `reference` (at the end when reference is null). */
export function insertBefore(parent: ParentNode, node: ChildNode, reference: ChildNode | null): void {
  node.parentNode = parent;
  const index = reference ? parent.childNodes.indexOf(reference) : -1;
  if (index < 0) parent.childNodes.push(node);
  else parent.childNodes.splice(index, 0, node);
}

export function removeChild(parent: ParentNode, node: ChildNode): void {
  const index = parent.childNodes.indexOf(node);
  if (index >= 0) parent.childNodes.splice(index, 1);
  node.parentNode = null;
}

/** Replaces an element by its children, in place. */
export function unwrap(element: Element): void {
  const parent = element.parentNode;
  if (!parent) return;
  const index = parent.childNodes.indexOf(element);
  for (const child of element.childNodes) child.parentNode = parent;
  parent.childNodes.splice(index, 1, ...element.childNodes);
  element.childNodes = [];
  element.parentNode = null;
}

/** DOM `Node.normalize()` on one level: drop empty text nodes, merge adjacent ones. */
export function mergeTextNodes(parent: ParentNode): void {
  const merged: ChildNode[] = [];
  for (const child of parent.childNodes) {
    if (isText(child)) {
      if (child.value === "") continue;
      const last = merged[merged.length - 1];
      if (isText(last)) {
        last.value += child.value;
        continue;
      }
    }
    merged.push(child);
  }
  parent.childNodes = merged;
}

/**
 * Parses an HTML string the way Parsoid's DOMUtils::parseHTML does: anything that does not start
 * with a doctype, <html> or <body> is parsed as body content (so leading <meta>/<link> elements
 * stay in the body instead of moving to <head>). Returns the <body> element.
 */
export function parseBody(html: string): Element {
  const source = /^<(?:!doctype|html|body)/i.test(html) ? html : `<body>${html}`;
  const document = parse(source);
  const htmlElement = document.childNodes.find(isElement);
  const body = htmlElement?.childNodes.find((child) => isElement(child) && child.tagName === "body");
  if (isElement(body)) return body;
  // A frameset document has no body: fall back to an empty one.
  return defaultTreeAdapter.createElement("body", "http://www.w3.org/1999/xhtml" as never, []);
}
