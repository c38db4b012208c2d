// Scratch tool: a longer random run than the unit test (seed and count from the command line).
import { lint } from "../../../src/lint/index.js";
import { lintEnv } from "../lint-env.js";
const FRAGMENTS = [
  "<b>", "</b>", "<i>", "</i>", "<span>", "</span>", "<div>", "</div>", "<small>", "</small>", "<table>", "</table>",
  "<tr>", "<td>", "{|", "|}", "|-", "|", "||", "!", "\n", "\n\n", "* ", "# ", ": ", "; ", "== ", " ==", "''", "'''",
  "[[Foo]]", "[[File:X.jpg|thumb|a|b]]", "[[::x]]", "[http://x.org ", "]", "{{1x|", "}}", "{{{1}}}", "<!-- c -->",
  "<nowiki>", "</nowiki>", "<pre>", "</pre>", "<tt>", "</tt>", "<font color='red'>", "</font>", " ", "x", "é😀",
  "<br />", "<b />", "<gallery>", "</gallery>", "__NOTOC__", "<span style='white-space:nowrap'>", "id='a'", "{{Gallery args}}",
];
let s = Number(process.argv[2] ?? 1) >>> 0;
const random = () => ((s = (s * 1664525 + 1013904223) >>> 0), s / 2 ** 32);
const count = Number(process.argv[3] ?? 2000);
let bad = 0;
for (let n = 0; n < count; n++) {
  let wt = "";
  const parts = 1 + Math.floor(random() * 60);
  for (let k = 0; k < parts; k++) wt += FRAGMENTS[Math.floor(random() * FRAGMENTS.length)];
  for (const offsetType of ["ucs2", "byte"] as const) {
    let items;
    try {
      items = await lint(wt, lintEnv(), { offsetType });
    } catch (e) {
      console.log("THROW", JSON.stringify(wt), e);
      bad++;
      continue;
    }
    const len = offsetType === "byte" ? new TextEncoder().encode(wt).length : wt.length;
    for (const item of items) {
      const [a, b, o, c] = item.dsr;
      if (a < 0 || b > len || a > b || (o !== null && c !== null && a + o + c > b) || (o !== null && o < 0) || (c !== null && c < 0)) {
        if (bad++ < 10) console.log(offsetType, JSON.stringify(wt), JSON.stringify(item));
      }
    }
  }
}
console.log("bad", bad);
