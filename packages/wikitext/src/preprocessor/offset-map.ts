// Maps offsets in the preprocessed text back to the page source: outside expansions the text is
// the source shifted by what the expansions before it added or removed; inside an expansion
// every offset belongs to the expansion's whole source range (its nodes get that dsr).
import type { Expansion } from "./types.js";

export class ExpansionMap {
  private readonly expansions: readonly Expansion[];
  /**
   * The index the last search found: callers mostly ask in document order (each element's
   * dsr, each link of the grammar), so the answer is usually this one or the next.
   */
  private hint = 0;

  constructor(expansions: readonly Expansion[]) {
    this.expansions = expansions;
  }

  /** Index of the last expansion whose output starts at or before `outOffset` (strictly
   * before when `strict`), or -1. */
  private lastStartingAtOrBefore(outOffset: number, strict = false): number {
    const expansions = this.expansions;
    const n = expansions.length;
    // Offsets are sorted by outStart: index h answers when h starts early enough and h + 1
    // does not (checked for the hint and the one after it before searching).
    for (let h = this.hint, tries = 0; tries < 2 && h < n; h++, tries++) {
      const start = expansions[h]!.outStart;
      if (!(start < outOffset || (!strict && start === outOffset))) {
        if (h === 0) return -1;
        break;
      }
      const next = h + 1 < n ? expansions[h + 1]!.outStart : Infinity;
      if (!(next < outOffset || (!strict && next === outOffset))) {
        this.hint = h;
        return h;
      }
    }
    let lo = 0;
    let hi = n - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const start = expansions[mid]!.outStart;
      if (start < outOffset || (!strict && start === outOffset)) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (found >= 0) this.hint = found;
    return found;
  }

  /** The number of expansions (indexes for `at`). */
  get size(): number {
    return this.expansions.length;
  }

  /** The expansion at an index that `indexForStart`/`indexForEnd` returned. */
  at(index: number): Expansion {
    return this.expansions[index]!;
  }

  /**
   * The last expansion whose output starts at or before `outOffset`, where something starts
   * (-1 when none): what `toSource(outOffset, "start")` and `expansionAt(outOffset)` look up.
   */
  indexForStart(outOffset: number): number {
    return this.lastStartingAtOrBefore(outOffset);
  }

  /**
   * The last expansion whose output starts before `outOffset`, where something ends (-1 when
   * none): what `toSource(outOffset, "end")` and `expansionAt(outOffset - 1)` look up.
   */
  indexForEnd(outOffset: number): number {
    return this.lastStartingAtOrBefore(outOffset, true);
  }

  /**
   * The expansion whose output strictly contains `outOffset` (outStart <= offset < outEnd), or
   * null for text that came from the page itself.
   */
  expansionAt(outOffset: number): Expansion | null {
    const index = this.lastStartingAtOrBefore(outOffset);
    const expansion = index >= 0 ? this.expansions[index]! : null;
    return expansion && outOffset < expansion.outEnd ? expansion : null;
  }

  /** Expansions whose output overlaps [outStart, outEnd), in order. */
  expansionsIn(outStart: number, outEnd: number): Expansion[] {
    const result: Expansion[] = [];
    let index = Math.max(0, this.lastStartingAtOrBefore(outStart));
    for (; index < this.expansions.length; index++) {
      const e = this.expansions[index]!;
      if (e.outStart >= outEnd && !(e.outStart === e.outEnd && e.outStart === outEnd)) break;
      if (e.outEnd > outStart || (e.outStart === e.outEnd && e.outStart >= outStart)) result.push(e);
    }
    return result;
  }

  /**
   * Whether some expansion's output overlaps [outStart, outEnd) (expansionsIn is not empty),
   * without the list: the grammar asks this for every link, tag and cell of a templated page.
   */
  overlaps(outStart: number, outEnd: number): boolean {
    for (let index = Math.max(0, this.lastStartingAtOrBefore(outStart)); index < this.expansions.length; index++) {
      const e = this.expansions[index]!;
      if (e.outStart >= outEnd && !(e.outStart === e.outEnd && e.outStart === outEnd)) return false;
      if (e.outEnd > outStart || (e.outStart === e.outEnd && e.outStart >= outStart)) return true;
    }
    return false;
  }

  /**
   * The source offset of an output offset. With `bias: "start"` the offset is where something
   * starts (a node's first character): inside an expansion it maps to the expansion's source
   * start, right after one (empty ones included) to its source end. With `bias: "end"` it is
   * where something ends: inside or at the end of an expansion it maps to the expansion's source
   * end, and an empty expansion at that point is not included.
   */
  /** The page source of [start, end) of the preprocessed text (its ends mapped to the source). */
  sourceSlice(source: string, start: number, end: number): string {
    return source.slice(this.toSource(start), this.toSource(end, "end"));
  }

  toSource(outOffset: number, bias: "start" | "end" = "start"): number {
    const index = this.lastStartingAtOrBefore(outOffset, bias === "end");
    const expansions = this.expansions;
    let mapped: number;
    if (index < 0) mapped = outOffset;
    else {
      const e = expansions[index]!;
      if (bias === "start") {
        if (outOffset < e.outEnd) return e.srcStart;
      } else if (outOffset <= e.outEnd) return e.srcEnd;
      mapped = e.srcEnd + (outOffset - e.outEnd);
    }
    return this.clampToNext(index, mapped);
  }

  /**
   * A page-text source offset `mapped`, found after expansion `index` (-1: before all), kept from
   * reaching into the next call's source: the line break put before a mid-line table or list
   * (T2529) is page text without source, and ends at that call's start.
   */
  clampToNext(index: number, mapped: number): number {
    const next = this.expansions[index + 1];
    return next !== undefined && next.blockNewline === true && mapped > next.srcStart ? next.srcStart : mapped;
  }
}
