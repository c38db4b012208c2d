// parse5 tree adapter that builds the engine's own DOM. Tag tokens reach parse5 with one
// private attribute naming their index in the token table, so every element (including the
// copies the adoption agency makes) finds its parse data; the attribute never reaches the DOM.
import type { TreeAdapter, TreeAdapterTypeMap, Token as P5Token } from "parse5";
import { html } from "parse5";
import { WElement, WText, WComment, detach, type WNode, type Attr } from "../dom/node.js";
import type { StartTagTk, SelfClosingTk } from "../tokenizer/tokens.js";

export const TOKEN_ATTR = "data-wl-token";

/** Formatting elements that HTML5 tree construction reopened (copies of an earlier element). */
export const reopenedFormatting = new WeakSet<WElement>();

export type WTypes = TreeAdapterTypeMap<WNode, WElement, WNode, WElement, WElement, WElement, WComment, WText, WElement, WElement>;

/** Hooks the builder uses to learn when elements are closed (for source ranges). */
export interface BuildHooks {
  onPop(el: WElement): void;
}

export function createAdapter(tokens: ReadonlyArray<StartTagTk | SelfClosingTk>, hooks: BuildHooks): TreeAdapter<WTypes> {
  const seen = new Set<number>();
  const adapter: TreeAdapter<WTypes> = {
    createDocument: () => new WElement("#document"),
    createDocumentFragment: () => new WElement("#document-fragment"),
    createElement(tagName: string, namespaceURI: html.NS, attrs: P5Token.Attribute[]): WElement {
      const own: Attr[] = [];
      let tokenIndex = -1;
      for (const a of attrs) {
        if (a.name === TOKEN_ATTR) tokenIndex = Number(a.value);
        else own.push({ name: a.name, value: a.value });
      }
      const el = new WElement(tagName, own, namespaceURI);
      const tk = tokenIndex >= 0 ? tokens[tokenIndex] : undefined;
      if (tk) {
        if (seen.has(tokenIndex)) {
          // A copy made by tree construction (formatting elements reopened after misnesting).
          el.dp = { autoInsertedStart: true };
          reopenedFormatting.add(el);
        } else {
          seen.add(tokenIndex);
          el.dp = tk.dp;
          if (tk.mw) el.mw = tk.mw;
          if (tk.type === "start" && tk.aux) el.aux = tk.aux;
        }
      } else {
        el.dp = { autoInsertedStart: true };
      }
      return el;
    },
    createCommentNode: (data: string) => new WComment(data),
    createTextNode: (value: string) => new WText(value),
    appendChild(parent: WElement, node: WNode) {
      parent.appendChild(node);
    },
    insertBefore(parent: WElement, node: WNode, ref: WNode) {
      parent.insertBefore(node, ref);
    },
    setTemplateContent(template: WElement, content: WElement) {
      for (const c of [...content.children]) template.appendChild(c);
    },
    getTemplateContent: (template: WElement) => template,
    setDocumentType() {},
    setDocumentMode() {},
    getDocumentMode: () => html.DOCUMENT_MODE.NO_QUIRKS,
    detachNode(node: WNode) {
      detach(node);
    },
    insertText(parent: WElement, value: string) {
      const last = parent.children[parent.children.length - 1];
      if (last && last.kind === "text") last.value += value;
      else parent.appendChild(new WText(value));
    },
    insertTextBefore(parent: WElement, value: string, ref: WNode) {
      const i = parent.children.indexOf(ref);
      const prev = i > 0 ? parent.children[i - 1] : undefined;
      if (prev && prev.kind === "text") prev.value += value;
      else parent.insertBefore(new WText(value), ref);
    },
    adoptAttributes(recipient: WElement, attrs: P5Token.Attribute[]) {
      for (const a of attrs) {
        if (a.name !== TOKEN_ATTR && !recipient.hasAttribute(a.name)) recipient.setAttribute(a.name, a.value);
      }
    },
    getFirstChild: (node: WElement) => node.children[0] ?? null,
    getChildNodes: (node: WElement) => node.children,
    getParentNode: (node: WNode) => node.parent,
    getAttrList: (el: WElement) => el.attrs,
    getTagName: (el: WElement) => el.name,
    getNamespaceURI: (el: WElement) => el.namespace as html.NS,
    getTextNodeContent: (node: WText) => node.value,
    getCommentNodeContent: (node: WComment) => node.value,
    getDocumentTypeNodeName: () => "html",
    getDocumentTypeNodePublicId: () => "",
    getDocumentTypeNodeSystemId: () => "",
    isTextNode: (node: WNode): node is WText => node.kind === "text",
    isCommentNode: (node: WNode): node is WComment => node.kind === "comment",
    isDocumentTypeNode: (_node: WNode): _node is WElement => false,
    isElementNode: (node: WNode): node is WElement => node.kind === "element",
    setNodeSourceCodeLocation() {},
    getNodeSourceCodeLocation: () => undefined,
    updateNodeSourceCodeLocation() {},
    onItemPop(item: WElement) {
      hooks.onPop(item);
    },
  };
  return adapter;
}
