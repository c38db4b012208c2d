// Lints for what HTML5 tree building had to repair: self-closed non-void tags, missing end tags
// (with the special cases misnested-tag, html5-misnesting, missing-end-tag-in-heading,
// unclosed-quotes-in-heading and multiple-unclosed-formatting-tags). The decision procedure is
// Parsoid's: an element closed without its own end tag is "misnested" when its content continues
// in a reopened copy (or its end tag comes right after it), "html5-misnesting" when Tidy and
// HTML5 disagree about the tag across a paragraph break, and a plain missing end tag otherwise.
import type { WElement, WNode } from "../../dom/node.js";
import { FORMATTING_ELEMS, VOID_TAGS } from "../../util/html-tags.js";
import type { LintContext } from "../context.js";
import type { StrippedEndTags } from "../end-tags.js";
import { groupAt } from "../transclusions.js";
import { isExtLink } from "./links.js";
import type { Dsr } from "../../dom/data-parser.js";
import {
  atTheTop,
  firstNonSepChild,
  isLiteralHtml,
  isReopenedCopy,
  nextNonSepSibling,
} from "../dom-utils.js";

/**
 * Tags that Tidy carried across paragraph breaks and HTML5 does not: the allowed inline tags that
 * are neither formatting nor void elements (the 22 tags Parsoid derives).
 */
const CHANGED_MISNESTING_TAGS = new Set([
  "abbr", "bdi", "bdo", "cite", "data", "del", "dfn", "ins", "kbd", "mark", "q", "rb", "rp", "rt",
  "rtc", "ruby", "samp", "span", "sub", "sup", "time", "var",
]);

/** Elements whose end tag HTML allows to leave out. */
const END_TAG_OPTIONAL = new Set(["tr", "td", "th", "li"]);

export class TreeBuilderChecks {
  /** Reopened copies already explained by a misnested-tag lint. */
  private readonly linted = new Set<WElement>();
  /** Nearest heading and table ancestors, memoized: open formatting can nest thousands deep. */
  private readonly headings = new Map<WElement, WElement | null>();
  private readonly tables = new Map<WElement, boolean>();

  constructor(
    private readonly ctx: LintContext,
    private readonly stripped: StrippedEndTags,
    /** Heading lines whose quotes checks/heading-quotes.ts decided from the source (line starts). */
    private readonly decidedHeadings: ReadonlySet<number> = new Set(),
  ) {}

  /**
   * Whether an HTML element was written in the output of a transclusion inside an extension body
   * (a <ref>'s template): its dsr starts at the call with no tag widths, since its tags are not
   * on the page, but its start tag was written (by the template) unless tree building made it.
   */
  private fromBodyTransclusion(el: WElement, dsr: Dsr): boolean {
    return this.ctx.transclusionGroups.length > 0 && el.dp?.autoInsertedStart !== true && !isReopenedCopy(el) && this.inBodyTransclusion(dsr);
  }

  /** Whether a dsr lies in a transclusion encapsulated inside an extension body. */
  private inBodyTransclusion(dsr: Dsr | undefined): boolean {
    const groups = this.ctx.transclusionGroups;
    return dsr !== undefined && groups.length > 0 && !this.ctx.domTransclusions && groupAt(groups, dsr[0]) !== null;
  }

  check(el: WElement): void {
    const dp = el.dp;
    const dsr = dp?.dsr;
    const name = el.name;
    if (!dp || !dsr || VOID_TAGS.has(name) || name === "tbody") return;
    // Only tags written as HTML and quotes are repaired by tree building (and wikitext tables
    // left open); extension output (e.g. <pre> as an extension) encapsulates its whole source.
    const stx = dp.stx;
    const html = stx === "html";
    if (!html && name !== "b" && name !== "i") {
      if (name === "table" && stx === "wikitext" && !isExtensionOutput(el)) this.checkWikitextTable(el);
      return;
    }
    // Quotes that a wiki link cut out of an external link's text (tree building closes the
    // external link there) are reported by that cut, wikilink-in-extlink.
    if (!html && isCutExtLinkEnd(el)) return;
    // An HTML element a template wrote inside an extension body (a <ref>'s template): no record
    // of its tags exists (the records are the page's) and its dsr has no tag widths, so the
    // tree's own flags decide; its lints are attributed to the transclusion.
    const fromBodyTemplate = html && dsr[2] === 0 && this.fromBodyTransclusion(el, dsr);
    // A self-closed tag is linted from the tokenizer's records (checks/self-closed.ts); copies of
    // it that tree building reopened are checked like any other element.
    if (dp.selfClose && !isReopenedCopy(el)) {
      if (fromBodyTemplate && name !== "pre" && !this.ctx.site.isExtensionTag(name) && !this.explained(el)) this.ctx.add("self-closed-tag", dsr, { name });
      return;
    }
    const closedImplicitly = fromBodyTemplate ? dp.autoInsertedEnd === true : html ? dp.autoInsertedEnd === true || this.openAtEnd(el) : dsr[3] === 0 && !isReopenedCopy(el);
    // (Most elements were closed by their own end tags: the searches below are for the rest.)
    if (!closedImplicitly || !(dsr[2] > 0 || fromBodyTemplate) || this.explained(el)) return;
    const range = this.implicitRange(el);
    const params: Record<string, unknown> = { name };
    if (html && CHANGED_MISNESTING_TAGS.has(name) && this.hasMisnestableContent(el, name) && !hasIdenticalNestedTag(el, name)) {
      this.ctx.add("html5-misnesting", range, params);
      return;
    }
    const heading = el.parent ? this.headingAncestor(el.parent) : null;
    if (!html && heading) {
      const line = heading.dp?.dsr?.[0];
      if (line === undefined || !this.decidedHeadings.has(line)) this.ctx.add("unclosed-quotes-in-heading", range, { ...params, ancestorName: heading.name });
      return;
    }
    if (this.findMisnestedContinuation(el, range[1], fromBodyTemplate)) {
      this.ctx.add("misnested-tag", range, params);
      return;
    }
    if (END_TAG_OPTIONAL.has(name) || dp.autoInsertedStart) return;
    params["inTable"] = this.inTable(el);
    this.ctx.add(heading ? "missing-end-tag-in-heading" : "missing-end-tag", range, params);
    if (FORMATTING_ELEMS.has(name) && matchedOpenTagPairExists(el)) {
      this.ctx.add("multiple-unclosed-formatting-tags", range, { ...params });
    }
  }

  /** A reopened copy a misnested-tag lint already explained, or the wrapper of an extension's output. */
  private explained(el: WElement): boolean {
    return this.linted.has(el) || isExtensionOutput(el);
  }

  /**
   * An HTML element still open when the document ended: tree building never popped it, so it has
   * neither an end tag nor the auto-inserted-end mark.
   */
  /** The nearest heading at or above `node` (memoized along the ancestor chain). */
  private headingAncestor(node: WElement): WElement | null {
    return this.nearest(node, this.headings, (n) => (/^h[1-6]$/.test(n.name) ? n : null), null);
  }

  private inTable(node: WElement): boolean {
    return this.nearest(node, this.tables, (n) => (n.name === "table" ? true : null), false);
  }

  /** `own(n)` for the first ancestor-or-self where it is not null, `none` when there is none. */
  private nearest<T>(node: WElement, memo: Map<WElement, T>, own: (n: WElement) => T | null, none: T): T {
    const chain: WElement[] = [];
    let result = none;
    for (let n: WElement | null = node; n; n = n.parent) {
      const known = memo.get(n);
      if (known !== undefined) {
        result = known;
        break;
      }
      const value = own(n);
      if (value !== null) {
        result = value;
        chain.push(n);
        break;
      }
      chain.push(n);
    }
    for (const n of chain) memo.set(n, result);
    return result;
  }

  private openAtEnd(el: WElement): boolean {
    const dp = el.dp!;
    return dp.autoInsertedEnd !== true && isAutoClosed(el);
  }

  /**
   * Source range of an implicitly closed element: up to the end of the document when it was open
   * there, and never including the line break that closed it.
   */
  private implicitRange(el: WElement): [number, number, number, number] {
    const [start, end0, open] = el.dp!.dsr!;
    const src = this.ctx.source;
    let end = this.openAtEnd(el) ? src.length : end0;
    while (end > start + open && src[end - 1] === "\n") end--;
    return [start, end, open, 0];
  }

  /** A wikitext table left open at the end of the document (not one a nested `{|` cut short). */
  private checkWikitextTable(el: WElement): void {
    const dsr = el.dp!.dsr!;
    if (dsr[3] !== 0) return;
    const next = nextNonSepSibling(el);
    if (next && next.kind === "element" && next.name === "table") return;
    this.ctx.add("missing-end-tag", dsr, { name: "table", inTable: true });
  }

  /**
   * Where does the content of an implicitly closed element continue? Either its own end tag
   * follows it in the source (dropped by tree building), or the next content in document order
   * is a reopened copy of it.
   */
  private findMisnestedContinuation(el: WElement, end: number, fromBodyTemplate: boolean): boolean {
    const endTag = this.adjacentStrippedEndTag(end, el.name);
    if (endTag) {
      this.stripped.consume(endTag);
      return true;
    }
    return this.matchingMisnestedNode(el, el, fromBodyTemplate) !== null;
  }

  /** Skips whitespace and end tags that closed other elements; is the next thing `</name>`? */
  private adjacentStrippedEndTag(from: number, name: string) {
    const src = this.ctx.source;
    let pos = from;
    for (;;) {
      while (pos < src.length && /[ \t\n\r]/.test(src[pos]!)) pos++;
      const usedEnd = this.stripped.usedEndAt(pos);
      if (usedEnd !== undefined) {
        pos = usedEnd;
        continue;
      }
      const tag = this.stripped.at(pos);
      return tag && tag.name === name ? tag : undefined;
    }
  }

  /**
   * The first content after `node` in document order: its next non-separator sibling, else its
   * parent's, and so on (null at the top). Memoised, so climbing out of deeply nested unclosed
   * elements costs O(1) per element overall.
   */
  private readonly nextContent = new Map<WNode, WNode | null>();

  private contentAfter(node: WNode): WNode | null {
    const path: WNode[] = [];
    let n: WNode | null = node;
    let found: WNode | null = null;
    while (n && !atTheTop(n)) {
      const known = this.nextContent.get(n);
      if (known !== undefined) {
        found = known;
        break;
      }
      path.push(n);
      const next = nextNonSepSibling(n);
      if (next) {
        found = next;
        break;
      }
      n = n.parent;
    }
    for (const p of path) this.nextContent.set(p, found);
    return found;
  }

  /**
   * Parsoid's search for the continuation of a misnested element: the reopened copy that starts
   * the content after it (descending along first children), skipping copies that were themselves
   * closed implicitly. The descent is bounded: tree building reopens formatting elements only a
   * few levels deep.
   */
  private matchingMisnestedNode(start: WNode, match: WElement, fromBodyTemplate: boolean): WElement | null {
    let node: WNode = start;
    const visited: WNode[] = [];
    const fail = () => {
      for (const v of visited) this.deadEnds.add(v);
      return null;
    };
    for (;;) {
      let d: WNode | null | undefined = this.contentAfter(node);
      let continued = false;
      for (let depth = 0; d && d.kind === "element" && depth < MAX_DESCENT; depth++, d = d.children[0]) {
        if (d.name !== match.name || !isReopenedCopy(d)) continue;
        if (this.deadEnds.has(d)) return fail();
        visited.push(d);
        // A copy closed by an end tag of its own (that end tag then closed no element with a
        // source range, so it is among the unused ones) is where the content went on.
        const endTag = this.stripped.firstAfter(match.dp!.dsr![1], match.name);
        if (endTag && endTag.start < contentEnd(d)) {
          this.stripped.consume(endTag);
          this.linted.add(d);
          return d;
        }
        // In a template's output inside an extension body there are no end tag records: a copy
        // that tree building did not close itself was closed by its own end tag (a copy there
        // may have no source range at all).
        if (fromBodyTemplate && d.dp?.autoInsertedEnd !== true && (d.dp?.dsr === undefined || this.inBodyTransclusion(d.dp.dsr))) {
          this.linted.add(d);
          return d;
        }
        node = d;
        continued = true;
        break;
      }
      if (!continued) return fail();
    }
  }

  /**
   * Copies from which no continuation was found. End tags are only ever consumed, and later
   * elements search from later positions, so a search that reaches one of them fails too: this
   * keeps chains of reopened copies (one per block) linear instead of quadratic.
   */
  private readonly deadEnds = new Set<WNode>();

  private readonly misnestableClimb = new Map<WNode, WNode | null>();

  /**
   * Is there content after the element that Tidy would have kept inside it? The climb stops at
   * links, cells and headings (Tidy does not carry an unclosed tag out of them).
   */
  private hasMisnestableContent(el: WElement, name: string): boolean {
    const path: WNode[] = [];
    let n: WElement | null = el;
    let next: WNode | null = null;
    while (n) {
      const known = this.misnestableClimb.get(n);
      if (known !== undefined) {
        next = known;
        break;
      }
      if (atTheTop(n) || /^(?:a|td|th|h\d)$/.test(n.name)) break;
      path.push(n);
      const sibling = nextNonSepSibling(n);
      // A link trail ("[[Foo|<span>x]]trail") is content after the element inside the link,
      // even where the tree put it inside the open element.
      if (!sibling && n.parent?.name === "a" && (n.parent.dp?.dsr?.[3] ?? 0) > 2) {
        next = n.parent;
        break;
      }
      if (sibling) {
        next = sibling;
        break;
      }
      n = n.parent;
    }
    for (const p of path) this.misnestableClimb.set(p, next);
    if (!next) return false;
    if (next.kind === "element" && next.name === "p" && !isLiteralHtml(next)) {
      // The paragraph may start with this tag's own (dropped) end tag: then nothing is misnested.
      const start = next.dp?.dsr?.[0];
      if (start !== undefined) {
        const tag = this.stripped.at(start);
        if (tag && tag.name === name) return false;
      }
      return firstNonSepChild(next) !== null;
    }
    return true;
  }
}

function isExtensionOutput(el: WElement): boolean {
  return (el.getAttribute("typeof") ?? "").startsWith("mw:Extension/");
}

/** Where the content of a reopened copy must end: before its parent's end tag. */
function contentEnd(copy: WElement): number {
  for (let p = copy.parent; p; p = p.parent) {
    const dsr = p.dp?.dsr;
    if (dsr) return dsr[1] - dsr[3];
  }
  return Number.POSITIVE_INFINITY;
}

/** How far searches descend along first children (see matchingMisnestedNode). */
const MAX_DESCENT = 64;

/** Closed without an end tag of its own: by tree building, or still open at the end. */
function isAutoClosed(el: WElement): boolean {
  const dp = el.dp;
  if (!dp) return false;
  if (dp.autoInsertedEnd) return true;
  return dp.stx === "html" && !dp.selfClose && dp.dsr !== undefined && dp.dsr[3] === 0 && !VOID_TAGS.has(el.name);
}

/** An identical tag nested along the first-element chain that was closed properly. */
function hasIdenticalNestedTag(node: WElement, name: string): boolean {
  let current: WElement | undefined = node;
  for (let depth = 0; current && depth < MAX_DESCENT; depth++) {
    const first: WNode | undefined = current.children.find((c) => c.kind === "element");
    if (!first || first.kind !== "element") return false;
    if (first.name === name && !isAutoClosed(first)) return true;
    current = first;
  }
  return false;
}

/**
 * `<b>foo<b>` style pairs: Tidy read the second unclosed tag as the end of the first when the
 * text before it ends in non-whitespace; HTML5 nests them.
 */
function matchedOpenTagPairExists(el: WElement): boolean {
  const last = el.children[el.children.length - 1];
  if (!last || last.kind !== "element" || last.name !== el.name) return false;
  if (!isAutoClosed(last) || last.dp?.stx !== el.dp?.stx) return false;
  const prev = el.children[el.children.length - 2];
  return prev !== undefined && prev.kind === "text" && !/\s$/.test(prev.value);
}

/** Whether `el` ends an external link that a nested link cut (no closing bracket in its range). */
function isCutExtLinkEnd(el: WElement): boolean {
  const link = el.parent;
  if (link?.name !== "a" || link.children[link.children.length - 1] !== el) return false;
  return link.dp?.dsr?.[3] === 0 && isExtLink(link);
}
