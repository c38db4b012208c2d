// Which end tags of the source did tree building drop? The DOM keeps no trace of them, so the wasm
// scan lists every `</name>` and an end tag counts as used when an element of that name ends
// exactly there with a closing tag of that width. The rest are "stripped", unless another check
// (misnested-tag) explains them first and consumes them.
import type { WElement } from "../dom/node.js";
import { ALLOWED_TAGS, VOID_TAGS } from "../util/html-tags.js";
import type { SiteConfig } from "../env/site-config.js";
import type { SourceSpan, SourceTag } from "./lexical.js";

/**
 * Where the elements that an end tag of the source could have closed end, per name: collected
 * while the DOM pass lists the elements (`visit`), so no walk of its own.
 */
export class ClosedElements {
  /** Names of the elements worth looking at: those of the end tags in the source. */
  private readonly names = new Set<string>();
  /** End offsets of the elements (of those names) closed by a tag of their own, per name. */
  private readonly ends = new Map<string, Set<number>>();

  constructor(endTags: readonly SourceTag[], tableEnds: readonly SourceSpan[]) {
    // (Any end tag that closed an element is remembered: searches step over those. Only tags
    // the sanitizer lets through make elements.)
    for (const tag of endTags) if (ALLOWED_TAGS.has(tag.name)) this.names.add(tag.name);
    if (tableEnds.length > 0) this.names.add("table");
  }

  visit(el: WElement): void {
    // (The name first: it is on the element itself, the parse data is one more object away.)
    if (this.names.size === 0 || !this.names.has(el.name)) return;
    const dsr = el.dp?.dsr;
    if (!dsr || !(dsr[3] > 0)) return;
    let ends = this.ends.get(el.name);
    if (!ends) this.ends.set(el.name, (ends = new Set()));
    ends.add(dsr[1]);
  }

  /** Whether an element named `name` ends at `end` with an end tag of its own. */
  closedAt(name: string, end: number): boolean {
    return this.ends.get(name)?.has(end) === true;
  }
}

export class StrippedEndTags {
  /** Unused end tags in source order; consumed ones are removed by `consume`. */
  private readonly pending: SourceTag[];
  private readonly byStart = new Map<number, SourceTag>();
  /** Start → end of the end tags that closed an element. */
  private readonly usedEnds = new Map<number, number>();

  /** `closed`: every element of the document visited. */
  constructor(closed: ClosedElements, endTags: readonly SourceTag[], tableEnds: readonly SourceSpan[], site: SiteConfig) {
    // Only end tags that could close an element are looked up in the tree: tags the sanitizer
    // escapes stay as text; </p> and </br> make elements; extension tags are not HTML at all.
    const candidates = endTags.filter((tag) => ALLOWED_TAGS.has(tag.name) && !VOID_TAGS.has(tag.name) && tag.name !== "p" && !site.isExtensionTag(tag.name));
    const closedElement = (name: string, end: number) => closed.closedAt(name, end);
    // A wikitext `|}` with no table to close is a dropped table end tag.
    const strayTableEnds = tableEnds
      .filter((span) => !closedElement("table", span.end))
      .map((span) => ({ name: "table", start: span.start, end: span.end }));
    for (const tag of endTags) if (closedElement(tag.name, tag.end)) this.usedEnds.set(tag.start, tag.end);
    const unused = candidates.filter((tag) => !closedElement(tag.name, tag.end));
    this.pending = strayTableEnds.length === 0 ? unused : [...unused, ...strayTableEnds].sort((a, b) => a.start - b.start);
    for (const tag of this.pending) this.byStart.set(tag.start, tag);
  }

  /** The unused end tag starting at `pos`, if any. */
  at(pos: number): SourceTag | undefined {
    return this.byStart.get(pos);
  }

  /** The end of the end tag starting at `pos` when that tag closed an element. */
  usedEndAt(pos: number): number | undefined {
    return this.usedEnds.get(pos);
  }

  /** Unused end tags by name, in source order, with the index of the first not yet consumed. */
  private byName: Map<string, { tags: SourceTag[]; first: number }> | null = null;

  /** The first unused end tag named `name` at or after `pos`. */
  firstAfter(pos: number, name: string): SourceTag | undefined {
    if (!this.byName) {
      this.byName = new Map();
      for (const tag of this.pending) {
        const entry = this.byName.get(tag.name) ?? { tags: [], first: 0 };
        entry.tags.push(tag);
        this.byName.set(tag.name, entry);
      }
    }
    const entry = this.byName.get(name);
    if (!entry) return undefined;
    const tags = entry.tags;
    while (entry.first < tags.length && !this.byStart.has(tags[entry.first]!.start)) entry.first++;
    // Binary search for the first tag at or after pos, then skip consumed ones.
    let lo = entry.first;
    let hi = tags.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tags[mid]!.start < pos) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < tags.length; i++) if (this.byStart.has(tags[i]!.start)) return tags[i];
    return undefined;
  }

  consume(tag: SourceTag): void {
    this.byStart.delete(tag.start);
  }

  /** The end tags nothing explained, in source order. */
  remaining(): SourceTag[] {
    return this.pending.filter((tag) => this.byStart.has(tag.start));
  }
}
