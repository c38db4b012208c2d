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

export class PropertyFailure extends Error {
  constructor(
    message: string,
    /** For selser: whether the lost bytes belong to no node of the original DOM. */
    readonly unownedSource = false,
  ) {
    super(message);
  }
}

function fail(message: string, unownedSource = false): never {
  throw new PropertyFailure(message, unownedSource);
}

/**
 * Whether source offset `at` lies outside every node's range: bytes the DOM has no node for
 * (a stray end tag, table syntax outside a table), which only a verbatim copy can keep.
 */
function unowned(ranges: Map<WNode, SourceRange>, body: WElement, at: number): boolean {
  for (const [node, range] of ranges) if (node !== body && range.start <= at && at < range.end) return false;
  return true;
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
  if (reparsed !== html) fail(`output is not well-formed HTML (an HTML5 parser repairs it) ${firstDifference(reparsed, html)}`);
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
  const edit = applyRandomEdit(body, kind, ranges, random);
  if (!edit) return false;
  const edited = serializeChildren(body, { inlineDataParser: true });
  const output = await timed("selser", () => html2wt(edited, env, { original: { wikitext, html } }));
  const { start, end } = edit.range;
  const suffix = wikitext.length - end;
  if (output.slice(0, start) !== wikitext.slice(0, start)) {
    let at = 0;
    while (output[at] === wikitext[at]) at++;
    fail(`selser (${edit.describe}) changed bytes before the edit ${firstDifference(output.slice(0, start), wikitext.slice(0, start))}`, unowned(ranges, body, at));
  }
  if (output.length < suffix || output.slice(output.length - suffix) !== wikitext.slice(end)) {
    // The last source byte (counting back from the end) that did not come back.
    let common = 0;
    while (common < suffix && output[output.length - 1 - common] === wikitext[wikitext.length - 1 - common]) common++;
    const at = wikitext.length - 1 - common;
    fail(`selser (${edit.describe}) changed bytes after the edit [${start}, ${end}) ${firstDifference(output.slice(Math.max(0, output.length - suffix)), wikitext.slice(end))}`, unowned(ranges, body, at));
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
