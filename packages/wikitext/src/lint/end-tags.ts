// Which end tags of the source did tree building drop? The DOM keeps no trace of them, so the wasm
// scan lists every `</name>` and an end tag counts as used when an element of that name ends
// exactly there with a closing tag of that width. The rest are "stripped", unless another check
// (misnested-tag) explains them first and consumes them.
import type { WElement } from "../dom/node.js";
import { walkElements } from "../dom/node.js";
import { ALLOWED_TAGS, VOID_TAGS } from "../util/html-tags.js";
import type { SiteConfig } from "../env/site-config.js";
import type { SourceSpan, SourceTag } from "./scanner.js";

export class StrippedEndTags {
  /** Unused end tags in source order; consumed ones are removed by `consume`. */
  private readonly pending: SourceTag[];
  private readonly byStart = new Map<number, SourceTag>();
  /** Start → end of the end tags that closed an element. */
  private readonly usedEnds = new Map<number, number>();

  constructor(body: WElement, endTags: readonly SourceTag[], tableEnds: readonly SourceSpan[], site: SiteConfig) {
    const used = new Set<string>();
    walkElements(body, (el) => {
      const dsr = el.dp?.dsr;
      if (dsr && dsr[3] > 0) used.add(`${el.name}@${dsr[1]}`);
    });
    // A wikitext `|}` with no table to close is a dropped table end tag.
    const strayTableEnds = tableEnds
      .filter((span) => !used.has(`table@${span.end}`))
      .map((span) => ({ name: "table", start: span.start, end: span.end }));
    this.pending = [...endTags, ...strayTableEnds].sort((a, b) => a.start - b.start).filter((tag) => {
      if (tag.name === "table" && strayTableEnds.includes(tag)) return true;
      if (used.has(`${tag.name}@${tag.end}`)) {
        this.usedEnds.set(tag.start, tag.end);
        return false;
      }
      // Tags the sanitizer escapes stay as text; </p> and </br> make elements; extension tags
      // are not HTML at all.
      return ALLOWED_TAGS.has(tag.name) && !VOID_TAGS.has(tag.name) && tag.name !== "p" && !site.isExtensionTag(tag.name);
    });
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

  /** The first unused end tag named `name` at or after `pos`. */
  firstAfter(pos: number, name: string): SourceTag | undefined {
    for (const tag of this.pending) if (tag.start >= pos && tag.name === name && this.byStart.has(tag.start)) return tag;
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
