// Lints for rendering that depended on Tidy: pwrap-bug-workaround (a nowrap inline element that
// wraps paragraphs inside a block), misc-tidy-replacement-issues/div-span-flip, and
// tidy-whitespace-bug (Tidy hoisted trailing whitespace out of nowrap elements, giving browsers a
// place to break lines that HTML5 output no longer has).
import type { WElement, WNode } from "../../dom/node.js";
import { WIKITEXT_BLOCK_ELEMS } from "../../util/html-tags.js";
import type { LintContext } from "../context.js";
import { firstNonSepChild, nextSibling, previousSibling, textContent } from "../dom-utils.js";

function hasNoWrapCss(node: WNode): node is WElement {
  return node.kind === "element" && isNoWrap(node.getAttribute("style"), node.getAttribute("class"));
}

/** Whether an element with this style and class attribute keeps its content on one line. */
export function isNoWrap(style: string | null, cls: string | null): boolean {
  if (style !== null && style.includes("nowrap")) return true;
  return cls !== null && cls.includes("nowrap") && /(?:^|\s)nowrap(?:$|\s)/.test(cls);
}

function isWikitextBlock(node: WNode | null): boolean {
  return node !== null && node.kind === "element" && (WIKITEXT_BLOCK_ELEMS.has(node.name) || node.name === "body");
}

/** For an element with nowrap CSS (the walk asks `hasNoWrapCss` once for this check and the next). */
export function checkPWrapBug(ctx: LintContext, el: WElement): void {
  if (isWikitextBlock(el) || !isWikitextBlock(el.parent)) return;
  if (!el.children.some((c) => c.kind === "element" && c.name === "p")) return;
  ctx.add("pwrap-bug-workaround", el.dp?.dsr, { root: el.parent!.name, child: el.name });
}

export function checkDivSpanFlip(ctx: LintContext, el: WElement): void {
  if (el.name !== "span") return;
  const fc = firstNonSepChild(el);
  if (!fc || fc.kind !== "element" || fc.name !== "div") return;
  const styled = (e: WElement) => e.hasAttribute("class") || e.hasAttribute("style");
  if (!styled(el) && !styled(fc)) return;
  ctx.add("misc-tidy-replacement-issues", el.dp?.dsr, { subtype: "div-span-flip" });
}

/** Blocks as HTML5 tree building sees them (they end a line of inline content). */
const HTML_BLOCKS = new Set([
  "address", "article", "aside", "blockquote", "body", "center", "details", "dialog", "dir", "div",
  "dl", "dd", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
  "h5", "h6", "header", "hgroup", "li", "main", "menu", "nav", "ol", "p", "pre", "section",
  "summary", "table", "caption", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
]);

function breaksLine(node: WNode): boolean {
  return node.kind === "element" && (HTML_BLOCKS.has(node.name) || node.name === "hr" || node.name === "br" || node.name === "wbr");
}

const utf8 = new TextEncoder();
const byteLength = (s: string) => utf8.encode(s).length;

interface RunNode {
  node: WNode;
  tidyBug: boolean;
  hasLeadingWs?: boolean;
}

export class TidyWhitespaceCheck {
  private readonly processed = new Set<WNode>();

  constructor(private readonly ctx: LintContext) {}

  /** For an element with nowrap CSS. */
  check(start: WElement): void {
    if (this.processed.has(start)) return;
    // The run of nodes from here up to the first possible line break.
    const run: RunNode[] = [];
    let runLength = 0;
    let haveBug = false;
    let node: WNode | null = start;
    while (node && !breaksLine(node)) {
      if (!hasNoWrapCss(node)) {
        const s = textContent(node);
        const m = /^(\S*)\s/.exec(s);
        if (m) {
          runLength += byteLength(m[1]!);
          run.push({ node, tidyBug: false, hasLeadingWs: /^\s/.test(s) });
          break;
        }
        run.push({ node, tidyBug: false });
        runLength += byteLength(s);
      } else {
        let last: WNode | undefined = node.children[node.children.length - 1];
        for (let i = node.children.length - 1; last && last.kind === "comment"; ) last = node.children[--i];
        const bug = last !== undefined && last.kind === "text" && /\s$/.test(last.value);
        if (bug) haveBug = true;
        run.push({ node, tidyBug: bug });
        runLength += byteLength(textContent(node));
      }
      node = nextSibling(node);
      while (node && node.kind === "comment") node = nextSibling(node);
    }
    for (const r of run) this.processed.add(r.node);
    if (!haveBug) return;
    // Content before the run that has no whitespace break joins it.
    for (let prev = previousSibling(start); prev && !breaksLine(prev); prev = previousSibling(prev)) {
      if (prev.kind === "comment") continue;
      const s = textContent(prev);
      const m = /\s(\S*)$/.exec(s);
      if (m) {
        runLength += byteLength(m[1]!);
        break;
      }
      runLength += byteLength(s);
    }
    if (runLength < this.ctx.settings.tidyWhitespaceBugMaxLength) return;
    for (let i = 0; i < run.length - 1; i++) {
      const r = run[i]!;
      if (!r.tidyBug || run[i + 1]!.hasLeadingWs) continue;
      const sibling = nextSibling(r.node);
      const el = r.node as WElement;
      this.ctx.add("tidy-whitespace-bug", el.dp?.dsr, { node: el.name, sibling: nodeName(sibling) });
    }
  }
}

function nodeName(node: WNode | null): string | null {
  if (!node) return null;
  if (node.kind === "text") return "#text";
  if (node.kind === "comment") return "#comment";
  return node.name;
}
