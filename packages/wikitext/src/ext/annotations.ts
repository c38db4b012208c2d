// Annotation tags (`<translate>`-like markup, the parser tests' `<dummyanno>`/`<ann2>`): their
// content is ordinary wikitext; each tag only marks where a range starts or ends, as a meta that
// paragraphs ignore. Ranges are numbered (`rangeId`) in document order and carry the source
// offsets of their tags (`wtOffsets`) once the page's dsr is known. An end tag closing no open
// range is text. The site names its annotation tags in siteinfo `annotationtags`.
import { K_TAG_CLOSE } from "@wikiloom/wasm";
import type { Grammar } from "../tokenizer/grammar/state.js";
import type { SiteConfig } from "../env/site-config.js";
import { selfClosing, attr } from "../tokenizer/tokens.js";
import { WText, detach, walkElements, type WElement } from "../dom/node.js";
import { extensionAttributes } from "./call.js";
import { findRanges, buildAnnotationRanges, moveFosteredMetas } from "./annotation-ranges.js";
import { memoizedPerObject } from "../util/memo.js";
import { orderedRecord } from "../util/ordered-record.js";

export const annotationTagNames = memoizedPerObject((site: SiteConfig): ReadonlySet<string> => {
  const listed = site.info["annotationtags"];
  return new Set(Array.isArray(listed) ? listed.map((n) => String(n).toLowerCase()) : []);
});

export function isAnnotationTag(site: SiteConfig, name: string): boolean {
  return annotationTagNames(site).has(name);
}

/**
 * Per grammar run: whether a span of the tokenized text came (partly) from a template, and the
 * page source of a span whose first and last characters are page text (null otherwise).
 */
export interface TemplatedSpans {
  templated(start: number, end: number): boolean;
  sourceOf(start: number, end: number): string | null;
  /** The templates in the span are part of a tag kept as written: no transclusion of their own. */
  consume(start: number, end: number): void;
  /** The whole span is the output of one template (a tag it wrote). */
  within(start: number, end: number): boolean;
}
export function setTemplatedSpans(g: Grammar, spans: TemplatedSpans): void {
  // A field of the run rather than a WeakMap entry: one per conversion with templates.
  g.templatedSpans = spans;
}

/**
 * Attributes of a tag as written on the page, templates unexpanded (Parsoid keeps them so): a
 * `{{...}}` is part of the name or value it stands in, whatever it holds.
 */
function writtenAttributes(text: string): Array<[string, string]> {
  const result: Array<[string, string]> = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) break;
    let depth = 0;
    let quote = "";
    let eq = -1;
    const begin = i;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (c === "{" && text[i + 1] === "{") { depth++; i++; continue; }
      if (c === "}" && text[i + 1] === "}" && depth > 0) { depth--; i++; continue; }
      if (depth > 0) continue;
      if (quote) { if (c === quote) quote = ""; continue; }
      if ((c === '"' || c === "'") && eq >= 0) { quote = c; continue; }
      if (c === "=" && eq < 0) { eq = i; continue; }
      if (/\s/.test(c)) break;
    }
    const item = text.slice(begin, i);
    if (eq < 0) result.push([item, ""]);
    else result.push([text.slice(begin, eq), text.slice(eq + 1, i).replace(/^(["'])([\s\S]*)\1$/, "$2")]);
  }
  return result;
}

/** Open ranges per tag name (their start metas' data-mw, innermost last), per grammar run. */
const openByGrammar = new WeakMap<Grammar, Map<string, Array<Record<string, unknown>>>>();
const pending = new WeakSet<object>();
/** The data-mw of the start meta each end meta's data-mw closes (the element keeps the object). */
const startOfEnd = new WeakMap<object, Record<string, unknown>>();
/** The data-mw of end metas that close no range. */
const unmatchedEnds = new WeakSet<object>();
/**
 * The data-mw of metas for tags a template wrote: they belong to the template's output (its
 * encapsulation takes them in), so no range is built for them and they have no source offsets;
 * both metas keep the range id, as Parsoid leaves them. Keyed by the meta's parse data (the
 * transclusion may give the element a new data-mw object), to its data-mw as made here.
 */
const templatedMetas = new WeakMap<object, Record<string, unknown>>();

/**
 * The data-mw of a meta for a tag a template wrote, once numbered: the range id only (the end's
 * is its start's), after the transclusion's parts when the meta is the first node of the
 * template's output (Parsoid's member order).
 */
function templatedMetaDataMw(mw: Record<string, unknown>, rangeId: string, isEnd: boolean): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if ("parts" in mw) result["parts"] = mw["parts"];
  if (!isEnd && "attrs" in mw) result["attrs"] = mw["attrs"];
  result["rangeId"] = rangeId;
  return result;
}

/** The meta for an annotation tag at grammar token `i`; the next index, or -1 when it is text. */
export function annotationTag(g: Grammar, i: number, name: string, attrText: string): number {
  let open = openByGrammar.get(g);
  if (!open) openByGrammar.set(g, (open = new Map()));
  const s = g.start(i);
  const e = g.end(i);
  // A tag a template wrote (partly) is text, unless only its attributes came from templates:
  // then they are kept as written, templates unexpanded, as Parsoid does.
  let written: string | null = null;
  let fromTemplate = false;
  const spans = g.templatedSpans;
  if (spans?.within(s, e)) {
    fromTemplate = true;
  } else if (spans?.templated(s, e)) {
    written = spans.sourceOf(s, e);
    if (written === null || !written.endsWith(">") || !written.toLowerCase().startsWith(`<${g.kind(i) === K_TAG_CLOSE ? "/" : ""}${name}`)) return -1;
    spans.consume(s, e);
  }
  let stack = open.get(name);
  if (!stack) open.set(name, (stack = []));
  if (g.kind(i) === K_TAG_CLOSE) {
    const startMw = stack.pop();
    const end = selfClosing("meta", [attr("typeof", `mw:Annotation/${name}/End`)], { tsr: [s, e], src: g.slice(i) });
    end.mw = { wtOffsets: null };
    // An end tag closing nothing is a meta for paragraph wrapping too (as in Parsoid), and
    // becomes text again once the ranges are built.
    if (startMw) startOfEnd.set(end.mw, startMw);
    else unmatchedEnds.add(end.mw);
    if (fromTemplate) templatedMetas.set(end.dp, end.mw);
    g.out.push(end);
    // (An end tag alone still needs the pass: it becomes text there.)
    pending.add(g.env);
    return i + 1;
  }
  const mw: Record<string, unknown> = {};
  if (written !== null) {
    const attrs = writtenAttributes(written.slice(name.length + 1, -1));
    if (attrs.length > 0) mw["attrs"] = orderedRecord(attrs.map(([name, value]) => ({ name, value })));
  } else {
    const attrs = extensionAttributes(attrText);
    if (attrs.length > 0) mw["attrs"] = orderedRecord(attrs);
  }
  mw["rangeId"] = "";
  mw["extendedRange"] = false;
  mw["wtOffsets"] = null;
  const start = selfClosing("meta", [attr("typeof", `mw:Annotation/${name}`)], { tsr: [s, e], src: g.slice(i) });
  start.mw = mw;
  if (fromTemplate) templatedMetas.set(start.dp, mw);
  stack.push(mw);
  g.out.push(start);
  pending.add(g.env);
  return i + 1;
}

/** The annotation type a meta marks the start or end of, or null for other elements. */
function annotationType(el: WElement): string | null {
  if (el.name !== "meta" || !el.mw || !("wtOffsets" in el.mw)) return null;
  const m = /(?:^|\s)mw:Annotation\/([^\s/]+)/.exec(el.getAttribute("typeof") ?? "");
  return m ? m[1]! : null;
}

/** Whether the page wrote the table's start tag (`{|` or `<table`), not a template's output. */
function tableWrittenOnPage(table: WElement, source: string): boolean {
  const dsr = table.dp?.dsr;
  if (!dsr || dsr[0] < 0 || !(dsr[2]! > 0)) return false;
  return source.startsWith("{|", dsr[0]) || source.slice(dsr[0], dsr[0] + 6).toLowerCase() === "<table";
}

/**
 * Builds the ranges (see annotation-ranges.ts), then numbers them in document order and records
 * their tags' source offsets: the tag's range in the page `source` when it is the tag itself (a
 * template in its attributes still maps there), left out for tags a template produced.
 */
export function finishAnnotations(root: WElement, env: object, source: string): void {
  if (!pending.has(env)) return;
  pending.delete(env);
  const metas: WElement[] = [];
  const startByMw = new Map<object, WElement>();
  const unmatched: WElement[] = [];
  walkElements(root, (el) => {
    if (annotationType(el) === null) return;
    if (unmatchedEnds.has(el.mw!)) return void unmatched.push(el);
    if (el.dp && templatedMetas.has(el.dp)) return;
    metas.push(el);
    if (!startOfEnd.has(el.mw!)) startByMw.set(el.mw!, el);
  });
  for (const el of unmatched) {
    el.parent?.insertBefore(new WText(el.dp?.src ?? ""), el);
    detach(el);
  }
  const startFor = (el: WElement): WElement | null => {
    const startMw = startOfEnd.get(el.mw!);
    return startMw ? startByMw.get(startMw) ?? null : null;
  };
  const moved = moveFosteredMetas(metas, (el) => startOfEnd.has(el.mw!), (table) => tableWrittenOnPage(table, source));
  const ranges = findRanges(metas, annotationType, (el) => (startOfEnd.has(el.mw!) ? startFor(el) ?? el : null));
  for (const { range, extended, wrapper } of buildAnnotationRanges(ranges, moved)) {
    range.startMeta.mw!["extendedRange"] = extended;
    // An extended range is edited as a unit: html2wt writes it back as it was written.
    const dsr = wrapper?.dp?.dsr;
    if (dsr && dsr[0] >= 0 && dsr[1] >= dsr[0]) wrapper.dp!.src = source.slice(dsr[0], dsr[1]);
  }
  let next = 0;
  walkElements(root, (el) => {
    const type = annotationType(el);
    if (type === null) return;
    const mw = el.mw!;
    const made = el.dp ? templatedMetas.get(el.dp) : undefined;
    if (made) {
      const startMw = startOfEnd.get(made);
      const rangeId = startMw ? String(startMw["rangeId"] ?? "") : `mwa${next++}`;
      if (!startMw) made["rangeId"] = rangeId;
      el.mw = templatedMetaDataMw(mw, rangeId, startMw !== undefined);
      return;
    }
    if ("rangeId" in mw) mw["rangeId"] = `mwa${next++}`;
    const dsr = el.dp?.dsr;
    const written = dsr ? source.slice(dsr[0], dsr[1]) : "";
    if (dsr && written.endsWith(">") && new RegExp(`^</?${type}(?=[\\s/>])`, "i").test(written)) {
      mw["wtOffsets"] = [dsr[0], dsr[1]];
      el.dp!.src = written;
    } else {
      const { wtOffsets: _dropped, ...rest } = mw;
      el.mw = rest;
    }
  });
}
