import {
  type ChildNode,
  type Element,
  type ParentNode,
  createText,
  getAttribute,
  hasChildren,
  insertBefore,
  isComment,
  isElement,
  isText,
  mergeTextNodes,
  nextSibling,
  previousSibling,
  removeChild,
  unwrap,
} from "./dom.js";

/**
 * Inter-element whitespace normalisation of Parsoid's test runner
 * (TestUtils::unwrapSpansAndNormalizeIEW): whitespace runs collapse to one space outside <pre>,
 * whitespace at the inner edges of block elements goes, every block element gets exactly one
 * newline on each side, and some wrapper spans are unwrapped. Mutates the tree in place.
 */

/**
 * PHP's `\s` under the /u flag (PCRE with Unicode properties): ASCII whitespace plus every
 * Unicode separator. JS's `\s` differs slightly (it includes U+FEFF), hence an explicit class.
 */
export const WS = "[\\t\\n\\v\\f\\r\\p{Z}]";
const WS_RUN = new RegExp(`${WS}+`, "gu");
const LEADING_WS = new RegExp(`^${WS}+`, "u");
const TRAILING_WS = new RegExp(`${WS}+$`, "u");
const OPTIONAL_TRAILING_WS = new RegExp(`${WS}*$`, "u");
const OPTIONAL_LEADING_WS = new RegExp(`^${WS}*`, "u");

const BLOCK_WITH_NEWLINES = /^(?:body|caption|div|dd|dt|li|p|table|tr|td|th|tbody|dl|ol|ul|h[1-6])$/;
const HEADING = /^h[1-6]$/;

export interface WhitespaceOptions {
  /** Which `<span>`s to unwrap, tested against the whole `typeof` value; null unwraps none. */
  stripSpanTypeof: RegExp | null;
  /** Strict mode keeps comments; the loose (legacy) mode drops them. */
  parsoidOnly: boolean;
  /** Leave whitespace alone entirely (the test's `parsoid={preserveIEW}` option). */
  preserveIEW: boolean;
}

interface VisitState {
  stripLeadingWS: boolean;
  stripTrailingWS: boolean;
  inPre: boolean;
}

function needsNewlinesAround(node: ChildNode | null): boolean {
  return isElement(node) && BLOCK_WITH_NEWLINES.test(node.nodeName);
}

function typeofTokens(element: Element): string[] {
  return (getAttribute(element, "typeof") ?? "").split(/\s+/).filter(Boolean);
}

/** The empty legacy-anchor span Parsoid puts first in headings. */
function isFallbackIdSpan(node: ChildNode | undefined): boolean {
  return isElement(node) && node.nodeName === "span" && getAttribute(node, "typeof") === "mw:FallbackId";
}

/** Unwraps matching spans among the children, innermost first. */
function unwrapSpans(parent: ParentNode, pattern: RegExp | null): void {
  if (!pattern) return;
  for (const child of [...parent.childNodes]) {
    if (isElement(child) && child.nodeName === "span" && pattern.test(getAttribute(child, "typeof") ?? "")) {
      unwrapSpans(child, pattern);
      unwrap(child);
    }
  }
}

function visit(node: ChildNode | ParentNode, state: VisitState, options: WhitespaceOptions): void {
  const name = node.nodeName;
  if (name === "pre") state = { ...state, inPre: true };

  if (!options.preserveIEW && isText(node as ChildNode)) {
    const text = node as ChildNode & { value: string };
    if (!state.inPre) text.value = text.value.replace(WS_RUN, " ");
    if (state.stripLeadingWS) text.value = text.value.replace(LEADING_WS, "");
    if (state.stripTrailingWS) text.value = text.value.replace(TRAILING_WS, "");
  }
  if (!hasChildren(node)) return;

  unwrapSpans(node, options.stripSpanTypeof);
  if (!options.parsoidOnly) {
    for (const child of [...node.childNodes]) if (isComment(child)) removeChild(node, child);
  }
  if (isElement(node as ChildNode)) mergeTextNodes(node);

  let childState: VisitState;
  if (name === "pre") {
    // The legacy parser adds a newline before </pre>: only trailing whitespace is dropped.
    childState = { ...state, stripLeadingWS: false, stripTrailingWS: true };
  } else if (name === "span" && typeofTokens(node as Element).some((t) => t.startsWith("mw:"))) {
    // Typed spans are transparent: the edges of the enclosing block pass through them.
    childState = { ...state };
  } else {
    const block = needsNewlinesAround(node as ChildNode) || name === "body";
    childState = { ...state, stripLeadingWS: block, stripTrailingWS: block };
  }

  let children = [...node.childNodes];
  // Leading-whitespace stripping applies to what follows the fallback-id span, not to the span.
  if (HEADING.test(name) && isFallbackIdSpan(children[0])) children = children.slice(1);
  for (const child of children) {
    const isLast = nextSibling(child) === null;
    visit(child, { ...childState, stripTrailingWS: childState.stripTrailingWS && isLast }, options);
    childState.stripLeadingWS = false;
  }

  if (state.inPre || options.preserveIEW) return;

  for (let child: ChildNode | null = node.childNodes[0] ?? null; child; ) {
    const previous = previousSibling(child);
    let next = nextSibling(child);
    if (needsNewlinesAround(child)) {
      if (isText(previous)) previous.value = previous.value.replace(OPTIONAL_TRAILING_WS, "\n");
      else insertBefore(node, createText("\n", node), child);
      if (isText(next)) {
        next.value = next.value.replace(OPTIONAL_LEADING_WS, "\n");
      } else {
        const newline = createText("\n", node);
        insertBefore(node, newline, next);
        next = newline;
      }
    }
    child = next;
  }
}

export function normalizeInterElementWhitespace(body: Element, options: WhitespaceOptions): Element {
  visit(body, { stripLeadingWS: true, stripTrailingWS: true, inPre: false }, options);
  return body;
}
