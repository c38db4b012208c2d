// Inline content of a line (or of a link's text): dispatches each wasm token to its construct.
// Tokens that mean nothing in this context (a `|` outside tables and links, a stray `]]`) are
// plain text.
import { encodeCommentData } from "../../util/comment-data.js";
import {
  K_TEXT, K_QUOTE, K_ENTITY, K_COMMENT, K_TAG_OPEN, K_TAG_CLOSE, K_RAW_TEXT, K_LINK_OPEN,
  K_BRACKET_OPEN, K_URL_SCHEME, K_MAGIC_LINK, K_BEHAVIOR_SWITCH, K_NEWLINE,
} from "@wikiloom/wasm";
import type { Grammar } from "./state.js";
import type { TextTk } from "../tokens.js";
import { entity } from "./entity.js";
import { htmlTag } from "./html-tag.js";
import { wikiLink } from "./wikilink.js";
import { bracketedExtLink, freeUrl } from "./extlink.js";
import { magicLink } from "./magic-link.js";
import { behaviorSwitch } from "./behavior-switch.js";
import { textWithLanguageVariant, endsLine } from "./language-variant.js";

export interface InlineContext {
  /** Inside link text: no nested links of the same kind, no free URLs or magic links. */
  readonly inLink?: boolean;
  /**
   * Inside an external link's text, where wiki links are still read (as in Parsoid: tree
   * building then closes the external link before the wiki link, which stands after it).
   */
  readonly inExtLink?: boolean;
}

/** The context of link text (one shared object: contexts are never changed). */
export const IN_LINK: InlineContext = { inLink: true };

/** The context of an external link's text. */
export const IN_EXT_LINK: InlineContext = { inLink: true, inExtLink: true };

/**
 * Emits tokens [from, to) as inline content; returns `to`, or the end of a later line when
 * language-variant markup ran on to it (only when `to` ends a line).
 */
export function inline(g: Grammar, from: number, to: number, ctx: InlineContext | null): number {
  let i = from;
  while (i < to) {
    const k = g.kind(i);
    let next = -1;
    switch (k) {
      case K_TEXT:
        if (g.variantMarkup) {
          // Markup that closes on a later line takes the line's content on to that line's end.
          const crosses = ctx === null && endsLine(g, to);
          next = textWithLanguageVariant(g, i, crosses ? g.src.length : g.start(to));
          if (next > to) to = g.nextNewline[next]!;
          if (next >= 0) break;
        }
        pushText(g, g.start(i), g.end(i));
        next = i + 1;
        break;
      case K_QUOTE:
        g.out.push({ type: "quote", len: g.extra(i), start: g.start(i), end: g.end(i) });
        g.emittedQuote = true;
        next = i + 1;
        break;
      case K_ENTITY:
        next = entity(g, i);
        break;
      case K_COMMENT:
        g.out.push({ type: "comment", value: commentBody(g.slice(i)), start: g.start(i), end: g.end(i) });
        next = i + 1;
        break;
      case K_TAG_OPEN:
      case K_TAG_CLOSE:
        next = htmlTag(g, i, to, ctx);
        break;
      case K_LINK_OPEN:
        if (g.nesting < 40) next = wikiLink(g, i, to, ctx);
        break;
      case K_BRACKET_OPEN:
        if (!ctx?.inLink && g.nesting < 40) next = bracketedExtLink(g, i, to);
        break;
      case K_URL_SCHEME:
        if (!ctx?.inLink) next = freeUrl(g, i, to);
        break;
      case K_MAGIC_LINK:
        if (!ctx?.inLink) next = magicLink(g, i, to);
        break;
      case K_BEHAVIOR_SWITCH:
        next = behaviorSwitch(g, i);
        break;
      case K_NEWLINE:
        // A line break in link text is text (no line syntax can start there).
        if (ctx?.inLink) pushText(g, g.start(i), g.end(i));
        else g.out.push({ type: "nl", start: g.start(i), end: g.end(i) });
        next = i + 1;
        break;
      case K_RAW_TEXT:
        break;
    }
    if (next < 0) {
      pushText(g, g.start(i), g.end(i));
      next = i + 1;
    }
    i = next;
  }
  return to;
}

/** Appends source text, merging with a directly preceding text token. */
export function pushText(g: Grammar, start: number, end: number): void {
  if (end <= start) return;
  const last = g.out[g.out.length - 1];
  if (last && last.type === "text" && last.end === start && !last.transparent) {
    // A token made here is the source between its offsets: one slice of the source (it points
    // into the text) instead of a concatenation that tree building and output copy again.
    last.value = last === g.sourceText ? g.src.slice(last.start, end) : last.value + g.src.slice(start, end);
    last.end = end;
    return;
  }
  const tk: TextTk = { type: "text", value: g.src.slice(start, end), start, end };
  g.out.push(tk);
  g.sourceText = tk;
}

/**
 * The comment's data, with `-` and `>` written as character references so that no content can
 * end the comment early in any HTML or XML parser (Parsoid's comment encoding).
 */
export function commentBody(src: string): string {
  const body = src.slice(4);
  const data = src.length >= 7 && body.endsWith("-->") ? body.slice(0, -3) : body;
  return encodeCommentData(data);
}

/** Tokens [from, to) as they stand: comments as comments, anything else as plain text. */
export function pushCommentsAndText(g: Grammar, from: number, to: number): void {
  for (let k = from; k < to; k++) {
    if (g.kind(k) === K_COMMENT) g.out.push({ type: "comment", value: commentBody(g.slice(k)), start: g.start(k), end: g.end(k) });
    else g.out.push({ type: "text", value: g.slice(k), start: g.start(k), end: g.end(k) });
  }
}
