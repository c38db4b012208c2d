// Heading ids from the heading text (HTML5 fragment mode: spaces become underscores), made
// unique with _2, _3...; when the legacy encoding differs, it is kept as a fallback anchor
// `<span id="..." typeof="mw:FallbackId">` so old links keep working.
import { WElement, type WNode } from "../node.js";
import { isHeadingTagName } from "../../util/html-tags.js";
import { legacyAnchor } from "../../util/href.js";

export function assignHeadingIds(root: WElement): void {
  const used = new Set<string>();
  // One walk: ids already present in the content (explicit id attributes) are taken, and the
  // headings without one are collected in document order.
  const headings: WElement[] = [];
  // Its own loop rather than walkElements: a callback per element cost more than the check.
  const stack: WElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    const kids = el.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      const c = kids[i]!;
      if (c.kind === "element") stack.push(c);
    }
    const heading = isHeadingTagName(el.name);
    if (el.attrs.length === 0) {
      if (heading) headings.push(el);
      continue;
    }
    const id = el.getAttribute("id");
    if (heading) {
      if (id === null) headings.push(el);
    } else if (id !== null) {
      used.add(asciiLowerCase(id));
    }
  }
  // Per base text, the suffix its last probe ended at: every smaller suffix was taken then and
  // stays taken, so n headings with one text probe n suffixes in all, not n²/2.
  const nextSuffix = new Map<string, number>();
  for (const el of headings) {
    // Leading ASCII whitespace and all trailing whitespace go; inner runs become one "_".
    const raw = headingText(el).replace(/^[ \t\n\r\f]+/, "").replace(/[\s\u00a0]+$/, "");
    const base = raw.replace(/[ \t\n\r\f\u00a0_]+/g, "_");
    // Ids differing only in ASCII case would collide in the legacy anchors: they count as equal
    // (MediaWiki folds them with PHP's strtolower, which leaves other letters alone: "Тест" and
    // "тест" are two ids).
    let id = base;
    let folded = asciiLowerCase(base);
    if (used.has(folded)) {
      let n = nextSuffix.get(base) ?? 2;
      for (id = `${base}_${n}`; used.has((folded = asciiLowerCase(id))); id = `${base}_${n}`) n++;
      nextSuffix.set(base, n + 1);
    }
    used.add(folded);
    el.setAttribute("id", id);
    // The legacy anchor only normalised spaces, so other whitespace shows up encoded in it.
    const legacyBase = raw.replace(/[ \u00a0_]+/g, "_");
    const legacy = legacyAnchor(id === base ? legacyBase : `${legacyBase}${id.slice(base.length)}`);
    if (legacy !== id) {
      const span = new WElement("span", [{ name: "id", value: legacy }, { name: "typeof", value: "mw:FallbackId" }]);
      span.dp = null;
      el.insertBefore(span, el.children[0] ?? null);
    }
  }
}

/** Text of a heading as the table of contents would show it (no fallback spans, no comments). */
function headingText(el: WElement): string {
  return appendShownText("", el.children);
}

/** `out` followed by the shown text of `nodes` (a module function: a closure per heading cost its name under tsx). */
function appendShownText(out: string, nodes: readonly WNode[]): string {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.kind === "text") out += node.value;
    else if (node.kind === "element" && node.name !== "link" && node.name !== "meta") {
      const type = node.getAttribute("typeof");
      // Language-variant markup counts as written: ids do not depend on conversion.
      if (type === "mw:LanguageVariant") out += typeof node.dp?.src === "string" ? node.dp.src : "";
      else if (type !== "mw:FallbackId") out = appendShownText(out, node.children);
    }
  }
  return out;
}

const ASCII_UPPER = /[A-Z]/g;
const HAS_ASCII_UPPER = /[A-Z]/;
const NON_ASCII = /[^\0-\x7f]/;

function lowerCaseLetter(c: string): string {
  return String.fromCharCode(c.charCodeAt(0) + 32);
}

/**
 * `text` with only the ASCII letters lower-cased (PHP's strtolower). Every id of the page goes
 * through here (Cite's are most of them): the replace calls back per capital letter, so text
 * without capitals is returned as is and ASCII text lower-cased natively.
 */
function asciiLowerCase(text: string): string {
  if (!HAS_ASCII_UPPER.test(text)) return text;
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.replace(ASCII_UPPER, lowerCaseLetter);
}
