// Maps dsr from offsets in the preprocessed text back to the page source. Nodes produced by a
// transclusion all get the transclusion's source range (with unknown tag widths: their tags are
// not in the page), and an encapsulation group's first node gets the group's range.
import { walkElements, type WElement } from "../node.js";
import type { ExpansionMap } from "../../preprocessor/offset-map.js";
import type { EncapsulatedGroup } from "./encapsulate.js";

export function mapDsrToSource(body: WElement, map: ExpansionMap, groups: readonly EncapsulatedGroup[]): void {
  // Some elements share their parse data (a figure and its placeholder): map each dsr once.
  const mapped = new Set<unknown>();
  walkElements(body, (el) => {
    const dsr = el.dp?.dsr;
    if (!dsr || mapped.has(dsr)) return;
    mapped.add(dsr);
    const [start, end, open, close] = dsr;
    const srcStart = map.toSource(start, "start");
    const srcEnd = Math.max(srcStart, map.toSource(end, "end"));
    // Tag widths still hold when both tags were written on the page. An element closed without
    // an end tag (a table cell ended by the next line) has only its start tag to check: its
    // content may well end inside a template.
    const tagsOnPage = map.expansionAt(start) === null && (end === start || close === 0 || map.expansionAt(end - 1) === null);
    const widthsFit = tagsOnPage && srcEnd - srcStart >= open + close;
    dsr[0] = srcStart;
    dsr[1] = srcEnd;
    dsr[2] = widthsFit ? open : 0;
    dsr[3] = widthsFit ? close : 0;
  });
  for (const g of groups) {
    const dp = g.first.dp ?? (g.first.dp = {});
    dp.dsr = [g.srcStart, g.srcEnd, 0, 0];
  }
}
