// Maps dsr from offsets in the preprocessed text back to the page source. Nodes produced by a
// transclusion all get the transclusion's source range (with unknown tag widths: their tags are
// not in the page), and an encapsulation group's first node gets the group's range.
import { walkElements, type WElement } from "../node.js";
import type { ExpansionMap } from "../../preprocessor/offset-map.js";
import type { Dsr } from "../data-parser.js";
import type { EncapsulatedGroup } from "./encapsulate.js";

export function mapDsrToSource(body: WElement, map: ExpansionMap, groups: readonly EncapsulatedGroup[]): void {
  // Some elements share their parse data (formatting that tree building reopened, a figure and
  // its placeholder). Every dsr is read before any is written, so a shared one is mapped from
  // the same offsets each time and written the same values: no set of the dsrs already mapped
  // (a hash insertion per element of the page).
  const dsrs: Dsr[] = [];
  walkElements(body, (el) => {
    const dsr = el.dp?.dsr;
    if (dsr) dsrs.push(dsr);
  });
  const mapped = new Float64Array(dsrs.length * 4);
  for (let k = 0; k < dsrs.length; k++) mapDsr(dsrs[k]!, map, mapped, k * 4);
  for (let k = 0; k < dsrs.length; k++) {
    const dsr = dsrs[k]!;
    const at = k * 4;
    dsr[0] = mapped[at]!;
    dsr[1] = mapped[at + 1]!;
    dsr[2] = mapped[at + 2]!;
    dsr[3] = mapped[at + 3]!;
  }
  for (const g of groups) {
    const dp = g.first.dp ?? (g.first.dp = {});
    dp.dsr = [g.srcStart, g.srcEnd, 0, 0];
  }
}

/** Writes the page-source dsr of `dsr` (offsets in the preprocessed text) to `out` at `at`. */
function mapDsr(dsr: Dsr, map: ExpansionMap, out: Float64Array, at: number): void {
  // Indexed reads: array destructuring allocated an iterator result per element here (~3% of
  // wt2html's allocations on the corpus).
  const start = dsr[0];
  const end = dsr[1];
  const open = dsr[2];
  const close = dsr[3];
  // One search per edge serves both its source offset and whether it lies in an expansion
  // (as toSource and expansionAt would find them).
  const first = map.indexForStart(start);
  const before = first >= 0 ? map.at(first) : null;
  const startInside = before !== null && start < before.outEnd;
  const srcStart = before === null ? start : startInside ? before.srcStart : before.srcEnd + (start - before.outEnd);
  const last = map.indexForEnd(end);
  const ending = last >= 0 ? map.at(last) : null;
  const endInside = ending !== null && end <= ending.outEnd;
  const srcEnd = Math.max(srcStart, endInside ? ending.srcEnd : map.clampToNext(last, ending === null ? end : ending.srcEnd + (end - ending.outEnd)));
  // Tag widths still hold when both tags were written on the page. An element closed without
  // an end tag (a table cell ended by the next line) has only its start tag to check: its
  // content may well end inside a template.
  const tagsOnPage = !startInside && (end === start || close === 0 || !endInside);
  const widthsFit = tagsOnPage && srcEnd - srcStart >= open + close;
  out[at] = srcStart;
  out[at + 1] = srcEnd;
  out[at + 2] = widthsFit ? open : 0;
  out[at + 3] = widthsFit ? close : 0;
}
