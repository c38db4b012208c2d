// Annotation tags (`<translate>`-like markup, the parser tests' `<dummyanno>`/`<ann2>`): their
// content is ordinary wikitext; each tag only marks where a range starts or ends, as a meta that
// paragraphs ignore. Ranges are numbered (`rangeId`) in document order and carry the source
// offsets of their tags (`wtOffsets`) once the page's dsr is known. An end tag closing no open
// range is text. The site names its annotation tags in siteinfo `annotationtags`.
import { K_TAG_CLOSE } from "@wikiloom/wasm";
import type { Grammar } from "../tokenizer/grammar/state.js";
import type { SiteConfig } from "../env/site-config.js";
import { selfClosing, attr } from "../tokenizer/tokens.js";
import { walkElements, type WElement } from "../dom/node.js";
import { extensionAttributes } from "./call.js";

const namesBySite = new WeakMap<SiteConfig, Set<string>>();

export function isAnnotationTag(site: SiteConfig, name: string): boolean {
  let names = namesBySite.get(site);
  if (!names) {
    const listed = site.info["annotationtags"];
    names = new Set(Array.isArray(listed) ? listed.map((n) => String(n).toLowerCase()) : []);
    namesBySite.set(site, names);
  }
  return names.has(name);
}

/** Whether a span of the tokenized text came (partly) from a template, per grammar run. */
const templatedByGrammar = new WeakMap<Grammar, (start: number, end: number) => boolean>();

export function setTemplatedSpans(g: Grammar, templated: (start: number, end: number) => boolean): void {
  templatedByGrammar.set(g, templated);
}

/** Open ranges per tag name, per grammar run. */
const openByGrammar = new WeakMap<Grammar, Map<string, number>>();
const pending = new WeakSet<object>();

/** The meta for an annotation tag at grammar token `i`; the next index, or -1 when it is text. */
export function annotationTag(g: Grammar, i: number, name: string, attrText: string): number {
  let open = openByGrammar.get(g);
  if (!open) openByGrammar.set(g, (open = new Map()));
  const s = g.start(i);
  const e = g.end(i);
  // A tag whose attributes a template wrote has no source Parsoid could keep (its attributes
  // stay unexpanded there); it is left as text.
  if (templatedByGrammar.get(g)?.(s, e)) return -1;
  const depth = open.get(name) ?? 0;
  if (g.kind(i) === K_TAG_CLOSE) {
    if (depth === 0) return -1;
    open.set(name, depth - 1);
    const end = selfClosing("meta", [attr("typeof", `mw:Annotation/${name}/End`)], { tsr: [s, e], src: g.slice(i) });
    end.mw = { wtOffsets: null };
    g.out.push(end);
    return i + 1;
  }
  open.set(name, depth + 1);
  const mw: Record<string, unknown> = {};
  const attrs = extensionAttributes(attrText);
  if (attrs.length > 0) mw["attrs"] = Object.fromEntries(attrs.map((a) => [a.name, a.value]));
  mw["rangeId"] = "";
  mw["extendedRange"] = false;
  mw["wtOffsets"] = null;
  const start = selfClosing("meta", [attr("typeof", `mw:Annotation/${name}`)], { tsr: [s, e], src: g.slice(i) });
  start.mw = mw;
  g.out.push(start);
  pending.add(g.env);
  return i + 1;
}

/**
 * Numbers the ranges in document order and records their tags' source offsets: the tag's range
 * in the page `source` when it is the tag itself (a template in its attributes still maps there),
 * left out for tags a template produced.
 */
export function finishAnnotations(root: WElement, env: object, source: string): void {
  if (!pending.has(env)) return;
  pending.delete(env);
  let next = 0;
  walkElements(root, (el) => {
    if (el.name !== "meta" || !el.mw || !("wtOffsets" in el.mw)) return;
    const m = /(?:^|\s)mw:Annotation\/([^\s/]+)/.exec(el.getAttribute("typeof") ?? "");
    if (!m) return;
    const mw = el.mw;
    if ("rangeId" in mw) mw["rangeId"] = `mwa${next++}`;
    const dsr = el.dp?.dsr;
    const written = dsr ? source.slice(dsr[0], dsr[1]) : "";
    if (dsr && written.endsWith(">") && new RegExp(`^</?${m[1]}(?=[\\s/>])`, "i").test(written)) {
      mw["wtOffsets"] = [dsr[0], dsr[1]];
      el.dp!.src = written;
    } else {
      const { wtOffsets: _dropped, ...rest } = mw;
      el.mw = rest;
    }
  });
}
