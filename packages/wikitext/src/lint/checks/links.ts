// Link lints: wikilink-in-extlink (links cannot nest: HTML5 splits the outer link) and
// multi-colon-escape (`[[::Foo]]` is not a link at all, one colon is the escape).
import type { WElement } from "../../dom/node.js";
import type { LintContext } from "../context.js";

/** Whether `el` is an external link (the walk asks once, for both checks below). */
export function isExtLink(el: WElement): boolean {
  if (el.name !== "a") return false;
  const rel = el.getAttribute("rel");
  // (Most links are wiki links: the substring test spares them the regular expression.)
  return rel === "mw:ExtLink" || (rel !== null && rel.includes("mw:ExtLink") && /(?:^|\s)mw:ExtLink(?:\s|$)/.test(rel));
}

function containsLink(el: WElement): boolean {
  return el.name === "a" || el.children.some((c) => c.kind === "element" && containsLink(c));
}

/** `el`: an external link (isExtLink); `index`: its position among its parent's children. */
export function checkWikilinkInExtlink(ctx: LintContext, el: WElement, index: number): void {
  const dsr = el.dp?.dsr;
  // Only bracketed links have text that can hold another link (free URLs and magic links do not).
  if (!dsr || ctx.source.charCodeAt(dsr[0]) !== 91) return;
  let [start, end, open, close] = dsr;
  if (close === 0) {
    // The link was cut where a nested link began: its source goes on to the closing bracket.
    const bracket = closingBracket(ctx.source, end);
    if (bracket >= 0) {
      end = bracket + 1;
      close = 1;
    }
  }
  // A link (e.g. media with its description link) pushed out right after the cut link.
  const next = el.parent?.children[index + 1] ?? null;
  const nextStart = next && next.kind === "element" ? next.dp?.dsr?.[0] : undefined;
  // (A player — video/audio — replaced its link after tree building, but the cut happened.)
  // (Cheapest tests first: the position before the subtree searches.)
  const splitByLink = nextStart !== undefined && nextStart < end && next !== null && next.kind === "element" && (containsLink(next) || subtreeHas(next, isPlayer));
  if (splitByLink || containsPageLink(ctx, start + open, end - close) || subtreeHas(el, isPlayer)) {
    ctx.add("wikilink-in-extlink", [start, end, open, close]);
  }
}

/**
 * The `]` closing an external link whose text goes on from `from`, past the wiki links in it
 * (`[[...]]` pairs), on the same line; -1 when there is none.
 */
function closingBracket(src: string, from: number): number {
  let depth = 0;
  for (let k = from; k < src.length; k++) {
    const c = src.charCodeAt(k);
    if (c === 10) return -1;
    if (c === 91 && src.charCodeAt(k + 1) === 91) {
      depth++;
      k++;
    } else if (c === 93 && depth > 0 && src.charCodeAt(k + 1) === 93) {
      depth--;
      k++;
    } else if (c === 93 && depth === 0) return k;
  }
  return -1;
}

/**
 * extlink-contains-template: the URL of a bracketed external link is built by a transclusion, so
 * the link cannot be checked or edited as written. `el`: an external link (isExtLink).
 */
export function checkExtlinkContainsTemplate(ctx: LintContext, el: WElement): void {
  if (ctx.expansions === null) return;
  const dsr = el.dp?.dsr;
  if (!dsr || !(dsr[2] > 1)) return;
  const [start, , open] = dsr;
  // The link itself is on the page; only its URL (between "[" and the text) comes from a template.
  if (ctx.expansions.expansionAt(start) !== null) return;
  if (ctx.fromTransclusion(start + 1, start + open)) ctx.add("extlink-contains-template", dsr);
}

const isPlayer = (e: WElement) => e.name === "audio" || e.name === "video";

/** Whether source[from, to) has a `[[target]]` to a page; media links are judged by what they render (see above). */
function containsPageLink(ctx: LintContext, from: number, to: number): boolean {
  // Most link texts have no `[[` at all: looked for in place, the text is only cut out when needed.
  const src = ctx.source;
  let at = from;
  while (at + 1 < to && !(src.charCodeAt(at) === 91 && src.charCodeAt(at + 1) === 91)) at++;
  if (at + 1 >= to) return false;
  const text = src.slice(from, to);
  for (const m of text.matchAll(/\[\[([^\[\]|\n]+)(?:\|[^\[\]\n]*)?\]\]/g)) {
    const target = m[1]!.trim();
    const colon = target.indexOf(":");
    const ns = colon > 0 ? ctx.site.namespaceId(target.slice(0, colon).trim()) : undefined;
    if (ns !== 6 && ns !== -2) return true;
  }
  return false;
}

function subtreeHas(el: WElement, test: (e: WElement) => boolean): boolean {
  for (const c of el.children) if (c.kind === "element" && (test(c) || subtreeHas(c, test))) return true;
  return false;
}

/** From the lexical scan: `[[` followed by two or more colons, outside raw text. */
export function checkMultiColonEscapes(ctx: LintContext): void {
  for (const link of ctx.lexical.multiColonLinks) {
    const href = ctx.source.slice(link.start + 2, link.end - 2).split("|")[0]!;
    ctx.add("multi-colon-escape", [link.start, link.end, null, null], { href });
  }
}
