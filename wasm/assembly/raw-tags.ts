// Names of tags whose content is raw text for the tokenizer: nowiki and pre always, plus the
// extension tags the engine configures (their content belongs to the extension, not to wikitext).
// Stored as code units, ASCII letters lower-cased (MediaWiki accepts any extension tag name
// without whitespace, `/` or `>`: the parser tests' `<tåg>`); at most 64 names.
import { ch, lower } from "./state";

const MAX_TAGS = 64;
const NAME_BYTES = 4096;
const names = new StaticArray<u16>(NAME_BYTES);
const starts = new StaticArray<i32>(MAX_TAGS);
const lengths = new StaticArray<i32>(MAX_TAGS);
let count: i32 = 0;
let used: i32 = 0;

export function rawTagCount(): i32 {
  return count;
}

export function clearRawTags(): void {
  count = 0;
  used = 0;
}

/** Adds one name given as code units at `ptr` (UTF-16); ignored when full. */
export function addRawTag(ptr: usize, len: i32): void {
  if (count >= MAX_TAGS || used + len > NAME_BYTES) return;
  starts[count] = used;
  lengths[count] = len;
  for (let k = 0; k < len; k++) {
    const c = <i32>load<u16>(ptr + (<usize>k << 1));
    names[used + k] = <u16>lower(c);
  }
  used += len;
  count++;
}

/** Code unit `k` of raw tag `index`'s name (ASCII letters lower-cased). */
export function rawTagNameChar(index: i32, k: i32): i32 {
  return <i32>names[starts[index] + k];
}

export function rawTagNameLength(index: i32): i32 {
  return lengths[index];
}

/** Index of the raw tag named by the document's text at `pos` (length `len`), or -1. */
export function rawTagIndex(pos: i32, len: i32): i32 {
  for (let t = 0; t < count; t++) {
    if (lengths[t] != len) continue;
    const base = starts[t];
    let same = true;
    for (let k = 0; k < len; k++) {
      if (lower(ch(pos + k)) != <i32>names[base + k]) {
        same = false;
        break;
      }
    }
    if (same) return t;
  }
  return -1;
}
