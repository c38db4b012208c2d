import { type ChildNode, type Element, type ParentNode, isComment, isElement, isText } from "./dom.js";

/**
 * Serialises a tree the way Parsoid's test runner does (ContentUtils::toXML): XML-style void
 * elements (`<br/>`), "smart" attribute quoting, raw text for script-like elements. Attributes
 * are sorted by name so that attribute order never decides a comparison.
 */
const VOID_ELEMENTS = new Set([
  "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
  "keygen", "link", "meta", "param", "source", "track", "wbr",
]);

const RAW_TEXT_ELEMENTS = new Set(["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript"]);

/** The HTML parser drops a newline right after these start tags, so one is re-emitted. */
const NEWLINE_STRIPPING_ELEMENTS = new Set(["pre", "textarea", "listing"]);

const ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" };

function encode(text: string, pattern: RegExp): string {
  return text.replace(pattern, (c) => ENTITIES[c] ?? c);
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

/** Single quotes when the value holds double quotes and no more single quotes than those. */
function serializeAttribute(name: string, value: string): string {
  const doubles = count(value, '"');
  if (doubles > 0 && count(value, "'") <= doubles) return ` ${name}='${encode(value, /[<&']/g)}'`;
  return ` ${name}="${encode(value, /[<&"]/g)}"`;
}

function childrenOf(element: Element): ChildNode[] {
  // <template> keeps its children in a separate content fragment.
  const content = (element as Element & { content?: ParentNode }).content;
  return content ? content.childNodes : element.childNodes;
}

function serializeElement(element: Element, out: string[]): void {
  const name = element.tagName;
  out.push(`<${name}`);
  const attributes = [...element.attrs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const attr of attributes) {
    const qualified = attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name;
    out.push(serializeAttribute(qualified, attr.value));
  }
  const children = childrenOf(element);
  if (VOID_ELEMENTS.has(name) && children.length === 0) {
    out.push("/>");
    return;
  }
  out.push(">");
  const first = children[0];
  if (NEWLINE_STRIPPING_ELEMENTS.has(name) && isText(first) && first.value.startsWith("\n")) out.push("\n");
  if (RAW_TEXT_ELEMENTS.has(name)) {
    for (const child of children) if (isText(child)) out.push(child.value);
  } else {
    for (const child of children) serializeNode(child, out);
  }
  out.push(`</${name}>`);
}

function serializeNode(node: ChildNode, out: string[]): void {
  if (isElement(node)) serializeElement(node, out);
  else if (isText(node)) out.push(encode(node.value, /[<&>]/g));
  else if (isComment(node)) out.push(`<!--${node.data}-->`);
}

/** The serialisation of a node's children (innerXML). */
export function serializeChildren(parent: ParentNode): string {
  const out: string[] = [];
  for (const child of isElement(parent as ChildNode) ? childrenOf(parent as Element) : parent.childNodes) {
    serializeNode(child, out);
  }
  return out.join("");
}
