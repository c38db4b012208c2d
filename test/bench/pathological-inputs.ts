/**
 * Pathological wikitext for the linearity benchmark. Each generator takes a size n and returns a
 * document in which the construct is repeated or nested n times; the benchmark converts sizes n,
 * 2n and 4n, and a linear engine takes about twice as long for each doubling.
 *
 * The first six are the shapes issue #3 names; the rest are other classic ways to make a parser
 * quadratic: deep nesting (HTML, tables, arguments, links), many unclosed or misnested tags,
 * repeated names that must be made unique, very wide tables, repeated media options, and inline
 * elements left open around blocks (which paragraph wrapping splits).
 */
export interface PathologicalInput {
  name: string;
  /**
   * Which conversion is timed: wt2html of the document (the default); html2wt of the
   * document's HTML (converted once per size, untimed), with no original: full serialization;
   * selser: the HTML with its last text edited, back to wikitext with the original supplied;
   * or lint of the document.
   */
  direction?: "wt2html" | "html2wt" | "selser" | "lint";
  /** The base size n (the benchmark may scale it up so that one run is long enough to time). */
  n: number;
  unit: string;
  generate(size: number): string;
}

/** Filler words so that long lines are not a single run of one character. */
function words(length: number): string {
  const pattern = "lorem ipsum [[dolor]] sit ''amet'', consectetur {{adipiscing}} elit <b>sed</b> do eiusmod ";
  return pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);
}

/** Ten lines nested `size` levels deep, alternating list kinds so no line continues the last. */
function deepListPrefixes(size: number): string {
  return Array.from({ length: 10 }, (_, i) => `${(i % 2 ? "*#:" : "#*;").repeat(Math.ceil(size / 3)).slice(0, size)} item ${i}`).join("\n");
}

/** `open` n times, some text, then `close` n times: n levels of nesting. */
function nested(open: string, close: string): (size: number) => string {
  return (size) => `${open.repeat(size)}x${close.repeat(size)}`;
}

export const PATHOLOGICAL_INPUTS: PathologicalInput[] = [
  // The shapes of issue #3.
  { name: "unclosed [[", n: 100_000, unit: "openers", generate: (size) => "[[a ".repeat(size) },
  { name: "unclosed {{", n: 100_000, unit: "openers", generate: (size) => "{{a ".repeat(size) },
  { name: "unclosed '''", n: 100_000, unit: "openers", generate: (size) => "'''a ".repeat(size) },
  { name: "unclosed <b>", n: 100_000, unit: "openers", generate: (size) => "<b>a ".repeat(size) },
  {
    name: "deep list prefixes",
    n: 10_000,
    unit: "levels",
    generate: deepListPrefixes,
  },
  { name: "one long line", n: 1_000_000, unit: "bytes", generate: (size) => words(size) },
  // Deep nesting.
  { name: "nested <div>", n: 20_000, unit: "levels", generate: nested("<div>", "</div>") },
  { name: "nested tables", n: 5_000, unit: "levels", generate: nested("{|\n|\n", "\n|}") },
  { name: "nested {{{", n: 20_000, unit: "levels", generate: nested("{{{", "}}}") },
  { name: "nested {{", n: 20_000, unit: "levels", generate: nested("{{", "}}") },
  { name: "[[ inside [[", n: 20_000, unit: "levels", generate: nested("[[a|", "]]") },
  // Many unclosed or misnested tags.
  { name: "unclosed <ref>", n: 20_000, unit: "openers", generate: (size) => "<ref>a ".repeat(size) },
  { name: "unclosed <div>", n: 20_000, unit: "openers", generate: (size) => "<div>a ".repeat(size) },
  { name: "unclosed <span>", n: 20_000, unit: "openers", generate: (size) => "<span>a ".repeat(size) },
  { name: "unclosed <table><tr><td>", n: 10_000, unit: "openers", generate: (size) => "<table><tr><td>".repeat(size) },
  { name: "misnested <i><b>", n: 20_000, unit: "pairs", generate: (size) => "<i><b>a</i>b</b> ".repeat(size) },
  { name: "unclosed wiki tables", n: 10_000, unit: "tables", generate: (size) => "{|\n|a\n".repeat(size) },
  // Long runs and wide constructs.
  { name: "run of '", n: 1_000_000, unit: "apostrophes", generate: (size) => "'".repeat(size) },
  { name: "100k | cells", n: 100_000, unit: "cells", generate: (size) => `{|\n|${"a||".repeat(size)}\n|}` },
  { name: "repeated headings", n: 20_000, unit: "headings", generate: (size) => "== a ==\n".repeat(size) },
  { name: "references", n: 10_000, unit: "refs", generate: (size) => `${"<ref>a</ref> ".repeat(size)}\n<references/>` },
  { name: "media captions", n: 100_000, unit: "options", generate: (size) => `[[File:A.jpg${"|x".repeat(size)}]]` },
  {
    name: "open <b> around blocks",
    n: 1_000,
    unit: "levels",
    // Distinct attributes, so HTML5's limit on identical formatting elements does not apply.
    generate: (size) => Array.from({ length: size }, (_, i) => `<b class="c${i}">a<div>x</div>`).join(""),
  },
  // HTML -> wikitext, on shapes that once made it quadratic: one long line (each question about
  // the current line flattened it), text full of openers nothing closes (a lazy pattern scanned
  // to the line's end from each), a wide row and a long definition list (each cell or item
  // searched its row or list for itself), and an edit at the bottom of deep lists (the diff
  // compared the whole depth at every level).
  // Lint: HTML tables nested in tables (each looked for an enclosing list item up the whole depth).
  { name: "lint: unclosed <table><tr><td>", direction: "lint", n: 10_000, unit: "openers", generate: (size) => "<table><tr><td>".repeat(size) },
  { name: "html2wt: one long line", direction: "html2wt", n: 200_000, unit: "bytes", generate: (size) => words(size) },
  { name: "html2wt: unclosed [[ and {{", direction: "html2wt", n: 50_000, unit: "openers", generate: (size) => "[[a {{b ".repeat(size) },
  { name: "html2wt: long definition list", direction: "html2wt", n: 20_000, unit: "items", generate: (size) => "; a\n: b\n".repeat(size) },
  { name: "html2wt: 100k | cells", direction: "html2wt", n: 50_000, unit: "cells", generate: (size) => `{|\n|${"a||".repeat(size)}\n|}` },
  {
    name: "selser: deep list prefixes",
    direction: "selser",
    n: 2_000,
    unit: "levels",
    generate: deepListPrefixes,
  },
  {
    name: "html2wt: comments on a line",
    direction: "html2wt",
    n: 20_000,
    unit: "comments",
    // Comments opening a line keep it at its start: the serializer asks whether it still is, after each.
    generate: (size) => `${"<!--c-->".repeat(size)} text`,
  },
];
