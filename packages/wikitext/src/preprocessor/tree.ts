// The preprocessor's parse tree: what MediaWiki's preprocessor builds before expanding anything.
// Literal text is kept as plain strings; every other node remembers where it came from in its
// source (UTF-16 offsets), because top-level transclusions need their exact source text for
// data-mw and their position for the offset map.

export type PPNode = string | PPComment | PPExt | PPIgnore | PPEquals | PPBrace;

/** `<!-- ... -->`, possibly with the spaces and newline around it that MediaWiki eats. */
export interface PPComment {
  kind: "comment";
  start: number;
  end: number;
}

/** An extension tag (`<nowiki>`, `<pre>`, the site's tags): opaque to the preprocessor. */
export interface PPExt {
  kind: "ext";
  /** Tag name as written. */
  name: string;
  /** Attribute text between the name and `>` (or `/>`), whitespace included. */
  attr: string;
  /** Content between the tags; null for a self-closed tag. */
  inner: string | null;
  /** The closing tag as written; null when self-closed or running to the end of the text. */
  close: string | null;
  start: number;
  end: number;
}

/** Text that does not count in this mode: `<noinclude>` tags, `<includeonly>` sections, ... */
export interface PPIgnore {
  kind: "ignore";
  start: number;
  end: number;
  /**
   * An include directive Parsoid shows as a `mw:Includes/*` meta: on a page every ignored text
   * is one (its `<noinclude>`/`<onlyinclude>` tags and `<includeonly>` sections); in a
   * transcluded text only the `<onlyinclude>` tags are (Parsoid's OnlyInclude keeps them as
   * metas), not the text outside them. Such text stays in the output where the page's own
   * markup is kept (see `Keep`).
   */
  directive: boolean;
}

/** The first `=` of a template part, separating the parameter name from its value. */
export interface PPEquals {
  kind: "equals";
  pos: number;
}

/** One `|`-separated part of a template or argument. */
export interface PPPart {
  /** Children of the part (the name, the `=` node and the value for named parts). */
  nodes: PPNode[];
  /** Index of the `=` node in `nodes`, for named parts. */
  eqIndex: number | null;
  start: number;
  end: number;
  /** Source offset of the `=`, for named parts. */
  eqPos: number | null;
}

/** `{{...}}` (template) or `{{{...}}}` (template argument). */
export interface PPBrace {
  kind: "template" | "tplarg";
  /** The target part (before the first `|`). */
  title: PPPart;
  /** The other parts, in order. */
  parts: PPPart[];
  /** Whether the braces start a line (matters for the "starts with a block" newline rule). */
  lineStart: boolean;
  start: number;
  end: number;
}

/** The preprocessed form of one text: its nodes and the text they index into. */
export interface PPTree {
  source: string;
  nodes: PPNode[];
  /** Characters examined and steps taken while building (a work counter for linearity checks). */
  work: number;
  /** Whether the text was read for inclusion with `<onlyinclude>` sections (directive nodes at its top level). */
  onlyinclude: boolean;
}

/**
 * What an expansion keeps of the markup MediaWiki drops (a bit set). Parsoid tokenizes the
 * page's own text, argument values included, so comments and include directives written there
 * become nodes of the page; a template's own comments and include tags are gone, except its
 * `<onlyinclude>` tags when its output is a transclusion on the page.
 */
export type Keep = number;
export const KEEP_NOTHING: Keep = 0;
export const KEEP_DIRECTIVES: Keep = 1;
export const KEEP_COMMENTS: Keep = 2;
export const KEEP_PAGE_MARKUP: Keep = KEEP_DIRECTIVES | KEEP_COMMENTS;

/** A part's name nodes (before `=`) for named parts. */
export function partNameNodes(part: PPPart): PPNode[] {
  return part.eqIndex === null ? [] : part.nodes.slice(0, part.eqIndex);
}

/** A part's value nodes (after `=` for named parts, everything otherwise). */
export function partValueNodes(part: PPPart): PPNode[] {
  return part.eqIndex === null ? part.nodes : part.nodes.slice(part.eqIndex + 1);
}
