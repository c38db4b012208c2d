// DOM-level paragraph wrapping (Parsoid's PWrap pass): inline content left directly in <body>
// or <blockquote> after token-level wrapping (e.g. text before a block tag on the same line) is
// wrapped in <p>. Runs made only of whitespace, comments and page properties stay unwrapped, and
// such nodes at the edges of a run stay outside the paragraph.
import { WElement, type WNode } from "../node.js";

/** HTML elements that are blocks for this purpose. */
const BLOCK = new Set([
  "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li",
  "listing", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr",
  "ul", "style", "script", "xmp",
]);

function isBlock(node: WNode): boolean {
  return node.kind === "element" && BLOCK.has(node.name);
}

function isTransparent(node: WNode): boolean {
  if (node.kind === "comment") return true;
  if (node.kind === "text") return /^[ \t\n\r\f]*$/.test(node.value);
  if (node.name === "link" || node.name === "meta") {
    const rel = node.getAttribute("rel") ?? node.getAttribute("property") ?? "";
    return rel.startsWith("mw:PageProp/") || node.name === "meta";
  }
  // An element holding only block content is handled by its own children.
  return false;
}

function wrapRun(parent: WElement, run: WNode[]): void {
  let first = 0;
  let last = run.length - 1;
  while (first <= last && isTransparent(run[first]!)) first++;
  while (last >= first && isTransparent(run[last]!)) last--;
  if (first > last) return;
  const p = new WElement("p");
  p.dp = { autoInsertedStart: true, autoInsertedEnd: true };
  parent.insertBefore(p, run[first]!);
  for (let k = first; k <= last; k++) p.appendChild(run[k]!);
}

function pwrapChildren(parent: WElement): void {
  let run: WNode[] = [];
  for (const child of [...parent.children]) {
    if (isBlock(child)) {
      if (run.length > 0) wrapRun(parent, run);
      run = [];
    } else run.push(child);
  }
  if (run.length > 0) wrapRun(parent, run);
}

export function pwrap(body: WElement): void {
  pwrapChildren(body);
  const stack: WElement[] = [body];
  while (stack.length > 0) {
    const el = stack.pop()!;
    for (const c of el.children) {
      if (c.kind !== "element") continue;
      if (c.name === "blockquote") pwrapChildren(c);
      stack.push(c);
    }
  }
}
