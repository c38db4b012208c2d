// A set of tag names the host configures (code units, ASCII letters lower-cased), looked up by
// the document's text at a position: the raw-text tags and the tag names that may open a tag.
import { ch, lower } from "./state";

export class TagNames {
  private readonly names: StaticArray<u16>;
  private readonly starts: StaticArray<i32>;
  private readonly lengths: StaticArray<i32>;
  private readonly maxNames: i32;
  private readonly maxUnits: i32;
  count: i32 = 0;
  private used: i32 = 0;

  constructor(maxNames: i32, maxUnits: i32) {
    this.maxNames = maxNames;
    this.maxUnits = maxUnits;
    this.names = new StaticArray<u16>(maxUnits);
    this.starts = new StaticArray<i32>(maxNames);
    this.lengths = new StaticArray<i32>(maxNames);
  }

  clear(): void {
    this.count = 0;
    this.used = 0;
  }

  /** Adds one name given as code units at `ptr` (UTF-16); ignored when full. */
  add(ptr: usize, len: i32): void {
    if (this.count >= this.maxNames || this.used + len > this.maxUnits) return;
    this.starts[this.count] = this.used;
    this.lengths[this.count] = len;
    for (let k = 0; k < len; k++) {
      const c = <i32>load<u16>(ptr + (<usize>k << 1));
      this.names[this.used + k] = <u16>lower(c);
    }
    this.used += len;
    this.count++;
  }

  /** Code unit `k` of name `index`. */
  nameChar(index: i32, k: i32): i32 {
    return <i32>this.names[this.starts[index] + k];
  }

  nameLength(index: i32): i32 {
    return this.lengths[index];
  }

  /** Index of the name the document's text at `pos` (length `len`) spells, in any case, or -1. */
  indexAt(pos: i32, len: i32): i32 {
    for (let t = 0; t < this.count; t++) {
      if (this.lengths[t] != len) continue;
      const base = this.starts[t];
      let same = true;
      for (let k = 0; k < len; k++) {
        if (lower(ch(pos + k)) != <i32>this.names[base + k]) {
          same = false;
          break;
        }
      }
      if (same) return t;
    }
    return -1;
  }
}
