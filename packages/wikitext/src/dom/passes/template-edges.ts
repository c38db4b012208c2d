// Rendering-transparent template output between blocks (Parsoid's fix for T370751/T378906):
// within a transclusion's top-level nodes, a run of nodes that render nothing (category and
// other page-property links and metas, <style>, spans wrapping only newlines) that stands at
// the template's start or after a <div>/<table>, and at the template's end or before a
// <div>/<table>, moves into one `mw-empty-elt` span, so CSS sibling rules between the blocks
// see at most that span. The newline spans themselves go (they were only there to carry the
// group); a span left empty without the transclusion's data goes too. When the run starts the
// transclusion, the span takes over its typeof, data-mw and parse data.
import { WElement, detach, type WNode } from "../node.js";
import type { EncapsulatedGroup } from "./encapsulate.js";

const BLOCKS_AROUND = new Set(["div", "table"]);

function isNewlineSpan(node: WElement): boolean {
  // Spans the encapsulation made around a template's newlines (not ones written in the page).
  if (node.name !== "span" || node.dp?.stx === "html" || node.hasAttribute("class")) return false;
  if (node.children.length === 0) return false;
  for (const c of node.children) if (c.kind !== "text" || !/^\n+$/.test(c.value)) return false;
  return true;
}

/** Nodes that render nothing and may move into the wrapper span. */
function isStashable(node: WElement): boolean {
  if (node.name === "link") return true;
  if (node.name === "meta") {
    // Not the TOC's place, annotation ranges or extension output (an indicator) either.
    const type = node.getAttribute("typeof") ?? "";
    if (node.getAttribute("property") === "mw:PageProp/toc") return false;
    return node.dp?.stx !== "html" && !/(?:^|\s)mw:(?:Annotation\/|Extension\/|IndentPreWS)/.test(type);
  }
  if (node.name === "style") return true;
  return isNewlineSpan(node);
}

function nextElement(node: WNode): WElement | null {
  const kids = node.parent?.children;
  if (!kids) return null;
  for (let i = kids.indexOf(node) + 1; i < kids.length; i++) if (kids[i]!.kind === "element") return kids[i] as WElement;
  return null;
}

function previousElement(node: WNode): WElement | null {
  const kids = node.parent?.children;
  if (!kids) return null;
  for (let i = kids.indexOf(node) - 1; i >= 0; i--) if (kids[i]!.kind === "element") return kids[i] as WElement;
  return null;
}

/** The group's top-level elements, in order (they share the first one's about id). */
function groupElements(first: WElement): WElement[] {
  const about = first.getAttribute("about");
  const nodes = [first];
  const kids = first.parent?.children;
  if (about === null || !kids) return nodes;
  // One scan from the first node (an indexOf per node would be quadratic on long pages).
  for (let i = kids.indexOf(first) + 1; i < kids.length; i++) {
    const n = kids[i]!;
    if (n.kind !== "element") continue;
    if (n.getAttribute("about") !== about) break;
    nodes.push(n);
  }
  return nodes;
}

/** Moves the transclusion's marks from `from` to `to`. */
function moveTransclusion(from: WElement, to: WElement): void {
  const type = from.getAttribute("typeof") ?? "";
  const kept = type.split(/\s+/).filter((t) => t !== "" && t !== "mw:Transclusion" && !t.startsWith("mw:ParserFunction/"));
  const moved = type.split(/\s+/).filter((t) => t === "mw:Transclusion" || t.startsWith("mw:ParserFunction/"));
  if (kept.length > 0) from.setAttribute("typeof", kept.join(" "));
  else from.removeAttribute("typeof");
  to.setAttribute("typeof", moved.join(" "));
  const dataMw = from.getAttribute("data-mw");
  if (dataMw !== null) {
    to.setAttribute("data-mw", dataMw);
    from.removeAttribute("data-mw");
  } else if (from.mw) {
    // An extension's node holds its own data-mw with the transclusion's parts joined to it:
    // only the parts move, the extension keeps the rest.
    const { parts, ...own } = from.mw;
    if (parts !== undefined) {
      to.mw = { parts };
      from.mw = own;
    } else {
      to.mw = from.mw;
      from.mw = null;
    }
  }
  if (from.dp && to.dp) {
    if (from.dp["pi"] !== undefined) {
      to.dp["pi"] = from.dp["pi"];
      from.dp["pi"] = undefined;
    }
  }
}

/**
 * Stashes the transparent runs of each group; a group whose first node moved into a span gets
 * that span as its first node.
 */
export function stashTransparentTemplateEdges(groups: EncapsulatedGroup[]): void {
  for (const group of groups) {
    const nodes = groupElements(group.first);
    if (!nodes.some(isStashable)) continue;
    const about = group.first.getAttribute("about");
    const exit = nextElement(nodes[nodes.length - 1]!);
    let k = 0;
    while (k < nodes.length) {
      const start = nodes[k]!;
      if (!isStashable(start) || (start.parent?.name === "tr" || start.parent?.name === "tbody" || start.parent?.name === "table")) {
        k++;
        continue;
      }
      let end = k;
      while (end + 1 < nodes.length && isStashable(nodes[end + 1]!)) end++;
      const last = nodes[end]!;
      const prev = previousElement(start);
      let next = nextElement(last);
      if (next === exit) next = null;
      const startsTemplate = start === group.first;
      const before = prev === null || startsTemplate || BLOCKS_AROUND.has(prev.name);
      const after = next === null || BLOCKS_AROUND.has(next.name);
      if (before && after) {
        const span = new WElement("span", [{ name: "class", value: "mw-empty-elt" }]);
        span.dp = { autoInsertedStart: true, autoInsertedEnd: true };
        if (about !== null) span.setAttribute("about", about);
        start.parent!.insertBefore(span, start);
        if (startsTemplate) {
          moveTransclusion(start, span);
          group.first = span;
        }
        // Everything from the run's first to its last node: newline spans and loose text go.
        const parent = span.parent!;
        let i = parent.children.indexOf(span) + 1;
        while (i < parent.children.length) {
          const n = parent.children[i]!;
          const isLast = n === last;
          if (n.kind === "element" && !isNewlineSpan(n)) {
            n.removeAttribute("about");
            span.appendChild(n);
          } else detach(n);
          if (isLast) break;
        }
        if (span.children.length === 0 && !startsTemplate) detach(span);
      }
      k = end + 1;
    }
  }
}
