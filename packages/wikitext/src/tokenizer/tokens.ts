// Wiki tokens: what the grammar produces from the wasm token stream and what the token
// transforms rewrite, in the spirit of Parsoid's tokens. Tags carry their parse data (tsr etc.);
// text carries its source range so DOM source ranges can be computed later.
import type { Attr } from "../dom/node.js";
import type { DataParser } from "../dom/data-parser.js";

export interface StartTagTk {
  type: "start";
  name: string;
  attrs: Attr[];
  dp: DataParser;
  /** data-mw object for the element, serialized at output. */
  mw?: Record<string, unknown>;
  /** Facts for later passes that are not output (e.g. a link's target title). */
  aux?: TagAux;
}

/**
 * Where one attribute of a tag was written in the tokenized text: its name and its value (null
 * for a bare name). Recorded only on tags part of whose source a template produced, for the
 * expanded-attributes pass (dom/passes/expanded-attrs.ts).
 */
export interface AttrSource {
  name: string;
  /** Null when the syntax writes no name (a link target is the `href`). */
  key: [number, number] | null;
  value: [number, number] | null;
  /**
   * How far the value may reach: a template overlapping the value but ending inside this range
   * (`[[{{T}}]]` where T gives `Target|text`) is taken as part of it.
   */
  within?: [number, number];
  /**
   * A media option (`alt=...`, `thumb`, `page=2`): its whole written text is the value, rendered
   * as wikitext into Parsoid's media form of data-mw attribs, `[name, {html, txt?}]`. `prefix`:
   * the width of the written text before the option's parameter (`alt=`), whose text after it is
   * `txt`; null for options without one. `always`: rendered even when no template wrote part of
   * it (markup in an alt text), kept when it holds more than text. `receiver`: the attribute that
   * shows `txt` (the image's alt). `option`: its data-parser optList entry, whose `ak` becomes
   * the page source (between `lead` and `trail`, the whitespace written around it).
   */
  /**
   * A media option. `silent`: its templates are the option's own (not encapsulated), but no
   * expanded attribute is recorded (Parsoid keeps only the option's source, in optList).
   */
  media?: { prefix: number | null; always: boolean; receiver?: Attr; option?: { ak: string }; lead?: string; trail?: string; silent?: boolean };
  /** Told the value's page source once the attribute is known to be templated (a file name). */
  written?: (source: string) => void;
}

export interface TagAux {
  /** See AttrSource: the written attributes of a tag that holds template output. */
  attrSources?: AttrSource[];
  /** Where the attribute text of a tag with attrSources stands (between the name and `>`). */
  attrRange?: [number, number];
  /** Prefixed title of a wiki link's target, for the existence check. */
  title?: string;
  /**
   * A heading the legacy preprocessor would not see as one (an unclosed `[[`, `{{` or `-{`
   * inside it): its section is not editable.
   */
  noSection?: boolean;
  /**
   * A wikitext cell whose attribute-position text (up to its first `|`) holds a link and so stayed
   * content: that text's range. Templates inside it are not wrapped on their own (Parsoid
   * reparses such text from attributes into content and drops their encapsulation).
   */
  attrsAsContent?: [number, number];
  /** A `[[Media:...]]` link: the file whose URL becomes the href (media pass). */
  mediaLink?: string;
  /** An image to render (media pass). */
  media?: import("./grammar/media.js").MediaRequest;
  /** An extension's wikitext body, parsed separately and put into this element (ext/). */
  fragment?: import("../ext/types.js").FragmentRequest;
  /** Extension output completed after the media pass (ext/finish.ts). */
  finish?: (el: import("../dom/node.js").WElement) => void;
  /**
   * An include directive's meta that a transclusion wrote (its `<onlyinclude>` tags, or tags in
   * the page's arguments it shows): part of the transclusion's content, which Parsoid p-wraps as
   * one unit, so not sol-transparent as the page's own directives are.
   */
  transclusionContent?: boolean;
}

export interface EndTagTk {
  type: "end";
  name: string;
  dp: DataParser;
}

export interface SelfClosingTk {
  type: "self";
  name: string;
  attrs: Attr[];
  dp: DataParser;
  mw?: Record<string, unknown>;
  aux?: TagAux;
}

export interface TextTk {
  type: "text";
  value: string;
  start: number;
  end: number;
  /**
   * Part of a line holding only comments and whitespace (Parsoid's "empty line"): its newline
   * does not count as a line break for paragraphs and lists.
   */
  transparent?: boolean;
}

export interface NewlineTk {
  type: "nl";
  start: number;
  end: number;
}

export interface CommentTk {
  type: "comment";
  value: string;
  start: number;
  end: number;
}

/** A list item marker (`*#:;` bullets); the list transform turns these into list tags. */
export interface ListItemTk {
  type: "listitem";
  bullets: string;
  start: number;
  end: number;
}

/** An apostrophe run that the quote transform turns into b/i tags. */
export interface QuoteTk {
  type: "quote";
  len: number;
  start: number;
  end: number;
}

/** Spaces at the start of a line (indent-pre candidate). */
export interface IndentTk {
  type: "indent";
  value: string;
  start: number;
  end: number;
}

export type Token = StartTagTk | EndTagTk | SelfClosingTk | TextTk | NewlineTk | CommentTk | ListItemTk | QuoteTk | IndentTk;
export type TagTk = StartTagTk | EndTagTk | SelfClosingTk;

export function startTag(name: string, attrs: Attr[], dp: DataParser = {}): StartTagTk {
  return { type: "start", name, attrs, dp };
}

export function endTag(name: string, dp: DataParser = {}): EndTagTk {
  return { type: "end", name, dp };
}

export function selfClosing(name: string, attrs: Attr[], dp: DataParser = {}): SelfClosingTk {
  return { type: "self", name, attrs, dp };
}

export function text(value: string, start: number, end: number): TextTk {
  return { type: "text", value, start, end };
}

export function attr(name: string, value: string): Attr {
  return { name, value };
}

/** Source start of a token (tags use their tsr), or -1 when unknown. */
export function tokenStart(tk: Token): number {
  if (tk.type === "start" || tk.type === "end" || tk.type === "self") return tk.dp.tsr?.[0] ?? -1;
  return tk.start;
}

export function tokenEnd(tk: Token): number {
  if (tk.type === "start" || tk.type === "end" || tk.type === "self") return tk.dp.tsr?.[1] ?? -1;
  return tk.end;
}

/** Whether the list holds a token of the type (a loop over the list, no closure per call). */
export function hasTokenOfType(tokens: readonly Token[], type: Token["type"]): boolean {
  for (let k = 0; k < tokens.length; k++) if (tokens[k]!.type === type) return true;
  return false;
}
