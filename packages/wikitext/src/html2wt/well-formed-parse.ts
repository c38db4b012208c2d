// A fast parser for well-formed HTML, the kind serializers write (ours, Parsoid's, editors'):
// every element explicitly closed in order, text and attributes escaped, no constructs for
// which HTML5 tree construction would move, imply or drop anything. It builds the same tree
// parse5 builds for such input, several times faster; at the first construct it does not
// handle exactly like HTML5 it gives up (returns null) and the caller falls back to parse5.
import { WComment, WElement, WText, type Attr } from "../dom/node.js";
import { decodeEntity } from "../util/entities.js";
import { VOID_TAGS } from "../util/html-tags.js";

/** Elements whose HTML5 parsing is plain: no implied tags, raw text or foreign content. */
const PLAIN_TAGS = new Set([
  "a", "abbr", "b", "bdi", "bdo", "big", "blockquote", "br", "caption", "center", "cite", "code", "data",
  "dd", "del", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "font", "h1", "h2", "h3", "h4",
  "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "link", "mark", "meta", "ol", "p", "pre", "q", "rb",
  "rp", "rt", "rtc", "ruby", "s", "samp", "section", "small", "span", "strike", "strong", "sub", "sup",
  "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul", "var", "wbr", "audio",
  "video", "source", "track", "aside", "article", "header", "footer", "nav", "main", "address", "abbr",
]);

/** Start tags that close an open <p> (HTML5 "close a p element" in button scope). */
const CLOSES_P = new Set([
  "address", "article", "aside", "blockquote", "center", "dd", "div", "dl", "dt", "figcaption", "figure",
  "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
  "section", "table", "ul",
]);

/** Elements that bound the scopes the checks below look through. */
const SCOPE_BOUNDARY = new Set(["table", "td", "th", "caption", "html", "body"]);

/** What each table-structure element may directly contain (anything else would be moved). */
const TABLE_CHILDREN: Record<string, ReadonlySet<string>> = {
  table: new Set(["caption", "tbody", "thead", "tfoot"]),
  tbody: new Set(["tr"]),
  thead: new Set(["tr"]),
  tfoot: new Set(["tr"]),
  tr: new Set(["td", "th"]),
};
const TABLE_PARENT: Record<string, string[]> = {
  caption: ["table"], tbody: ["table"], thead: ["table"], tfoot: ["table"], tr: ["tbody", "thead", "tfoot"], td: ["tr"], th: ["tr"],
};

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

class GiveUp extends Error {}

function giveUp(): never {
  throw new GiveUp();
}

/** The references serializers write all the time, decoded without a lookup. */
const COMMON_REFERENCES: Record<string, string> = { "&quot;": '"', "&amp;": "&", "&lt;": "<", "&gt;": ">", "&#39;": "'", "&apos;": "'", "&nbsp;": "\u00a0" };

function decodeText(text: string): string {
  let amp = text.indexOf("&");
  if (amp < 0) return text;
  let out = "";
  let pos = 0;
  while (amp >= 0) {
    out += text.slice(pos, amp);
    const semi = text.indexOf(";", amp);
    const ref = semi > amp && semi - amp <= 33 ? text.slice(amp, semi + 1) : "";
    const common = ref === "" ? undefined : COMMON_REFERENCES[ref];
    if (common !== undefined) {
      out += common;
      pos = semi + 1;
    } else if (ref !== "" && /^&(?:#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,7}|[A-Za-z][A-Za-z0-9]*);$/.test(ref)) {
      const decoded = decodeEntity(ref);
      if (decoded === null) giveUp();
      out += decoded;
      pos = semi + 1;
    } else {
      // "&" not starting a complete reference: literal, unless a legacy reference without ";"
      // (decoded by context-dependent rules) could start here.
      if (/^&[A-Za-z#]/.test(text.slice(amp, amp + 2))) giveUp();
      out += "&";
      pos = amp + 1;
    }
    amp = text.indexOf("&", pos);
  }
  return out + text.slice(pos);
}

function inScope(stack: readonly WElement[], name: string, boundary: ReadonlySet<string>): boolean {
  for (let i = stack.length - 1; i >= 0; i--) {
    const n = stack[i]!.name;
    if (n === name) return true;
    if (boundary.has(n)) return false;
  }
  return false;
}

const LIST_ITEM_BOUNDARY = new Set([...SCOPE_BOUNDARY, "ul", "ol"]);
const DEFINITION_BOUNDARY = new Set([...SCOPE_BOUNDARY, "dl"]);

/** How many elements of each name are open: scope scans only run when one could be found. */
type OpenCounts = Map<string, number>;

function isOpen(open: OpenCounts, name: string): boolean {
  return (open.get(name) ?? 0) > 0;
}

function checkStartTag(name: string, stack: readonly WElement[], open: OpenCounts): void {
  const current = stack[stack.length - 1]!;
  const allowed = TABLE_CHILDREN[current.name];
  if (allowed && !allowed.has(name)) giveUp();
  const parents = TABLE_PARENT[name];
  if (parents && !parents.includes(current.name)) giveUp();
  if (CLOSES_P.has(name) && isOpen(open, "p") && inScope(stack, "p", SCOPE_BOUNDARY)) giveUp();
  if (name === "li" && isOpen(open, "li") && inScope(stack, "li", LIST_ITEM_BOUNDARY)) giveUp();
  if ((name === "dd" || name === "dt") && ((isOpen(open, "dd") && inScope(stack, "dd", DEFINITION_BOUNDARY)) || (isOpen(open, "dt") && inScope(stack, "dt", DEFINITION_BOUNDARY)))) giveUp();
  if (HEADINGS.has(name) && HEADINGS.has(current.name)) giveUp();
  if (name === "a" && isOpen(open, "a")) giveUp();
}

const NAME = /[A-Za-z][A-Za-z0-9-]*/y;
const ATTR_NAME = /[^\s"'>/=]+/y;
const UNQUOTED = /[^\s>]+/y;
const SPACE = /[ \t\n\f]*/y;

/** The body content of `html` (a full document or a fragment) as a <body> element, or null. */
export function parseWellFormed(html: string): WElement | null {
  let start = 0;
  let end = html.length;
  const bodyAt = html.search(/<body[\s>]/i);
  if (bodyAt >= 0) {
    start = html.indexOf(">", bodyAt) + 1;
    const close = html.lastIndexOf("</body>");
    if (start === 0 || close < start) return null;
    end = close;
  } else if (/^\s*<(?:!doctype|html|head)[\s>]/i.test(html)) return null;
  if (html.includes("\r") || html.includes("\u0000")) return null;
  try {
    return build(html, start, end);
  } catch (error) {
    if (error instanceof GiveUp) return null;
    throw error;
  }
}

function build(html: string, from: number, to: number): WElement {
  const body = new WElement("body");
  const stack: WElement[] = [body];
  const open: OpenCounts = new Map();
  let pos = from;
  let dropNewline = false;
  const addText = (raw: string): void => {
    let text = raw;
    if (dropNewline) {
      dropNewline = false;
      if (text.startsWith("\n")) text = text.slice(1);
    }
    if (text === "") return;
    const current = stack[stack.length - 1]!;
    if (TABLE_CHILDREN[current.name] && !/^[ \t\n\f]*$/.test(text)) giveUp();
    current.appendChild(new WText(decodeText(text)));
  };
  while (pos < to) {
    const lt = html.indexOf("<", pos);
    const textEnd = lt < 0 || lt >= to ? to : lt;
    if (textEnd > pos) addText(html.slice(pos, textEnd));
    if (textEnd >= to) break;
    pos = lt;
    dropNewline = false;
    if (html.startsWith("<!--", pos)) {
      const close = html.indexOf("-->", pos + 4);
      if (close < 0 || close + 3 > to) giveUp();
      const data = html.slice(pos + 4, close);
      if (data.startsWith(">") || data.startsWith("->") || data.includes("--!")) giveUp();
      stack[stack.length - 1]!.appendChild(new WComment(data));
      pos = close + 3;
      continue;
    }
    if (html[pos + 1] === "/") {
      NAME.lastIndex = pos + 2;
      const m = NAME.exec(html);
      if (!m) giveUp();
      const name = m[0].toLowerCase();
      SPACE.lastIndex = NAME.lastIndex;
      SPACE.exec(html);
      if (html[SPACE.lastIndex] !== ">") giveUp();
      const current = stack[stack.length - 1]!;
      if (stack.length === 1 || current.name !== name) giveUp();
      stack.pop();
      open.set(name, open.get(name)! - 1);
      pos = SPACE.lastIndex + 1;
      continue;
    }
    NAME.lastIndex = pos + 1;
    const m = NAME.exec(html);
    if (!m) giveUp();
    const name = m[0].toLowerCase();
    if (!PLAIN_TAGS.has(name)) giveUp();
    let p = NAME.lastIndex;
    const attrs: Attr[] = [];
    let selfClosing = false;
    for (;;) {
      SPACE.lastIndex = p;
      SPACE.exec(html);
      p = SPACE.lastIndex;
      const c = html[p];
      if (c === ">") {
        p++;
        break;
      }
      if (c === "/" && html[p + 1] === ">") {
        selfClosing = true;
        p += 2;
        break;
      }
      if (c === undefined || p >= to) giveUp();
      ATTR_NAME.lastIndex = p;
      const an = ATTR_NAME.exec(html);
      if (!an) giveUp();
      const attrName = an[0].toLowerCase();
      p = ATTR_NAME.lastIndex;
      SPACE.lastIndex = p;
      SPACE.exec(html);
      let value = "";
      if (html[SPACE.lastIndex] === "=") {
        SPACE.lastIndex += 1;
        SPACE.exec(html);
        p = SPACE.lastIndex;
        const q = html[p];
        if (q === '"' || q === "'") {
          const close = html.indexOf(q, p + 1);
          if (close < 0) giveUp();
          value = decodeText(html.slice(p + 1, close));
          p = close + 1;
        } else {
          UNQUOTED.lastIndex = p;
          const uv = UNQUOTED.exec(html);
          if (!uv || /["'<=`]/.test(uv[0])) giveUp();
          value = decodeText(uv[0]);
          p = UNQUOTED.lastIndex;
        }
      }
      // HTML keeps the first of duplicated attributes.
      if (!attrs.some((a) => a.name === attrName)) attrs.push({ name: attrName, value });
    }
    checkStartTag(name, stack, open);
    const el = new WElement(name, attrs);
    stack[stack.length - 1]!.appendChild(el);
    pos = p;
    if (VOID_TAGS.has(name)) continue;
    // A self-closing slash on a normal element is ignored by HTML: the element stays open.
    if (selfClosing) giveUp();
    stack.push(el);
    open.set(name, (open.get(name) ?? 0) + 1);
    if (name === "pre") dropNewline = true;
  }
  if (stack.length !== 1) giveUp();
  return body;
}
