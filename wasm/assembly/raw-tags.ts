// Names of tags whose content is raw text for the tokenizer: nowiki and pre always, plus the
// extension tags the engine configures (their content belongs to the extension, not to wikitext).
// Stored as code units, ASCII letters lower-cased (MediaWiki accepts any extension tag name
// without whitespace, `/` or `>`: the parser tests' `<tåg>`); at most 64 names.
//
// Known tags: the other names that open a tag (HTML's, include directives, annotation tags), as
// Parsoid's tokenizer takes `<name ...>` as a tag only for a name it knows; any other `<name`
// is text and what follows it is wikitext (`x<y` then a blank line ends a paragraph). The host
// sets them; none set means every name opens a tag.
import { TagNames } from "./tag-names";

const raw = new TagNames(64, 4096);
const known = new TagNames(512, 8192);
/** Annotation tags (`<translate>`): they may stand in an extension tag's attribute values. */
const annotation = new TagNames(32, 1024);

export function rawTagCount(): i32 {
  return raw.count;
}

export function clearRawTags(): void {
  raw.clear();
}

/** Adds one name given as code units at `ptr` (UTF-16); ignored when full. */
export function addRawTag(ptr: usize, len: i32): void {
  raw.add(ptr, len);
}

/** Code unit `k` of raw tag `index`'s name (ASCII letters lower-cased). */
export function rawTagNameChar(index: i32, k: i32): i32 {
  return raw.nameChar(index, k);
}

export function rawTagNameLength(index: i32): i32 {
  return raw.nameLength(index);
}

/** Index of the raw tag named by the document's text at `pos` (length `len`), or -1. */
export function rawTagIndex(pos: i32, len: i32): i32 {
  return raw.indexAt(pos, len);
}

export function clearKnownTags(): void {
  known.clear();
}

/** Adds one known tag name given as code units at `ptr` (UTF-16). */
export function addKnownTag(ptr: usize, len: i32): void {
  known.add(ptr, len);
}

export function clearAnnotationTags(): void {
  annotation.clear();
}

/** Adds one annotation tag name given as code units at `ptr` (UTF-16). */
export function addAnnotationTag(ptr: usize, len: i32): void {
  annotation.add(ptr, len);
}

/** Whether the name at `pos` (length `len`) is an annotation tag's. */
export function isAnnotationTag(pos: i32, len: i32): bool {
  return annotation.count > 0 && annotation.indexAt(pos, len) >= 0;
}

/** Whether the name at `pos` (length `len`) may open a tag: a raw tag, a known one, or any when none are set. */
export function opensTag(pos: i32, len: i32): bool {
  return known.count == 0 || known.indexAt(pos, len) >= 0 || raw.indexAt(pos, len) >= 0;
}
