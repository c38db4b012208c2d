// parse5 tree adapter that builds the engine's own DOM. The builder announces each tag token
// right before handing it to parse5 (expectToken): the element created from that token's
// attribute array is the token's own and takes its parse data. Any other element is either one
// parse5 invented (an implied tbody, tr, p...) or, when it is a formatting element, a copy of an
// earlier one that tree construction reopened (its attributes are that earlier token's array).
// Plain attribute arrays (no marker property on them) keep every element's attrs one array shape.
import type { TreeAdapter, TreeAdapterTypeMap, Token as P5Token } from "parse5";
import { html } from "parse5";
import { WElement, WText, WComment, detach, type WNode, type Attr } from "../dom/node.js";
import type { StartTagTk, SelfClosingTk } from "../tokenizer/tokens.js";
import { FORMATTING_ELEMS } from "../util/html-tags.js";

/** Formatting elements that HTML5 tree construction reopened (copies of an earlier element). */
export const reopenedFormatting = new WeakSet<WElement>();

/**
 * The attribute arrays of formatting elements written as HTML tags ("<b>", not wikitext quotes):
 * a copy tree construction makes of one is HTML syntax too, its tags both implied (Parsoid's
 * copies keep the original's stx), so html2wt writes no tags for it and its content stays where
 * the source had it.
 */
const htmlFormattingAttrs = new WeakSet<P5Token.Attribute[]>();

export type WTypes = TreeAdapterTypeMap<WNode, WElement, WNode, WElement, WElement, WElement, WComment, WText, WElement, WElement>;

/** Hooks the builder uses to learn when elements are closed (for source ranges). */
export interface BuildHooks {
  onPop(el: WElement): void;
}

/**
 * The adapter as a class: its methods live on one prototype, so parse5's calls through
 * `treeAdapter.x(...)` always reach the same functions and stay monomorphic across documents (an
 * object literal of fresh closures per document made those call sites megamorphic).
 */
class EngineTreeAdapter implements TreeAdapter<WTypes> {
  /** The token being handed to parse5 and the attribute array that stands for it. */
  private pendingToken: StartTagTk | SelfClosingTk | null = null;
  private pendingAttrs: P5Token.Attribute[] | null = null;
  /** Whether wikitext tokens drive this tree (html2wt's HTML input has none). */
  private tokenDriven = false;
  /**
   * Source range of the run of text tokens handed to parse5 last (the builder keeps it): HTML5
   * collects text inside a table and fosters it only when the next other token comes, so text
   * fostered then is that run.
   */
  textRunStart = -1;
  textRunEnd = -1;
  /** What tree construction foster-parented out of tables, in order (null until something is). */
  fostered: FosteredRecord | null = null;
  constructor(private readonly hooks: BuildHooks) {}

  /** The start tag parse5 gets next carries `attrs`, which the token's element will own. */
  expectToken(tk: StartTagTk | SelfClosingTk, attrs: P5Token.Attribute[]): void {
    this.pendingToken = tk;
    this.pendingAttrs = attrs;
    this.tokenDriven = true;
  }

  /** Whether tree construction ignored the token last expected (made no element of it). */
  ignored(tk: StartTagTk | SelfClosingTk): boolean {
    return this.pendingToken === tk;
  }

  createDocument(): WElement {
    return new WElement("#document");
  }
  createDocumentFragment(): WElement {
    return new WElement("#document-fragment");
  }
  createElement(tagName: string, namespaceURI: html.NS, attrs: P5Token.Attribute[]): WElement {
    const tk = this.pendingToken;
    if (tk !== null && attrs === this.pendingAttrs) {
      this.pendingToken = null;
      this.pendingAttrs = null;
      if (FORMATTING_ELEMS.has(tagName) && tk.dp.stx === "html") htmlFormattingAttrs.add(attrs);
      return elementOfToken(tk, attrs as Attr[], namespaceURI);
    }
    const copy: Attr[] = [];
    for (let i = 0; i < attrs.length; i++) copy.push({ name: attrs[i]!.name, value: attrs[i]!.value });
    const el = new WElement(tagName, copy, namespaceURI);
    // Only formatting elements are ever recreated from an earlier token (the list of active
    // formatting elements holds nothing else; the elements parse5 invents are never among them).
    const formatting = FORMATTING_ELEMS.has(tagName);
    el.dp = formatting && htmlFormattingAttrs.has(attrs) ? { stx: "html", autoInsertedStart: true } : { autoInsertedStart: true };
    if (this.tokenDriven && formatting) reopenedFormatting.add(el);
    return el;
  }
  createCommentNode(data: string): WComment {
    return new WComment(data);
  }
  createTextNode(value: string): WText {
    return new WText(value);
  }
  appendChild(parent: WElement, node: WNode): void {
    appendToTree(parent, node);
  }
  // parse5 inserts before a node only when foster-parenting: `ref` is the table.
  insertBefore(parent: WElement, node: WNode, ref: WNode): void {
    parent.insertBefore(node, ref);
    if (this.tokenDriven) (this.fostered ??= new FosteredRecord()).nodes.push(node);
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
    insertTextInTree(parent, value);
  }
  // Only for foster-parented text (`ref` is the table). It joins text fostered right before it,
  // never text that stood before the table: Parsoid keeps fostered content apart (its foster box).
  // (HTML input, for html2wt, has no sources to keep apart: text joins its neighbour as in HTML5.)
  insertTextBefore(parent: WElement, value: string, ref: WNode): void {
    const i = parent.children.indexOf(ref);
    const prev = i > 0 ? parent.children[i - 1] : undefined;
    if (!this.tokenDriven) {
      if (prev && prev.kind === "text") prev.value += value;
      else parent.insertBefore(new WText(value), ref);
      return;
    }
    const record = (this.fostered ??= new FosteredRecord());
    const known = prev && prev.kind === "text" ? record.texts.get(prev) : undefined;
    if (known && prev && prev.kind === "text") {
      prev.value += value;
      if (this.textRunEnd > known[1]) known[1] = this.textRunEnd;
      if (this.textRunStart >= 0 && (known[0] < 0 || this.textRunStart < known[0])) known[0] = this.textRunStart;
      return;
    }
    const text = new WText(value);
    parent.insertBefore(text, ref);
    record.nodes.push(text);
    record.texts.set(text, [this.textRunStart, this.textRunEnd]);
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

/** Foster-parented nodes and the source range of each fostered text. */
export class FosteredRecord {
  readonly nodes: WNode[] = [];
  readonly texts = new Map<WText, [number, number]>();
}

/** The element of a tag token: it owns the token's attributes (`attrs`, a copy) and parse data. */
export function elementOfToken(tk: StartTagTk | SelfClosingTk, attrs: Attr[], namespaceURI: string): WElement {
  const el = new WElement(tk.name, attrs, namespaceURI);
  el.dp = tk.dp;
  if (tk.mw) el.mw = tk.mw;
  if (tk.aux) el.aux = tk.aux;
  return el;
}

/** Text at the end of `parent`: it joins a text node standing there, as HTML5 inserts it. */
export function insertTextInTree(parent: WElement, value: string): void {
  const last = parent.children[parent.children.length - 1];
  if (last && last.kind === "text") last.value += value;
  else appendToTree(parent, new WText(value));
}

/**
 * appendChild during tree construction, where nothing holds on to a child list: an element's
 * first and second child get a list of exactly one and two slots. A push onto a full list
 * reserves 16 slots more (17 for the first child, 19 for the second), and most elements keep one
 * or two children (a link's text, a list item's line, text and the next tag in nested inline
 * markup) for the whole conversion.
 */
export function appendToTree(parent: WElement, node: WNode): void {
  detach(node);
  node.parent = parent;
  const kids = parent.children;
  if (kids.length === 0) parent.children = [node];
  else if (kids.length === 1) parent.children = [kids[0]!, node];
  else kids.push(node);
}

export type EngineAdapter = TreeAdapter<WTypes> & {
  expectToken(tk: StartTagTk | SelfClosingTk, attrs: P5Token.Attribute[]): void;
  ignored(tk: StartTagTk | SelfClosingTk): boolean;
  textRunStart: number;
  textRunEnd: number;
  fostered: FosteredRecord | null;
};

export function createAdapter(hooks: BuildHooks): EngineAdapter {
  return new EngineTreeAdapter(hooks);
}
