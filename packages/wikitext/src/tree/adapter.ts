// parse5 tree adapter that builds the engine's own DOM. Tag tokens are handed to parse5 with
// their own attribute arrays, each carrying its token under a symbol: the element created first
// for the token takes its parse data, and any later element created from the same array is a
// copy that tree construction made (a reopened formatting element).
import type { TreeAdapter, TreeAdapterTypeMap, Token as P5Token } from "parse5";
import { html } from "parse5";
import { WElement, WText, WComment, detach, type WNode, type Attr } from "../dom/node.js";
import type { StartTagTk, SelfClosingTk } from "../tokenizer/tokens.js";

/** Formatting elements that HTML5 tree construction reopened (copies of an earlier element). */
export const reopenedFormatting = new WeakSet<WElement>();

export type WTypes = TreeAdapterTypeMap<WNode, WElement, WNode, WElement, WElement, WElement, WComment, WText, WElement, WElement>;

/** Hooks the builder uses to learn when elements are closed (for source ranges). */
export interface BuildHooks {
  onPop(el: WElement): void;
}

/** Property under which a token's attribute array carries its token (read by createElement). */
export const TOKEN_OF = Symbol("wikiloom.token");

export type TokenAttrs = P5Token.Attribute[] & { [TOKEN_OF]?: StartTagTk | SelfClosingTk };

/**
 * The adapter as a class: its methods live on one prototype, so parse5's calls through
 * `treeAdapter.x(...)` always reach the same functions and stay monomorphic across documents (an
 * object literal of fresh closures per document made those call sites megamorphic).
 */
class EngineTreeAdapter implements TreeAdapter<WTypes> {
  private readonly seen = new WeakSet<object>();
  constructor(private readonly hooks: BuildHooks) {}

  createDocument(): WElement {
    return new WElement("#document");
  }
  createDocumentFragment(): WElement {
    return new WElement("#document-fragment");
  }
  createElement(tagName: string, namespaceURI: html.NS, attrs: P5Token.Attribute[]): WElement {
    const tk = (attrs as TokenAttrs)[TOKEN_OF];
    if (tk && !this.seen.has(attrs)) {
      // The element of this token: it owns the token's attributes and parse data.
      this.seen.add(attrs);
      const el = new WElement(tagName, attrs as Attr[], namespaceURI);
      el.dp = tk.dp;
      if (tk.mw) el.mw = tk.mw;
      if (tk.aux) el.aux = tk.aux;
      return el;
    }
    const copy: Attr[] = attrs.map((a) => ({ name: a.name, value: a.value }));
    const el = new WElement(tagName, copy, namespaceURI);
    el.dp = { autoInsertedStart: true };
    if (tk) reopenedFormatting.add(el);
    return el;
  }
  createCommentNode(data: string): WComment {
    return new WComment(data);
  }
  createTextNode(value: string): WText {
    return new WText(value);
  }
  appendChild(parent: WElement, node: WNode): void {
    parent.appendChild(node);
  }
  insertBefore(parent: WElement, node: WNode, ref: WNode): void {
    parent.insertBefore(node, ref);
  }
  setTemplateContent(template: WElement, content: WElement): void {
    for (const c of [...content.children]) template.appendChild(c);
  }
  getTemplateContent(template: WElement): WElement {
    return template;
  }
  setDocumentType(): void {}
  setDocumentMode(): void {}
  getDocumentMode(): html.DOCUMENT_MODE {
    return html.DOCUMENT_MODE.NO_QUIRKS;
  }
  detachNode(node: WNode): void {
    detach(node);
  }
  insertText(parent: WElement, value: string): void {
    const last = parent.children[parent.children.length - 1];
    if (last && last.kind === "text") last.value += value;
    else parent.appendChild(new WText(value));
  }
  insertTextBefore(parent: WElement, value: string, ref: WNode): void {
    const i = parent.children.indexOf(ref);
    const prev = i > 0 ? parent.children[i - 1] : undefined;
    if (prev && prev.kind === "text") prev.value += value;
    else parent.insertBefore(new WText(value), ref);
  }
  adoptAttributes(recipient: WElement, attrs: P5Token.Attribute[]): void {
    for (const a of attrs) {
      if (!recipient.hasAttribute(a.name)) recipient.setAttribute(a.name, a.value);
    }
  }
  getFirstChild(node: WElement): WNode | null {
    return node.children[0] ?? null;
  }
  getChildNodes(node: WElement): WNode[] {
    return node.children;
  }
  getParentNode(node: WNode): WElement | null {
    return node.parent;
  }
  getAttrList(el: WElement): Attr[] {
    return el.attrs;
  }
  getTagName(el: WElement): string {
    return el.name;
  }
  getNamespaceURI(el: WElement): html.NS {
    return el.namespace as html.NS;
  }
  getTextNodeContent(node: WText): string {
    return node.value;
  }
  getCommentNodeContent(node: WComment): string {
    return node.value;
  }
  getDocumentTypeNodeName(): string {
    return "html";
  }
  getDocumentTypeNodePublicId(): string {
    return "";
  }
  getDocumentTypeNodeSystemId(): string {
    return "";
  }
  isTextNode(node: WNode): node is WText {
    return node.kind === "text";
  }
  isCommentNode(node: WNode): node is WComment {
    return node.kind === "comment";
  }
  isDocumentTypeNode(_node: WNode): _node is WElement {
    return false;
  }
  isElementNode(node: WNode): node is WElement {
    return node.kind === "element";
  }
  setNodeSourceCodeLocation(): void {}
  getNodeSourceCodeLocation(): undefined {
    return undefined;
  }
  updateNodeSourceCodeLocation(): void {}
  onItemPop(item: WElement): void {
    this.hooks.onPop(item);
  }
}

export function createAdapter(hooks: BuildHooks): TreeAdapter<WTypes> {
  return new EngineTreeAdapter(hooks);
}
