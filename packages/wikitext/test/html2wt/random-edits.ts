// Random single-node edits on a parsed article's DOM, for the selective serializer's property
// test: each edit reports the source range of the original node it touches, so the test can
// check that every byte outside that range comes back unchanged.
import { WElement, WText, detach, type WNode } from "../../src/dom/node.js";
import type { SourceRange } from "../../src/html2wt/selser/ranges.js";

export type EditKind = "text" | "delete-list-item" | "add-paragraph" | "link-target";
export const EDIT_KINDS: readonly EditKind[] = ["text", "delete-list-item", "add-paragraph", "link-target"];

export interface AppliedEdit {
  kind: EditKind;
  /** The original source range the edit may change (an empty range for insertions). */
  range: SourceRange;
  describe: string;
}

/** Deterministic PRNG (mulberry32) so failures reproduce. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function collect(root: WElement, keep: (n: WNode) => boolean): WNode[] {
  const out: WNode[] = [];
  const stack: WNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (keep(n)) out.push(n);
    if (n.kind === "element") for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}

function pick<T>(items: readonly T[], random: () => number): T | null {
  return items.length === 0 ? null : items[Math.floor(random() * items.length)]!;
}

function nextElement(node: WNode): WElement | null {
  const siblings = node.parent?.children ?? [];
  for (let i = siblings.indexOf(node) + 1; i < siblings.length; i++) {
    const n = siblings[i]!;
    if (n.kind === "element") return n;
  }
  return null;
}

/**
 * Whether the block starts inside formatting an earlier line left open (`<small>` before a
 * list): HTML5 reopens it there. No wikitext can put a paragraph between the two and keep both
 * sides' bytes, since the paragraph would be inside the formatting too: not a fair edit point.
 */
function continuesFormatting(block: WElement | null): boolean {
  let first: WNode | undefined = block?.children[0];
  while (first !== undefined && first.kind === "element") {
    if (first.dp?.autoInsertedStart === true && !/^(?:p|li|dd|dt|tr|td|th|tbody)$/.test(first.name)) return true;
    first = first.children[0];
  }
  return false;
}

/**
 * Whether the paragraph's range is empty although it holds text: a holder of content fostered out
 * of a table (its source is the table's, by design), whose range end is no place in the source
 * an added paragraph could stand at.
 */
function emptyRangeWithText(p: WElement, ranges: Map<WNode, SourceRange>): boolean {
  const range = ranges.get(p)!;
  return range.start === range.end && p.textContent() !== "";
}

const isTopLevelParagraph = (n: WNode, body: WElement): n is WElement => n.kind === "element" && n.name === "p" && n.parent === body;

/**
 * Applies one edit of `kind` to `body` (the DOM the HTML was parsed into); the node is chosen
 * among those whose original range is known in `ranges` (keyed by the same nodes, as the
 * edited DOM here is the original DOM mutated in place). Returns null when the article has no
 * suitable node.
 */
export function applyRandomEdit(body: WElement, kind: EditKind, ranges: Map<WNode, SourceRange>, random: () => number): AppliedEdit | null {
  switch (kind) {
    case "text": {
      const candidates = collect(body, (n) => n.kind === "text" && isTopLevelParagraph(n.parent!, body) && /^[A-Za-z ,.]{8,}$/.test(n.value) && ranges.has(n));
      const node = pick(candidates, random) as WText | null;
      if (!node) return null;
      const range = ranges.get(node)!;
      const before = node.value;
      node.value = `${before.trim().split(" ")[0]} edited words`;
      return { kind, range, describe: `text ${JSON.stringify(before)} → ${JSON.stringify(node.value)}` };
    }
    case "delete-list-item": {
      const candidates = collect(
        body,
        (n) =>
          n.kind === "element" && n.name === "li" && n.parent?.name === "ul" && n.parent.parent === body && ranges.has(n) &&
          n.parent.children.filter((c) => c.kind === "element").length > 1 && !n.children.some((c) => c.kind === "element" && (c.name === "ul" || c.name === "ol" || c.name === "dl")),
      );
      const node = pick(candidates, random) as WElement | null;
      if (!node) return null;
      const range = ranges.get(node)!;
      detach(node);
      return { kind, range, describe: `delete list item ${JSON.stringify(node.textContent().slice(0, 40))}` };
    }
    case "add-paragraph": {
      const candidates = collect(body, (n) => isTopLevelParagraph(n, body) && ranges.has(n) && !continuesFormatting(nextElement(n)) && !emptyRangeWithText(n, ranges));
      const node = pick(candidates, random) as WElement | null;
      if (!node) return null;
      const end = ranges.get(node)!.end;
      const added = new WElement("p");
      added.appendChild(new WText("An added paragraph."));
      const siblings = body.children;
      body.insertBefore(added, siblings[siblings.indexOf(node) + 1] ?? null);
      return { kind, range: { start: end, end }, describe: `add paragraph after ${JSON.stringify(node.textContent().slice(0, 40))}` };
    }
    case "link-target": {
      const candidates = collect(
        body,
        (n) =>
          // (A link a transclusion produced is the template's output: its wikitext has no target to edit.)
          n.kind === "element" && n.name === "a" && n.getAttribute("rel") === "mw:WikiLink" && !n.hasAttribute("about") && ranges.has(n) &&
          n.children.length === 1 && n.children[0]!.kind === "text" && /^[A-Za-z ]+$/.test(n.textContent()) && n.parent !== null && isTopLevelParagraph(n.parent, body),
      );
      const node = pick(candidates, random) as WElement | null;
      if (!node) return null;
      node.setAttribute("href", "./Edited_target");
      return { kind, range: ranges.get(node)!, describe: `link ${JSON.stringify(node.textContent())} → Edited target` };
    }
  }
}
