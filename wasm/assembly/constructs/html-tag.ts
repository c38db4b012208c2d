// HTML-like tags: `<name attrs>`, `</name>`, `<name/>`. The tag ends at the first `>`; a `<`
// before it means this was no tag (`a <b <i>x</i>` keeps `<b ` as text). Raw-text tags (nowiki,
// pre and the configured extension tags) keep their content as one token up to their end tag.
//
// Linear time: the next `>` and the next `<` are remembered, so 100k unclosed `<b` scan the
// document once; a failed search for a raw tag's end is remembered per tag name the same way.
import { ch, inputLen, isAsciiLetter, isAsciiAlnum, lower, addWork } from "../state";
import { emit } from "../output";
import { K_TAG_OPEN, K_TAG_CLOSE, K_RAW_TEXT } from "../kinds";
import { commentStart } from "./comment";
import { rawTagIndex, rawTagNameChar, rawTagNameLength, opensTag, isAnnotationTag } from "../raw-tags";
import { lintOn, lintStartTag, lintEndTag, lintRawBody } from "../lint/record";

let gtFrom: i32 = -1;
let gtAt: i32 = 0;
let ltFrom: i32 = -1;
let ltAt: i32 = 0;
/** Per raw tag: position from which a search for its end tag already failed (-1: never). */
const failedFrom = new StaticArray<i32>(64);

export function resetTagMemo(): void {
  gtFrom = -1;
  ltFrom = -1;
  commentEndFailedFrom = -1;
  for (let k = 0; k < 64; k++) failedFrom[k] = -1;
}

/** First index >= from holding `c`, or inputLen. */
function scanFor(c: i32, from: i32): i32 {
  let i = from;
  while (i < inputLen && ch(i) != c) i++;
  addWork(i - from);
  return i;
}

function nextGt(from: i32): i32 {
  if (gtFrom < 0 || from < gtFrom || from > gtAt) {
    gtFrom = from;
    gtAt = scanFor(0x3e, from);
  }
  return gtAt;
}

function nextLt(from: i32): i32 {
  if (ltFrom < 0 || from < ltFrom || from > ltAt) {
    ltFrom = from;
    ltAt = scanFor(0x3c, from);
  }
  return ltAt;
}

function isNameChar(c: i32): bool {
  return isAsciiAlnum(c) || c == 0x2d || c == 0x5f || c == 0x3a;
}

/** At `<`: a comment, a tag (with raw content when it is a raw-text tag), or -1. */
export function angleBracket(pos: i32): i32 {
  const c1 = ch(pos + 1);
  if (c1 == 0x21) return commentStart(pos);
  const closing = c1 == 0x2f;
  const nameStart = closing ? pos + 2 : pos + 1;
  const first = ch(nameStart);
  if (!isAsciiLetter(first) && first < 0x80) return -1;
  let nameEnd = nameStart + 1;
  while (isNameChar(ch(nameEnd)) || ch(nameEnd) >= 0x80) nameEnd++;
  addWork(nameEnd - nameStart);
  const after = ch(nameEnd);
  if (!(after == 0x3e || after == 0x2f || after == 0x20 || after == 0x09 || after == 0x0a || after == 0x0d)) return -1;
  // A name beyond ASCII is only an extension's (`<tåg>`): HTML tags and unknown names stay text.
  const nonAscii = !isAsciiOnly(nameStart, nameEnd);
  if (nonAscii && rawTagIndex(nameStart, nameEnd - nameStart) < 0) return -1;
  // A name the wiki does not know is no tag (Parsoid's tokenizer): `<` and the name are text.
  if (!opensTag(nameStart, nameEnd - nameStart)) return -1;
  let gt = nextGt(nameEnd);
  if (gt >= inputLen) return -1;
  // Extension (raw) tags take any attribute text up to the `>`, as MediaWiki's preprocessor
  // does (`<pre <pre>x</pre>` is one pre whose attribute is "<pre"); other tags end at a `<`,
  // unless it opens markup that Parsoid reads inside attributes (a nowiki, an include
  // directive, an extension tag): then the tag ends at the first `>` after that markup.
  const raw = closing ? -1 : rawTagIndex(nameStart, nameEnd - nameStart);
  if (raw >= 0) {
    // Annotation tags inside its attribute values (`caption="<translate>x</translate>"`) are
    // no end of it: the tag ends at the first `>` after them.
    let lt = nextLt(nameEnd);
    let annotated = false;
    while (lt < gt) {
      const after = annotationTagEnd(lt, annotated);
      if (after >= 0) {
        annotated = true;
        gt = nextGt(after);
        if (gt >= inputLen) return -1;
      }
      lt = nextLt(after >= 0 ? after : lt + 1);
    }
  } else {
    let lt = nextLt(nameEnd);
    while (lt < gt) {
      const after = closing ? -1 : attributeMarkupEnd(lt);
      if (after < 0) return -1;
      gt = nextGt(after);
      if (gt >= inputLen) return -1;
      lt = nextLt(after);
    }
  }
  const end = gt + 1;
  if (closing) {
    emit(K_TAG_CLOSE, pos, end, 0);
    if (lintOn) lintEndTag(pos, end, nameEnd);
    return end;
  }
  const selfClosing = ch(gt - 1) == 0x2f;
  emit(K_TAG_OPEN, pos, end, selfClosing ? 1 : 0);
  if (lintOn) lintStartTag(pos, end, nameEnd, selfClosing);
  if (selfClosing || raw < 0) return end;
  return rawContent(raw, end);
}

/** Position from which a search for "-->" already failed (-1: never). */
let commentEndFailedFrom: i32 = -1;

/**
 * At `<`: the end of an annotation tag standing there (`<translate>`, `</translate>`), or, after
 * one (`withComments`), of a comment (annotations mark their units with them: `<!--T:1-->`),
 * or -1.
 */
function annotationTagEnd(lt: i32, withComments: bool): i32 {
  if (ch(lt + 1) == 0x21) return withComments && ch(lt + 2) == 0x2d && ch(lt + 3) == 0x2d ? commentEnd(lt + 4) : -1;
  const at = ch(lt + 1) == 0x2f ? lt + 2 : lt + 1;
  let nameEnd = at;
  while (isNameChar(ch(nameEnd))) nameEnd++;
  if (nameEnd == at || !isAnnotationTag(at, nameEnd - at)) return -1;
  addWork(nameEnd - at);
  const gt = nextGt(nameEnd);
  return gt >= inputLen ? -1 : gt + 1;
}

/** The end of the first "-->" at or after `from`, or -1 (a failed search is remembered). */
function commentEnd(from: i32): i32 {
  if (commentEndFailedFrom >= 0 && from >= commentEndFailedFrom) return -1;
  let i = from;
  while (i + 2 < inputLen) {
    if (ch(i) == 0x2d && ch(i + 1) == 0x2d && ch(i + 2) == 0x3e) {
      addWork(i - from);
      return i + 3;
    }
    i++;
  }
  addWork(i - from);
  commentEndFailedFrom = from;
  return -1;
}

/** Names of the markup read inside a tag's attributes, and whether it holds content. */
const NOWIKI = "nowiki";
const INCLUDEONLY = "includeonly";
const NOINCLUDE = "noinclude";
const ONLYINCLUDE = "onlyinclude";

/** Whether the text at `pos` is `word` (ASCII, any case) not followed by a name character. */
function nameAt(pos: i32, word: string): bool {
  const n = word.length;
  for (let k = 0; k < n; k++) if (lower(ch(pos + k)) != <i32>word.charCodeAt(k)) return false;
  return !isNameChar(ch(pos + n));
}

/** After optional blanks and `/` at `pos`: the position after the `>` that ends a tag, or -1. */
function tagEndAfter(pos: i32): i32 {
  let i = pos;
  while (ch(i) == 0x20 || ch(i) == 0x09 || ch(i) == 0x0a) i++;
  const self = ch(i) == 0x2f;
  if (self) i++;
  return ch(i) == 0x3e ? (self ? -(i + 1) - 2 : i + 1) : -1;
}

/**
 * At a `<` inside a start tag's attribute text: the end of the markup Parsoid reads there
 * (`<nowiki/>`, `<nowiki>text</nowiki>`, include directive tags, `<includeonly>text</includeonly>`,
 * an extension tag), or -1. A nowiki's or includeonly's content may hold no `<` or `>` (the
 * scan goes no further than the next `<`).
 */
function attributeMarkupEnd(lt: i32): i32 {
  const closing = ch(lt + 1) == 0x2f;
  const at = closing ? lt + 2 : lt + 1;
  let word = "";
  if (nameAt(at, NOINCLUDE)) word = NOINCLUDE;
  else if (nameAt(at, ONLYINCLUDE)) word = ONLYINCLUDE;
  else if (!closing && nameAt(at, NOWIKI)) word = NOWIKI;
  else if (!closing && nameAt(at, INCLUDEONLY)) word = INCLUDEONLY;
  else return closing ? -1 : extensionInAttributeEnd(at);
  addWork(word.length);
  const end = tagEndAfter(at + word.length);
  if (end == -1) return -1;
  // A self-closed tag: (-(position after it) - 2).
  if (end < -1) return -end - 2;
  if (closing || word == NOINCLUDE || word == ONLYINCLUDE) return end;
  // nowiki and includeonly hold text up to their end tag.
  const close = nextLt(end);
  if (close >= inputLen || ch(close + 1) != 0x2f || !nameAt(close + 2, word)) return -1;
  const after = tagEndAfter(close + 2 + word.length);
  return after > 0 ? after : -1;
}

/** After a raw-text tag's opening: everything up to its end tag is one K_RAW_TEXT token. */
function rawContent(raw: i32, from: i32): i32 {
  const i = rawCloseAt(raw, from);
  if (i < 0) return from;
  const end = rawCloseEnd;
  if (i > from) emit(K_RAW_TEXT, from, i, 0);
  emit(K_TAG_CLOSE, i, end, 0);
  if (lintOn) {
    const nameLen = rawTagNameLength(raw);
    // nowiki and pre hold no markup; an extension body may (tags in a <ref>).
    if (!isOpaqueBody(raw, nameLen)) lintRawBody(from, i);
    lintEndTag(i, end, i + 2 + nameLen);
  }
  return end;
}

/** Where the end tag found by the last successful rawCloseAt ends. */
let rawCloseEnd: i32 = 0;

/**
 * The position of the first end tag of raw tag `raw` at or after `from` (its end in
 * rawCloseEnd), or -1. A failed search is remembered: from any later position it fails too.
 */
function rawCloseAt(raw: i32, from: i32): i32 {
  const failed = failedFrom[raw];
  if (failed >= 0 && from >= failed) return -1;
  const nameLen = rawTagNameLength(raw);
  let i = from;
  while (true) {
    i = nextLtRaw(i);
    if (i >= inputLen) break;
    if (ch(i + 1) == 0x2f && sameName(i + 2, raw, nameLen) && !isNameChar(ch(i + 2 + nameLen))) {
      let j = i + 2 + nameLen;
      while (ch(j) == 0x20 || ch(j) == 0x09 || ch(j) == 0x0a) j++;
      if (ch(j) == 0x3e) {
        rawCloseEnd = j + 1;
        return i;
      }
    }
    i++;
  }
  failedFrom[raw] = from;
  return -1;
}

/**
 * At `<` inside a start tag's attribute text: the end of an extension tag standing there whole
 * (`<ext .../>` or `<ext ...>body</ext>`, the body raw), or -1. Parsoid's attribute values take
 * extension tags as they take templates (its `directive` rule).
 */
function extensionInAttributeEnd(at: i32): i32 {
  let nameEnd = at;
  while (isNameChar(ch(nameEnd)) || ch(nameEnd) >= 0x80) nameEnd++;
  if (nameEnd == at) return -1;
  const after = ch(nameEnd);
  if (!(after == 0x3e || after == 0x2f || after == 0x20 || after == 0x09 || after == 0x0a || after == 0x0d)) return -1;
  const raw = rawTagIndex(at, nameEnd - at);
  if (raw < 0) return -1;
  addWork(nameEnd - at);
  // Its own attributes run to the first `>`, as an extension tag's do.
  const gt = nextGt(nameEnd);
  if (gt >= inputLen) return -1;
  if (ch(gt - 1) == 0x2f) return gt + 1;
  return rawCloseAt(raw, gt + 1) < 0 ? -1 : rawCloseEnd;
}

/** Like nextLt but without disturbing the tag memo (raw content may run far ahead). */
function nextLtRaw(from: i32): i32 {
  return scanFor(0x3c, from);
}

function sameName(pos: i32, raw: i32, nameLen: i32): bool {
  for (let k = 0; k < nameLen; k++) {
    if (lower(ch(pos + k)) != rawTagNameChar(raw, k)) return false;
  }
  return true;
}

function isAsciiOnly(from: i32, to: i32): bool {
  for (let i = from; i < to; i++) if (ch(i) >= 0x80) return false;
  return true;
}


/** Whether a raw tag's body is text for the linter too (<nowiki>, <pre>). */
function isOpaqueBody(raw: i32, nameLen: i32): bool {
  if (nameLen == 3) return rawTagNameChar(raw, 0) == 0x70 && rawTagNameChar(raw, 1) == 0x72 && rawTagNameChar(raw, 2) == 0x65;
  if (nameLen != 6) return false;
  const word = "nowiki";
  for (let k = 0; k < 6; k++) if (rawTagNameChar(raw, k) != <i32>word.charCodeAt(k)) return false;
  return true;
}
