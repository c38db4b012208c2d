// The fuzz properties, one function each: they throw an Error that says what broke (and return
// what the report counts). Shared by the bounded CI tests (fuzz.test.ts) and the long run (run.ts).
import { html2wt, lint, wt2html, type Env } from "@wikiloom/wikitext";
import { htmlToDom, normalizeDom } from "../../packages/wikitext/src/html2wt/index.js";
import { parseHtmlFragment } from "../../packages/wikitext/src/html2wt/parse-html.js";
import { computeRanges, type SourceRange } from "../../packages/wikitext/src/html2wt/selser/ranges.js";
import type { WElement, WNode } from "../../packages/wikitext/src/dom/node.js";
import { serializeChildren } from "../../packages/wikitext/src/output/serialize.js";
import { applyRandomEdit, EDIT_KINDS, seededRandom } from "../../packages/wikitext/test/html2wt/random-edits.js";

/** Longest a single conversion of a fuzz input (a few KB) may take before it counts as a hang. */
export const CASE_TIME_LIMIT_MS = 5_000;

/** What the first source byte that did not come back belongs to, for classifying selser failures. */
export type LostIn = "none" | "text" | "comment" | "element" | "paragraph-edge-text" | "out-of-order";

export interface FailureDetails {
  /** For selser: the innermost node of the original DOM whose range holds the first lost byte. */
  lostIn?: LostIn;
  /** For selser: the source bytes between the edit and the first byte that came back. */
  lost?: string;
  /** For well-formedness: the HTML that an HTML5 parser repairs. */
  html?: string;
}

export class PropertyFailure extends Error {
  constructor(
    message: string,
    readonly details: FailureDetails = {},
  ) {
    super(message);
  }
}

function fail(message: string, details: FailureDetails = {}): never {
  throw new PropertyFailure(message, details);
}

/**
 * The kind of the innermost node whose source range holds offset `at` ("none": bytes the DOM has
 * no node for, such as a stray end tag, which only a verbatim copy can keep).
 */
function nodeKindAt(ranges: Map<WNode, SourceRange>, body: WElement, at: number): LostIn {
  let best: { node: WNode; size: number } | null = null;
  for (const [node, range] of ranges) {
    if (node === body || range.start > at || at >= range.end) continue;
    const size = range.end - range.start;
    if (!best || size < best.size || (size === best.size && node.kind !== "element")) best = { node, size };
  }
  if (!best) return "none";
  // Inside an element's content but in none of its children: bytes no node stands for either.
  const range = ranges.get(best.node)!;
  if (best.node.kind === "element" && range.contentStart !== undefined && range.contentEnd !== undefined && range.contentStart <= at && at < range.contentEnd) return "none";
  return best.node.kind;
}

/**
 * Whether offset `at` lies in the extent of a paragraph that DOM-level wrapping created and
 * whose dsr comes from its element children only (text carries no source position): the text
 * before its first element or after its last lies outside its dsr.
 */
function inParagraphEdgeText(ranges: Map<WNode, SourceRange>, body: WElement, at: number, sourceLength: number): boolean {
  const kids = body.children;
  const rangedSibling = (from: number, step: number): SourceRange | null => {
    for (let k = from; k >= 0 && k < kids.length; k += step) {
      const r = ranges.get(kids[k]!);
      if (r) return r;
    }
    return null;
  };
  const textEdge = (n: WNode | undefined): boolean => n?.kind === "text" && n.value.trim() !== "";
  for (let i = 0; i < kids.length; i++) {
    const p = kids[i]!;
    if (p.kind !== "element" || p.name !== "p" || !p.dp?.autoInsertedStart || !p.dp.autoInsertedEnd) continue;
    const lo = rangedSibling(i - 1, -1)?.end ?? 0;
    const hi = rangedSibling(i + 1, 1)?.start ?? sourceLength;
    // The byte before its extent counts too: the separator from the block before it.
    if (at < lo - 1 || at >= hi) continue;
    // The paragraph's range misses text at an edge: anything lost in its extent may stem from it.
    const dsr = p.dp.dsr;
    const own = dsr ? { start: dsr[0], end: dsr[1] } : undefined;
    if ((textEdge(p.children[0]) && (own?.start ?? hi) > lo) || (textEdge(p.children[p.children.length - 1]) && (own?.end ?? lo) < hi)) return true;
  }
  return false;
}

/**
 * Whether offset `at` lies where an inferred range (of a node without dsr of its own: text, or an
 * element HTML5 inserted such as the empty <p> of a stray </p>) overlaps a sibling's range.
 */
function inOverlappingInferredRange(ranges: Map<WNode, SourceRange>, body: WElement, at: number): boolean {
  for (const [node, range] of ranges) {
    if (node === body || !node.parent || (node.kind === "element" && node.dp?.dsr)) continue;
    for (const sibling of node.parent.children) {
      const other = sibling === node ? undefined : ranges.get(sibling);
      if (!other || other.start >= range.end || range.start >= other.end) continue;
      if (Math.min(range.start, other.start) <= at && at < Math.max(range.end, other.end)) return true;
    }
  }
  return false;
}

/** Whether two sibling elements' dsr overlap in the source (selser then trusts neither fully). */
function hasOverlappingSiblings(body: WElement): boolean {
  const stack: WElement[] = [body];
  while (stack.length > 0) {
    const el = stack.pop()!;
    const dsrs = el.children.flatMap((c) => (c.kind === "element" && c.dp?.dsr ? [c.dp.dsr] : []));
    for (let i = 0; i < dsrs.length; i++) {
      for (let j = i + 1; j < dsrs.length; j++) {
        const [aStart, aEnd] = dsrs[i]!;
        const [bStart, bEnd] = dsrs[j]!;
        if (aStart < bEnd && bStart < aEnd) return true;
      }
    }
    for (const c of el.children) if (c.kind === "element") stack.push(c);
  }
  return false;
}

/**
 * Whether offset `at` lies in a table whose content HTML5 fostered out: fostered nodes stand right
 * before it (past the newlines that moved out of a fostered paragraph). Their holder's own dsr is
 * empty by design (the table's source holds the content), so an edit inside them can lose the
 * table's bytes however the rest of the page looks.
 */
function inTableWithFosteredContent(ranges: Map<WNode, SourceRange>, body: WElement, at: number): boolean {
  const stack: WElement[] = [body];
  while (stack.length > 0) {
    const kids = stack.pop()!.children;
    for (let i = 0; i < kids.length; i++) {
      const table = kids[i]!;
      if (table.kind !== "element") continue;
      stack.push(table);
      const range = table.name === "table" ? ranges.get(table) : undefined;
      if (!range || at < range.start || at >= range.end) continue;
      let k = i - 1;
      // (Past whitespace, and past nodes the edit inserted: they have no parse data.)
      while (k >= 0 && ((kids[k]!.kind === "text" && (kids[k] as { value: string }).value.trim() === "") || (kids[k]!.kind === "element" && !(kids[k] as WElement).dp))) k--;
      const before = kids[k];
      if (before !== undefined && before.kind === "element" && before.dp?.fostered === true) return true;
    }
  }
  return false;
}

/** Classifies the first lost byte for the known-issues list. */
function lostIn(ranges: Map<WNode, SourceRange>, body: WElement, at: number, sourceLength: number): LostIn {
  if (inTableWithFosteredContent(ranges, body, at)) return "out-of-order";
  if (inParagraphEdgeText(ranges, body, at, sourceLength)) return "paragraph-edge-text";
  if (inOverlappingInferredRange(ranges, body, at)) return "text";
  // Sibling ranges that overlap although both come from dsr: content HTML5 moved (fostered out
  // of a table), so the DOM order is not the source order anywhere after it.
  if (hasOverlappingSiblings(body)) return "out-of-order";
  return nodeKindAt(ranges, body, at);
}

/**
 * The ranges of the nodes a client may edit: not those inside a transclusion's output (editors
 * edit the template call, never its expansion), so random edits never pick them.
 */
function editableRanges(ranges: Map<WNode, SourceRange>): Map<WNode, SourceRange> {
  const insideTransclusion = (node: WNode): boolean => {
    for (let n: WNode | null = node; n; n = n.parent) if (n.kind === "element" && n.getAttribute("about") !== null) return true;
    return false;
  };
  return new Map([...ranges].filter(([node]) => !insideTransclusion(node)));
}

/** Runs `work`, failing when it takes longer than the limit (a loop that did end, but far too late). */
async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  const elapsed = performance.now() - start;
  if (elapsed > CASE_TIME_LIMIT_MS) fail(`${what} took ${elapsed.toFixed(0)} ms`);
  return result;
}

/** The first position where two strings differ, with a little context from each. */
export function firstDifference(actual: string, expected: string): string {
  let i = 0;
  while (i < actual.length && i < expected.length && actual[i] === expected[i]) i++;
  return `at ${i}: got ${JSON.stringify(actual.slice(Math.max(0, i - 20), i + 40))}, expected ${JSON.stringify(expected.slice(Math.max(0, i - 20), i + 40))}`;
}

/**
 * Well-formed: an HTML5 parser (parse5, as a browser would) builds exactly the tree the engine
 * serialized, so serializing that tree again gives back the same text.
 */
export function checkWellFormed(html: string): void {
  const reparsed = serializeChildren(parseHtmlFragment(html, "body"), { inlineDataParser: false });
  if (reparsed !== html) fail(`output is not well-formed HTML (an HTML5 parser repairs it) ${firstDifference(reparsed, html)}`, { html });
}

/** wt2html never throws, ends in time, and writes well-formed HTML. */
export async function checkWt2Html(wikitext: string, env: Env): Promise<string> {
  const { html } = await timed("wt2html", () => wt2html(wikitext, env, { bodyOnly: true }));
  checkWellFormed(html);
  return html;
}

/**
 * The HTML a client sends back after loading it into a DOM and saving without edits: the same
 * tree, serialized again (so not byte-identical to what the engine wrote: quoting may differ).
 */
function clientRoundTrip(html: string): string {
  return serializeChildren(htmlToDom(html), { inlineDataParser: true });
}

/**
 * wikitext → HTML → wikitext without edits reproduces the input byte for byte: the HTML (as a
 * client saves it back) is serialized against the original wikitext, as the service does.
 */
export async function checkRoundTrip(wikitext: string, html: string, env: Env): Promise<void> {
  const output = await timed("html2wt (no edits)", () => html2wt(clientRoundTrip(html), env, { original: { wikitext } }));
  if (output !== wikitext) fail(`wt2wt is not byte-identical ${firstDifference(output, wikitext)}`);
}

/**
 * The full serializer (no original at hand) never throws, and what it writes converts again.
 * Returns whether it happened to reproduce the input exactly (counted in the report only: the
 * full serializer normalises syntax by design).
 */
export async function checkFullSerialization(wikitext: string, html: string, env: Env): Promise<boolean> {
  const output = await timed("html2wt (full)", () => html2wt(html, env));
  await checkWt2Html(output, env);
  return output === wikitext;
}

/**
 * Selective serialization after one random edit (kind and node chosen by `editSeed`) keeps
 * every byte outside the edited node's source range. Returns false when the document has no
 * node of the chosen kind.
 */
export async function checkSelserEdit(wikitext: string, html: string, env: Env, editSeed: number): Promise<boolean> {
  const random = seededRandom(editSeed);
  const body = htmlToDom(html);
  normalizeDom(body, { scrub: false });
  const ranges = computeRanges(body, wikitext);
  const kind = EDIT_KINDS[Math.floor(random() * EDIT_KINDS.length)]!;
  const edit = applyRandomEdit(body, kind, editableRanges(ranges), random);
  if (!edit) return false;
  const edited = serializeChildren(body, { inlineDataParser: true });
  const output = await timed("selser", () => html2wt(edited, env, { original: { wikitext, html } }));
  const { start, end } = edit.range;
  const suffix = wikitext.length - end;
  if (output.slice(0, start) !== wikitext.slice(0, start)) {
    let at = 0;
    while (output[at] === wikitext[at]) at++;
    fail(`selser (${edit.describe}) changed bytes before the edit ${firstDifference(output.slice(0, start), wikitext.slice(0, start))}`, { lostIn: lostIn(ranges, body, at, wikitext.length), lost: wikitext.slice(at, start) });
  }
  if (output.length < suffix || output.slice(output.length - suffix) !== wikitext.slice(end)) {
    // The last source byte (counting back from the end) that did not come back.
    let common = 0;
    while (common < suffix && output[output.length - 1 - common] === wikitext[wikitext.length - 1 - common]) common++;
    const at = wikitext.length - 1 - common;
    fail(`selser (${edit.describe}) changed bytes after the edit [${start}, ${end}) ${firstDifference(output.slice(Math.max(0, output.length - suffix)), wikitext.slice(end))}`, { lostIn: lostIn(ranges, body, at, wikitext.length), lost: wikitext.slice(end, at + 1) });
  }
  await checkWt2Html(output, env);
  return true;
}

/** html2wt on arbitrary HTML never throws, and the wikitext it writes converts again. */
export async function checkHtml2Wt(html: string, env: Env): Promise<void> {
  for (const scrubWikitext of [false, true]) {
    const wikitext = await timed("html2wt", () => html2wt(html, env, { scrubWikitext }));
    if (typeof wikitext !== "string") fail("html2wt returned no string");
    await checkWt2Html(wikitext, env);
  }
}

/** lint never throws, and every item's range lies inside the document, in order. */
export async function checkLint(wikitext: string, env: Env): Promise<number> {
  const items = await timed("lint", () => lint(wikitext, env));
  for (const item of items) {
    const dsr = item.dsr as readonly unknown[] | undefined;
    if (!dsr) continue;
    const [start, end] = dsr as [number, number];
    if (!(start >= 0 && end >= start && end <= wikitext.length)) fail(`lint item ${item.type} has range [${start}, ${end}] outside [0, ${wikitext.length}]`);
  }
  return items.length;
}
