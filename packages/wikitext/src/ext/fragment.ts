// Wikitext bodies of extensions (spantag, ref, poem lines, gallery captions...): parsed after the
// main grammar run, each with its own template expansion, then moved into the wrapper element
// once the main tree is built. Fragment dsr is relative to the fragment's source; it is shifted
// to the page source when the source stands there verbatim, and dropped otherwise (a body
// produced by a template, a caption taken from an attribute value).
import { walkElements, type WElement, type WNode } from "../dom/node.js";
import type { FragmentContext, FragmentRequest } from "./types.js";

/** Parses one body; `request` says where it stands (its offset in the text being tokenized). */
export type FragmentParser = (source: string, context: FragmentContext, request: FragmentRequest) => Promise<WElement>;

/** Deepest nesting of extension bodies inside extension bodies. */
const MAX_FRAGMENT_DEPTH = 20;

export async function resolveFragments(requests: readonly FragmentRequest[], parse: FragmentParser, depth: number): Promise<void> {
  if (requests.length === 0) return;
  // Plain sources first, all at once; then the sources built from them.
  await Promise.all(requests.map((r) => (typeof r.source === "string" ? resolveFragment(r, r.source, parse, depth) : null)));
  await Promise.all(requests.map((r) => (typeof r.source === "function" ? resolveFragment(r, r.source(), parse, depth) : null)));
}

/** Parses one body into its request (a module function: a named closure per call costs its name under tsx). */
async function resolveFragment(request: FragmentRequest, source: string, parse: FragmentParser, depth: number): Promise<void> {
  // Content a handler built itself (ExtensionContext.nodes) is no wikitext.
  if (request.nodes) return;
  if (depth >= MAX_FRAGMENT_DEPTH) {
    request.nodes = [];
    return;
  }
  const body = await parse(source, request.context, request);
  const nodes = [...body.children];
  for (const n of nodes) n.parent = null;
  request.nodes = nodes;
}

/**
 * Where a span of the tokenized text is in the page source, or null when it is not there
 * verbatim (template output).
 */
export type SourceLocator = (start: number, end: number) => number | null;

/** Moves every resolved fragment into its wrapper element. */
export function unpackFragments(root: WElement, locate: SourceLocator): void {
  walkElements(root, (el) => unpackFragment(el, locate));
}

/**
 * A fragment whose nodes a wrapper keeps as data (FragmentRequest.consume), held back until the
 * page's link classes are known: its HTML is written with them (a red link in an inline image's
 * caption is red in data-mw too).
 */
export interface HeldFragment {
  wrapper: WElement;
  nodes: WNode[];
  consume: (wrapper: WElement, nodes: WNode[]) => void;
}

/**
 * Moves the resolved fragment of `el`, if it is a wrapper, into it. For a walk shared with
 * another pass: run before that walk reads `el`'s children. With `held`, a fragment consumed as
 * data is only recorded there (see consumeHeldFragments).
 */
export function unpackFragment(el: WElement, locate: SourceLocator, held?: HeldFragment[]): void {
  const aux = el.aux;
  if (aux === null) return;
  const fragment = aux.fragment;
  if (!fragment?.nodes) return;
  const nodes = fragment.nodes;
  fragment.nodes = undefined;
  if (fragment.consume) {
    if (held) held.push({ wrapper: el, nodes, consume: fragment.consume });
    else fragment.consume(el, nodes);
    return;
  }
  const source = fragment.source;
  const shift = fragment.offset !== undefined && typeof source === "string" ? locate(fragment.offset, fragment.offset + source.length) : null;
  for (const n of nodes) {
    el.appendChild(n);
    if (n.kind === "element") shiftDsr(n, shift);
  }
}

function shiftDsr(root: WElement, shift: number | null): void {
  walkElements(root, (el) => {
    const dp = el.dp;
    if (!dp?.dsr) return;
    if (shift === null) dp.dsr = undefined;
    else dp.dsr = [dp.dsr[0] + shift, dp.dsr[1] + shift, dp.dsr[2], dp.dsr[3]];
  });
}

/** Visits every element of the held fragments (to collect their wiki links with the page's). */
export function walkHeldFragments(held: readonly HeldFragment[], visit: (el: WElement) => void): void {
  for (const h of held) for (const n of h.nodes) if (n.kind === "element") walkElements(n, visit);
}

/** Hands each held fragment to its wrapper, in document order. */
export function consumeHeldFragments(held: readonly HeldFragment[]): void {
  for (const h of held) h.consume(h.wrapper, h.nodes);
}
