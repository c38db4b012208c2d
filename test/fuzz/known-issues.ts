// Failure classes the fuzzer finds that are not fixed yet, each with a counterexample. A failure
// that matches one is counted and reported (never silently passed); any other failure fails the
// run. Keep this list short: fix the engine and move the counterexample to regressions.test.ts.
import type { LostIn } from "./properties.js";

export type PropertyName = "wt2html" | "roundtrip" | "selser" | "html2wt" | "lint" | "full-serialization";

export interface FailureRecord {
  property: PropertyName;
  input: string;
  message: string;
  /** For selser failures: what held the first source byte that did not come back. */
  lostIn: LostIn | null;
  /** For well-formedness failures: the engine's HTML. */
  html?: string;
}

export interface KnownIssue {
  id: string;
  property: PropertyName;
  summary: string;
  /** A shrunk input showing it (for selser, with the edit seed that picks the edit). */
  counterexample: { wikitext: string; editSeed?: number };
  matches(failure: FailureRecord): boolean;
}

/** Whether offset `at` of the HTML lies inside an <a> element (an unclosed `<a` before it). */
function insideLink(html: string, at: number): boolean {
  const before = html.slice(0, at);
  return before.lastIndexOf("<a ") > before.lastIndexOf("</a>");
}

export const KNOWN_ISSUES: readonly KnownIssue[] = [
  {
    id: "selser-unowned-source",
    property: "selser",
    summary:
      "Source bytes that no DOM node stands for are dropped when a node next to them is edited. Stray end tags have " +
      "placeholders through dsr and encapsulation, and selser keeps stray tags, comments left open, the empty <p> of a " +
      "stray </p>, text after a transclusion's group, and formatting left open at a line end whose copy HTML5 reopens " +
      "empty in the next paragraph (that copy stands for no source). What remains is formatting reopened around text " +
      "(`''e</p>zc`: the italic copy holding \"zc\" has no tags of its own) and quote runs that made no element: a " +
      "paragraph added before them rewrites or loses them.",
    counterexample: { wikitext: "PMID 1*''e&nbsp;</p>zcthwgmc", editSeed: 3 },
    matches: (f) => f.property === "selser" && f.lostIn === "none",
  },
  {
    id: "selser-inferred-text-range",
    property: "selser",
    summary:
      "Text nodes (and elements HTML5 inserts, such as the empty <p> of a stray </p>) carry no source range; selser infers " +
      "one from the gaps between their neighbours. Next to an edit such a node is re-serialized with fresh escaping or " +
      "spacing (spaces that start a line after a new paragraph, stray tags in a separator before an edited node, which " +
      "Parsoid drops too), or its inferred range overlaps a sibling's and source is written twice. Mid-line text whose " +
      "edges meet what they met in the source or join no markup is kept as written, and whitespace between list items " +
      "keeps its source when an item next to it is deleted.",
    counterexample: { wikitext: "qkdx{{{word  \n <div>!", editSeed: 2034216508 },
    matches: (f) => f.property === "selser" && f.lostIn === "text",
  },
  {
    id: "selser-fostered-content",
    property: "selser",
    summary:
      "Content HTML5 moves out of an unclosed table (fostering) comes before the table in the DOM but inside its source " +
      "range. Unedited fostered content is written by its unedited table's source; when the content or the table is " +
      "edited, the table is written anew with the fostered content (and nodes inserted next to it) first inside it, as " +
      "Parsoid does. What remains: a fostered holder paragraph whose range is the table's own has no content range, so " +
      "edited it is written anew and the whitespace between the table's syntax and it (\"{|\\n\") is fitted anew; " +
      "fostered content whose source does not come first in the table (after a row) keeps the old order.",
    counterexample: { wikitext: "{|\n''n''[[E]]", editSeed: 1442533930 },
    matches: (f) => f.property === "selser" && f.lostIn === "out-of-order",
  },
  {
    id: "wt2html-link-holding-block",
    property: "wt2html",
    summary:
      "A wikilink whose text holds a block (`[[Main Page|x <pre>y</pre>]]`) is paragraph-wrapped whole, as Parsoid does " +
      "(wikiLinks.txt \"<pre> inside a link\"): the <p> then holds a block, which an HTML5 parser repairs.",
    counterexample: { wikitext: "[[Main Page|the main page <pre>[it's not very good]</pre>]]" },
    // Any property that converts wikitext checks its HTML, so any of them may meet this.
    matches: (f) => {
      const at = /^output is not well-formed HTML .*?at (\d+):/.exec(f.message);
      return at !== null && f.html !== undefined && insideLink(f.html, Number(at[1]));
    },
  },
];

/**
 * Counterexamples of failures not yet understood well enough to form a class: documented here,
 * not excused (the properties still fail on them).
 */
export const OPEN_COUNTEREXAMPLES: ReadonlyArray<{ property: PropertyName; wikitext: string; editSeed?: number; note: string }> = [];

export function knownIssueFor(failure: FailureRecord): KnownIssue | null {
  return KNOWN_ISSUES.find((issue) => issue.matches(failure)) ?? null;
}
