// Wikitext bodies of extensions (spantag, ref, poem lines, gallery captions...): parsed after the
// main grammar run, each with its own template expansion, then moved into the wrapper element
// once the main tree is built and its dsr is known. Fragment dsr is relative to the body; it is
// shifted to the page source when the wrapper maps there one to one, and dropped otherwise
// (a body produced by a template has no source of its own).
import { walkElements, type WElement, type WNode } from "../dom/node.js";
import type { FragmentContext, FragmentRequest } from "./types.js";

export type FragmentParser = (source: string, context: FragmentContext) => Promise<WElement>;

/** Deepest nesting of extension bodies inside extension bodies. */
const MAX_FRAGMENT_DEPTH = 20;

export async function resolveFragments(requests: readonly FragmentRequest[], parse: FragmentParser, depth: number): Promise<void> {
  if (requests.length === 0) return;
  await Promise.all(requests.map(async (request) => {
    if (depth >= MAX_FRAGMENT_DEPTH) {
      request.nodes = [];
      return;
    }
    const body = await parse(request.source, request.context);
    const nodes = [...body.children];
    for (const n of nodes) n.parent = null;
    request.nodes = nodes;
  }));
}

/** Moves every resolved fragment into its wrapper element. */
export function unpackFragments(root: WElement): void {
  walkElements(root, (el) => {
    const fragment = el.aux?.fragment;
    if (!fragment?.nodes) return;
    const nodes = fragment.nodes;
    fragment.nodes = undefined;
    const shift = bodyOffset(el, fragment);
    for (const n of nodes) {
      el.appendChild(n);
      if (n.kind === "element") shiftDsr(n, shift);
    }
  });
}

/** Source offset of the body when the wrapper's dsr is its own source, else null. */
function bodyOffset(el: WElement, fragment: FragmentRequest): number | null {
  const dsr = el.dp?.dsr;
  const src = el.dp?.src;
  if (!dsr || typeof src !== "string" || dsr[1] - dsr[0] !== src.length) return null;
  const at = src.indexOf(">") + 1;
  return src.slice(at, at + fragment.source.length) === fragment.source ? dsr[0] + at : null;
}

function shiftDsr(root: WNode & WElement, shift: number | null): void {
  walkElements(root, (el) => {
    const dp = el.dp;
    if (!dp?.dsr) return;
    if (shift === null) dp.dsr = undefined;
    else dp.dsr = [dp.dsr[0] + shift, dp.dsr[1] + shift, dp.dsr[2], dp.dsr[3]];
  });
}
