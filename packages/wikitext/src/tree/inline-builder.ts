// Tree construction without parse5 for the token streams most extension bodies are (a
// reference's text, an image caption): text, comments and phrasing elements only, every end tag
// closing the element opened last, no link inside a link. For such a stream the HTML5 "in body"
// rules only nest: nothing is implied, reopened, adopted or fostered, so the tree is the stream's
// nesting. Setting up a parse5 parser (its tokenizer, stacks and lists) cost more than building
// these few-token trees; a corpus page has thousands of them. Any other stream is left to parse5
// (builder.ts); a property test checks that both build the same tree.
import { WComment, WElement } from "../dom/node.js";
import type { Token } from "../tokenizer/tokens.js";
import { tokenStart } from "../tokenizer/tokens.js";
import { appendToTree, elementOfToken, insertTextInTree } from "./adapter.js";
import { closeElement, closeOpenAtEof } from "./closing.js";

const HTML_NS = "http://www.w3.org/1999/xhtml";

/**
 * Elements whose start tag HTML5 inserts at the current node with nothing else happening ("any
 * other start tag" in body), and the formatting elements other than <a> and <nobr> (also put on
 * the list of active formatting elements, which matters only once end tags close them out of
 * order).
 */
const NESTING = new Set([
  "span", "abbr", "bdi", "bdo", "cite", "data", "dfn", "kbd", "mark", "q", "samp", "sub", "sup", "time", "var",
  "b", "big", "code", "em", "font", "i", "s", "small", "strike", "strong", "tt", "u",
]);

/** Void elements inserted where they stand without being opened (br, img, wbr; meta and link by the "in head" rules). */
const VOID = new Set(["br", "img", "wbr", "meta", "link"]);

/**
 * Whether HTML5 tree construction of `tokens` is plain nesting: checked before anything is built
 * (building sets parse data that parse5 would set differently).
 */
function isPlainNesting(tokens: readonly Token[]): boolean {
  const open: string[] = [];
  let linkOpen = false;
  for (let i = 0; i < tokens.length; i++) {
    const tk = tokens[i]!;
    switch (tk.type) {
      case "start":
        if (VOID.has(tk.name)) break;
        if (tk.name === "a") {
          // A link inside a link is closed first by the adoption agency.
          if (linkOpen) return false;
          linkOpen = true;
        } else if (!NESTING.has(tk.name)) return false;
        open.push(tk.name);
        break;
      case "self":
        // A self-closing flag on a non-void element is ignored: it would stay open.
        if (!VOID.has(tk.name)) return false;
        break;
      case "end":
        if (open.length === 0 || open[open.length - 1] !== tk.name) return false;
        open.pop();
        if (tk.name === "a") linkOpen = false;
        break;
      default:
        break;
    }
  }
  return true;
}

/** The tree of `tokens` when it is plain nesting (see above), else null. */
export function buildInlineTree(tokens: readonly Token[], sourceLength: number): WElement | null {
  if (!isPlainNesting(tokens)) return null;
  const root = new WElement("body");
  const open: WElement[] = [];
  let parent = root;
  let currentPos = 0;
  for (let i = 0; i < tokens.length; i++) {
    const tk = tokens[i]!;
    switch (tk.type) {
      case "start":
      case "self": {
        const tsr = tk.dp.tsr;
        if (tsr && tsr[0] >= 0) currentPos = tsr[0];
        // A fresh array per element: the element owns it (passes add attributes to it).
        const el = elementOfToken(tk, tk.attrs.length === 0 ? [] : tk.attrs.slice(), HTML_NS);
        appendToTree(parent, el);
        if (!VOID.has(tk.name)) {
          open.push(parent);
          parent = el;
        }
        break;
      }
      case "end": {
        const tsr = tk.dp.tsr;
        if (tsr && tsr[0] >= 0) currentPos = tsr[0];
        closeElement(parent, tk, currentPos);
        parent = open.pop()!;
        break;
      }
      case "text":
        if (tk.start >= 0) currentPos = tk.start;
        insertText(parent, tk.value);
        break;
      case "nl":
        if (tk.start >= 0) currentPos = tk.start;
        insertText(parent, "\n");
        break;
      case "comment":
        if (tk.start >= 0) currentPos = tk.start;
        appendToTree(parent, new WComment(tk.value));
        break;
      default: {
        const start = tokenStart(tk);
        if (start >= 0) currentPos = start;
        break;
      }
    }
  }
  closeOpenAtEof(root, sourceLength);
  return root;
}

/** Character data as HTML5 inserts it: NUL characters dropped, joined to a text node before it. */
function insertText(parent: WElement, raw: string): void {
  const value = raw.includes("\0") ? raw.replace(/\0/g, "") : raw;
  if (value !== "") insertTextInTree(parent, value);
}
