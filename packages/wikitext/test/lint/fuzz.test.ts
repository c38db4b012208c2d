// Random wikitext built from syntax fragments: the linter never throws, and every range lies in
// the source with its tag widths inside it.
import { describe, expect, it } from "vitest";
import { lint } from "../../src/lint/index.js";
import { lintEnv } from "./lint-env.js";

const FRAGMENTS = [
  "<b>", "</b>", "<i>", "</i>", "<span>", "</span>", "<div>", "</div>", "<small>", "</small>", "<table>", "</table>",
  "<tr>", "<td>", "{|", "|}", "|-", "|", "||", "!", "\n", "\n\n", "* ", "# ", ": ", "; ", "== ", " ==", "''", "'''",
  "[[Foo]]", "[[File:X.jpg|thumb|a|b]]", "[[::x]]", "[http://x.org ", "]", "{{1x|", "}}", "{{{1}}}", "<!-- c -->",
  "<nowiki>", "</nowiki>", "<pre>", "</pre>", "<tt>", "</tt>", "<font color='red'>", "</font>", " ", "x", "é😀",
  "<br />", "<b />", "<gallery>", "</gallery>", "__NOTOC__", "<span style='white-space:nowrap'>", "id='a'",
];

/** Deterministic pseudo-random numbers (the test must fail the same way every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("lint on random wikitext", () => {
  it("keeps every lint range inside the source", async () => {
    const random = rng(42);
    for (let n = 0; n < 150; n++) {
      let wt = "";
      const parts = 1 + Math.floor(random() * 40);
      for (let k = 0; k < parts; k++) wt += FRAGMENTS[Math.floor(random() * FRAGMENTS.length)];
      const items = await lint(wt, lintEnv());
      for (const item of items) {
        const [start, end, open, close] = item.dsr;
        const where = `${JSON.stringify(wt)} ${JSON.stringify(item)}`;
        expect(start, where).toBeGreaterThanOrEqual(0);
        expect(end, where).toBeLessThanOrEqual(wt.length);
        expect(start, where).toBeLessThanOrEqual(end);
        if (open !== null && close !== null) expect(start + open + close, where).toBeLessThanOrEqual(end);
      }
    }
  }, 60_000);
});
