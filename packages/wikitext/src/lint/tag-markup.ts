// Whether a tag the tokenizer recorded is markup at all: a tag in the body of an extension that
// keeps its body raw (<syntaxhighlight>) or rewrites it before parsing (<poem>), or in a wikitext
// table's attribute position, is text and makes no element. Shared by the checks that decide from
// the tag records alone.
import { enabledExtensionTagSet } from "../ext/registry.js";
import type { LintContext } from "./context.js";
import type { SourceSpan, SourceTag } from "./lexical.js";

export class TagMarkup {
  private bodies: SourceSpan[] | null = null;

  constructor(private readonly ctx: LintContext) {}

  isMarkup(tag: SourceTag): boolean {
    return !this.inOpaqueBody(tag) && !inTableAttributes(this.ctx.source, tag);
  }

  /** Whether the tag is text in the body of an extension that does not parse it in place. */
  inOpaqueBody(tag: SourceTag): boolean {
    this.bodies ??= opaqueExtensionBodies(this.ctx);
    return this.bodies.length > 0 && within(this.bodies, tag.start);
  }
}

/**
 * Bodies of extension tags (kept raw by the tokenizer) whose content is not parsed in place:
 * raw text (<syntaxhighlight>) or wikitext the extension rewrites first (<poem>). The parts
 * parsed where they stand (a <ref>'s body, a gallery caption) are carved out of them.
 */
function opaqueExtensionBodies(ctx: LintContext): SourceSpan[] {
  const raw = enabledExtensionTagSet(ctx.site);
  const bodies: SourceSpan[] = [];
  const { startTags, endTags } = ctx.lexical;
  let e = 0;
  for (const open of startTags) {
    if (!raw.has(open.name) || open.start < (bodies[bodies.length - 1]?.end ?? -1) || ctx.source[open.end - 2] === "/") continue;
    while (e < endTags.length && (endTags[e]!.start < open.end || endTags[e]!.name !== open.name)) e++;
    if (e >= endTags.length) break;
    bodies.push({ start: open.end, end: endTags[e]!.start });
  }
  return subtract(bodies, ctx.verbatimFragments);
}

/** `spans` minus `holes` (both sorted and disjoint), in one merge walk. */
function subtract(spans: readonly SourceSpan[], holes: readonly SourceSpan[]): SourceSpan[] {
  if (holes.length === 0) return [...spans];
  const out: SourceSpan[] = [];
  let h = 0;
  for (const span of spans) {
    let from = span.start;
    while (h < holes.length && holes[h]!.end <= from) h++;
    for (let k = h; k < holes.length && holes[k]!.start < span.end; k++) {
      const hole = holes[k]!;
      if (hole.start > from) out.push({ start: from, end: hole.start });
      from = Math.max(from, hole.end);
    }
    if (from < span.end) out.push({ start: from, end: span.end });
  }
  return out;
}

function within(spans: readonly SourceSpan[], pos: number): boolean {
  for (const s of spans) if (s.start <= pos && pos < s.end) return true;
  return false;
}

/**
 * Whether a tag stands where a wikitext table line takes attributes: the rest of a `{|` or `|-`
 * line, or a cell's text before the single `|` that ends its attributes (when no link comes
 * first). Attribute values are text, so such a tag makes no element.
 */
function inTableAttributes(src: string, tag: SourceTag): boolean {
  const lineStart = src.lastIndexOf("\n", tag.start - 1) + 1;
  let i = lineStart;
  while (src[i] === " " || src[i] === "\t") i++;
  const c = src[i];
  if (c !== "|" && c !== "!" && c !== "{") return false;
  if (src.lastIndexOf("{|", tag.start) < 0) return false;
  if (c === "{") return src[i + 1] === "|";
  if (src[i + 1] === "-") return true;
  const heading = c === "!";
  // The cell holding the tag starts after the last `||` (or `!!` on heading lines) before it.
  let cellStart = src[i + 1] === "+" ? i + 2 : i + 1;
  for (let k = cellStart; k < tag.start - 1; k++) {
    if ((src[k] === "|" && src[k + 1] === "|") || (heading && src[k] === "!" && src[k + 1] === "!")) cellStart = k + 2;
  }
  const before = src.slice(cellStart, tag.start);
  if (/[[|]/.test(before)) return false;
  for (let k = tag.end; k < src.length; k++) {
    const ch = src[k];
    if (ch === "\n" || ch === "[") return false;
    if (ch === "|") return src[k + 1] !== "|";
    if (heading && ch === "!" && src[k + 1] === "!") return false;
  }
  return false;
}
