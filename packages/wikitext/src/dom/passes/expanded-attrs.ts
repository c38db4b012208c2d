// Templated attributes (Parsoid's mw:ExpandedAttrs): a template inside a tag's attribute — an
// HTML attribute value, a link target — is not wrapped as a transclusion of the whole element.
// The element keeps its own identity and gets `typeof="mw:ExpandedAttrs"`, with data-mw
// `attribs`: per templated attribute `[{txt: name[, html]}, {html}]`, the HTML being the written
// wikitext of the name or value rendered with its templates encapsulated. The written value goes
// to data-parser `sa` (and the value it gave to `a`), so html2wt writes the template back while
// the value is unchanged. The expansions handled here are no transclusion groups of their own.
import { walkElements, type WElement } from "../node.js";
import { ExpansionMap } from "../../preprocessor/offset-map.js";
import type { Expansion } from "../../preprocessor/types.js";
import type { AttrSource } from "../../tokenizer/tokens.js";
import { embeddedText } from "../../output/embedded-html.js";
import { parseAttributes } from "../../tokenizer/attributes.js";
import { sanitizeAttributes } from "../../transforms/sanitizer.js";

/** Renders a piece of page wikitext as inline HTML (templates encapsulated) and its text. */
export type WikitextRenderer = (wikitext: string) => Promise<{ html: string; text: string }>;

type Range = readonly [number, number];

/**
 * Page source of a value cut at its templates: literal text stays text, each template is
 * rendered on its own (as Parsoid renders the attribute's tokens: the literal text of a URL or
 * a link target is no link of its own).
 */
type Pieces = Array<{ literal: string } | { template: string }>;

/**
 * One templated attribute: its page source, and the source of the parts to render.
 * A template that wrote whole attributes (`<div {{T}}>` where T gives `style="x"`) is recorded as
 * Parsoid's reparsed key: the first attribute's name, the call rendered as the key's HTML and an
 * empty value (the call stands for every attribute it wrote). A template on a table line that
 * went on to write content after its attributes (`{| {{T}}` where T gives `class="x"\n|-\n...`)
 * keeps its transclusion; the attributes' text is the key's HTML, marked uneditable.
 */
interface TemplatedAttr {
  name: string;
  /**
   * "whole": a template wrote this attribute (and maybe more) whole; "mixed": and content after;
   * "markup": markup that renders to a DOM of its own stands in the attribute text (a `<nowiki>`
   * or an include directive as a name, `<nowiki>` in a value), rendered from `keySource` or
   * `valueSource` as written.
   */
  kind: "parts" | "whole" | "mixed" | "markup";
  /** The output a "whole" template gave reread without comments and line breaks, when it had some. */
  reread: string | null;
  written: AttrSource["written"];
  /** Page source of the name, when a template wrote part of it. */
  keySource: string | null;
  /** Page source of the value ("" for a bare name). */
  valueSource: string;
  valuePieces: Pieces;
  /** Whether a template wrote part of it (else it is rendered for its markup: media `always`). */
  templated: boolean;
  /**
   * An extension tag stands in the value: the attribute's value is the text of what the value
   * renders to (Parsoid expands the tag as it would a template), not the markup as written.
   */
  valueFromRendering?: boolean;
  media: AttrSource["media"];
}

interface Job {
  el: WElement;
  attrs: TemplatedAttr[];
}

/** The transclusions overlapping a range, or null when one of them reaches outside it. */
function inside(map: ExpansionMap, range: Range): Expansion[] | null {
  const found = map.expansionsIn(range[0], range[1]);
  for (const e of found) if (e.outStart < range[0] || e.outEnd > range[1]) return null;
  return found;
}

/** The range grown to cover the templates overlapping its ends, as far as `limit` allows. */
function widened(map: ExpansionMap, range: Range, limit: Range): Range {
  let [start, end] = range;
  for (const e of map.expansionsIn(start, end)) {
    if (e.outStart < start && e.outStart >= limit[0]) start = e.outStart;
    if (e.outEnd > end && e.outEnd <= limit[1]) end = e.outEnd;
  }
  return [start, end];
}

function pieces(map: ExpansionMap, source: string, range: Range, templates: readonly Expansion[]): Pieces {
  const out: Pieces = [];
  let at = map.toSource(range[0], "start");
  for (const e of templates) {
    if (e.srcStart > at) out.push({ literal: source.slice(at, e.srcStart) });
    out.push({ template: source.slice(e.srcStart, e.srcEnd) });
    at = e.srcEnd;
  }
  const end = map.toSource(range[1], "end");
  if (end > at) out.push({ literal: source.slice(at, end) });
  return out;
}

/**
 * The template whose output holds the whole name written at `key` and more (`=` and a value,
 * further attributes), or null. A template that began before the attribute text wrote the tag.
 * A parameter may also give exactly a bare name (`{| {{{b}}}` with no value: Parsoid's attribute
 * expander records the name it expands to); a template whose output is only such a name is text
 * to Parsoid (fostered out of a table), so it stays a transclusion here.
 */
function wholeAttributeTemplate(map: ExpansionMap, key: Range, attrRange: Range, bare: boolean): Expansion | null {
  for (const e of map.expansionsIn(key[0], key[0] + 1)) {
    const holds = e.outEnd > key[1] || (bare && e.outEnd === key[1] && e.typeof === "mw:Param");
    if (e.outStart <= key[0] && holds && e.outStart >= attrRange[0]) return e;
  }
  return null;
}

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const LINE_BREAK = /[\r\n]/g;

/**
 * Attribute text a template wrote as Parsoid rereads it (its tokens as a string: comments and
 * line breaks are no text), or null when that is the text as it stands.
 */
function rereadText(output: string): string | null {
  if (!output.includes("\n") && !output.includes("\r") && !output.includes("<!--")) return null;
  return output.replace(COMMENT, "").replace(LINE_BREAK, "").trim();
}

/**
 * Start tags that render to a DOM of their own wherever they stand (`<nowiki/>`, include
 * directives' metas); other HTML tags in attribute text are dropped as invalid names, end tags
 * render to no content.
 */
const MARKUP_NAME = /^<(?:nowiki|noinclude|includeonly|onlyinclude)[\s/>]/i;

/** Whether a start tag of that markup opens at `at`. */
function opensTag(text: string, at: number): boolean {
  return text.charCodeAt(at) === 0x3c && MARKUP_NAME.test(text.slice(at, at + 13));
}

/** Whether `value` holds a start tag whose name `isExtensionTag` accepts. */
function holdsExtensionTag(value: string, isExtensionTag: (name: string) => boolean): boolean {
  for (let lt = value.indexOf("<"); lt >= 0; lt = value.indexOf("<", lt + 1)) {
    const name = /^<([^\s/>]+)/.exec(value.slice(lt, lt + 64))?.[1];
    if (name !== undefined && isExtensionTag(name.toLowerCase())) return true;
  }
  return false;
}

/**
 * An attribute whose name is such a tag (`{| <nowiki/>`, `{| <noinclude>`) or whose value holds
 * `<nowiki>` or an extension tag: Parsoid renders that markup to a DOM of its own, which makes
 * the attribute an expanded one. A name that is markup reads as no text (the entry's `txt` is
 * empty).
 */
function markupAttr(a: AttrSource, text: string, isExtensionTag: (name: string) => boolean): TemplatedAttr | null {
  if (a.media) return null;
  // (Most attributes hold no markup: one search decides.)
  const from = a.key ? a.key[0] : a.value ? a.value[0] : -1;
  const lt = from < 0 ? -1 : text.indexOf("<", from);
  const to = a.value ? a.value[1] : a.key ? a.key[1] : -1;
  if (lt < 0 || lt >= to) return null;
  const base = { written: undefined, valuePieces: [], templated: false, media: undefined, reread: null };
  if (!a.key) {
    // A URL with include directives in it: its text, and the directives' metas.
    const url = a.value ? text.slice(a.value[0], a.value[1]) : "";
    const pieces = directivePieces(url);
    return pieces ? { ...base, kind: "markup", name: a.name, keySource: null, valueSource: url, valuePieces: pieces } : null;
  }
  if (opensTag(text, a.key[0])) {
    // (An include directive's name holds its tag's ">"; other tags end at the next one.)
    const close = text.charCodeAt(a.key[1] - 1) === 0x3e ? a.key[1] - 1 : text.indexOf(">", a.key[1]);
    if (close < 0) return null;
    return { ...base, kind: "markup", name: "", keySource: text.slice(a.key[0], close + 1), valueSource: "" };
  }
  if (!a.value) return null;
  const value = text.slice(a.value[0], a.value[1]);
  if (value.toLowerCase().includes("<nowiki")) return { ...base, kind: "markup", name: a.name, keySource: null, valueSource: value };
  if (holdsExtensionTag(value, isExtensionTag)) return { ...base, kind: "markup", name: a.name, keySource: null, valueSource: value, valueFromRendering: true };
  return null;
}

const DIRECTIVE_TAG = /<\/?(?:noinclude|onlyinclude)\s*>/gi;

/** A value cut at the include directives in it (rendered on their own), or null without any. */
function directivePieces(value: string): Pieces | null {
  const out: Pieces = [];
  let at = 0;
  for (const m of value.matchAll(DIRECTIVE_TAG)) {
    if (m.index > at) out.push({ literal: value.slice(at, m.index) });
    out.push({ template: m[0] });
    at = m.index + m[0].length;
  }
  if (at === 0) return null;
  if (at < value.length) out.push({ literal: value.slice(at) });
  return out;
}

/**
 * The templated attributes of one element, or null when it has none or a template wrote more
 * than its attributes (`<div {{1x|title="x">}}`): such an element stays in the template's group.
 */
function templatedAttrs(sources: readonly AttrSource[], tagStart: number, attrRange: Range | undefined, tableSyntax: boolean, map: ExpansionMap, source: string, text: string, used: Expansion[], isExtensionTag: (name: string) => boolean): TemplatedAttr[] | null {
  const attrs: TemplatedAttr[] = [];
  const mark = used.length;
  // A template that wrote the tag's start wrote the whole construct (a free URL from a template).
  const first = map.expansionsIn(tagStart, tagStart + 1)[0];
  // Such a tag keeps only what markup in its attribute text renders (Parsoid sees that markup
  // in the template's output as it does on the page).
  const wroteTag = first !== undefined && first.outStart <= tagStart && first.outEnd > tagStart;
  if (wroteTag && !attrRange) return null;
  // A cell whose attribute separator another template wrote (`|{{T|a="b"}}{{T|{{!}}c}}`): Parsoid
  // sees no attributes when it tokenizes, only content that its table fixups merge.
  if (tableSyntax && attrRange && text.charCodeAt(attrRange[1]) !== 0x0a && map.expansionAt(attrRange[1]) !== null) return null;
  // Attributes that start before this offset came from the template that wrote an earlier one.
  let wholeEnd = -1;
  for (const a of sources) {
    const markup = markupAttr(a, text, isExtensionTag);
    if (markup) {
      attrs.push(markup);
      continue;
    }
    if (wroteTag) continue;
    if (a.key && a.key[0] < wholeEnd) {
      if (a.value && a.value[1] > wholeEnd) {
        used.length = mark;
        return null;
      }
      continue;
    }
    const whole = a.key && attrRange ? wholeAttributeTemplate(map, a.key, attrRange, a.value === null) : null;
    if (whole && attrRange) {
      const base = { name: a.name, written: undefined, valueSource: "", valuePieces: [], templated: true, media: undefined };
      // A table line's template that went on past the line: Parsoid splits its output at the
      // line break, and the element stays in the transclusion.
      if (whole.outEnd > attrRange[1] && tableSyntax && text.charCodeAt(attrRange[1]) === 0x0a) {
        attrs.push({ ...base, kind: "mixed", reread: null, keySource: text.slice(Math.max(whole.outStart, attrRange[0]), attrRange[1]).trim() });
        wholeEnd = attrRange[1];
        continue;
      }
      if (whole.outEnd > attrRange[1] || (a.value && a.value[1] > whole.outEnd)) {
        used.length = mark;
        return null;
      }
      used.push(whole);
      attrs.push({ ...base, kind: "whole", reread: rereadText(text.slice(whole.outStart, whole.outEnd)), keySource: source.slice(whole.srcStart, whole.srcEnd) });
      wholeEnd = whole.outEnd;
      continue;
    }
    const inKey = a.key ? inside(map, a.key) : [];
    const value = a.value && a.within ? widened(map, a.value, a.within) : a.value;
    const inValue = value ? inside(map, value) : [];
    // A templated name stays with the template's group: html2wt writes names as they are.
    if (!inKey || !inValue || inKey.length > 0) {
      used.length = mark;
      return null;
    }
    const templated = inKey.length > 0 || inValue.length > 0;
    if (!templated && !a.media?.always) continue;
    used.push(...inKey, ...inValue);
    attrs.push({
      name: a.name,
      kind: "parts",
      reread: null,
      written: a.written,
      keySource: a.key && inKey.length > 0 ? map.sourceSlice(source, a.key[0], a.key[1]) : null,
      valueSource: value ? map.sourceSlice(source, value[0], value[1]) : "",
      valuePieces: value ? pieces(map, source, value, inValue) : [],
      templated,
      media: a.media,
    });
  }
  return attrs.length > 0 ? attrs : null;
}

/**
 * Marks the elements with templated attributes and returns the expansions they took (to be left
 * out of encapsulation). `transclusions` are the expansions that get encapsulated, in order;
 * `isExtensionTag` tells the site's extension tag names (lower case).
 */
export async function expandAttributes(
  body: WElement,
  transclusions: readonly Expansion[],
  source: string,
  text: string,
  render: WikitextRenderer,
  isExtensionTag: (name: string) => boolean,
): Promise<Set<Expansion>> {
  const map = new ExpansionMap(transclusions);
  const jobs: Job[] = [];
  const used: Expansion[] = [];
  walkElements(body, (el) => {
    const sources = el.aux?.attrSources;
    if (!sources) return;
    const tagStart = el.dp?.tsr?.[0] ?? el.dp?.dsr?.[0];
    if (tagStart === undefined) return;
    const attrs = templatedAttrs(sources, tagStart, el.aux?.attrRange, el.dp?.stx !== "html", map, source, text, used, isExtensionTag);
    if (attrs) jobs.push({ el, attrs });
  });
  if (jobs.length === 0) return new Set();
  // Every name and value rendered at once: each is its own small document.
  const renderPieces = async (list: Pieces) => (await Promise.all(list.map(async (p) => ("literal" in p ? embeddedText(p.literal) : (await render(p.template)).html)))).join("");
  const renderValue = async (a: TemplatedAttr) => {
    if (a.media || (a.kind === "markup" && a.valueSource !== "" && a.valuePieces.length === 0)) return render(a.valueSource);
    return { html: await renderPieces(a.valuePieces), text: "" };
  };
  const renderKey = async (a: TemplatedAttr) => (a.keySource === null ? null : a.kind === "mixed" ? embeddedText(a.keySource) : (await render(a.keySource)).html);
  const rendered = await Promise.all(
    jobs.map((job) => Promise.all(job.attrs.map(async (a) => [await renderKey(a), await renderValue(a)] as const))),
  );
  jobs.forEach((job, k) => {
    const el = job.el;
    const attribs: unknown[] = [];
    const replaced = new Set<string>();
    job.attrs.forEach((a, i) => {
      const [keyHtml, value] = rendered[k]![i]!;
      if (!a.media) {
        a.written?.(a.valueSource);
        const key = keyHtml === null ? { txt: a.name } : a.kind === "mixed" ? { txt: a.name, html: keyHtml, uneditable: true } : { txt: a.name, html: keyHtml };
        attribs.push([key, { html: value.html }]);
        if (a.reread !== null) applyReread(el, a.reread);
        if (a.valueFromRendering) applyRenderedValue(el, a.name, value.text);
        return;
      }
      // Media options (Parsoid's form): an untemplated one only when its text has markup.
      if (!a.templated && value.html === embeddedText(value.text)) return;
      if (a.media.silent) {
        if (a.media.option) a.media.option.ak = (a.media.lead ?? "") + a.valueSource + (a.media.trail ?? "");
        return;
      }
      const txt = a.media.prefix === null ? null : value.text.slice(a.media.prefix);
      attribs.push([a.name, txt === null ? { html: value.html } : { html: value.html, txt }]);
      replaced.add(a.name);
      if (txt !== null && a.media.receiver) a.media.receiver.value = txt;
      // html2wt writes an unchanged option as written: with its templates.
      if (a.templated && a.media.option) a.media.option.ak = (a.media.lead ?? "") + a.valueSource + (a.media.trail ?? "");
    });
    if (attribs.length === 0) return;
    // An option the grammar already recorded (page=) is replaced by its fuller entry.
    const prior = Array.isArray(el.mw?.["attribs"]) ? (el.mw["attribs"] as unknown[]).filter((e) => !(Array.isArray(e) && replaced.has(e[0] as string))) : [];
    // attribs come first in data-mw, as Parsoid writes them.
    const { attribs: _old, ...rest } = el.mw ?? {};
    el.mw = { attribs: [...prior, ...attribs], ...rest };
    const existing = el.getAttribute("typeof");
    el.setAttribute("typeof", existing ? `${existing} mw:ExpandedAttrs` : "mw:ExpandedAttrs");
    const dp = el.dp ?? (el.dp = {});
    for (const a of job.attrs) {
      if (a.media) continue;
      // Not every attribute is an HTML one (a category's `mw:sortKey`): then the grammar noted it.
      const value = el.getAttribute(a.name) ?? dp.a?.[a.name];
      if (a.keySource !== null || value === null || value === undefined) continue;
      dp.sa = { ...dp.sa, [a.name]: a.valueSource };
      if (dp.a?.[a.name] === undefined) dp.a = { ...dp.a, [a.name]: value };
    }
  });
  return new Set(used);
}

/** An attribute's value as the text its markup rendered to, sanitized as a written one would be. */
function applyRenderedValue(el: WElement, name: string, rendered: string): void {
  const kept = sanitizeAttributes(el.name, [{ name, value: rendered }]).attrs.find((attr) => attr.name === name);
  if (kept) el.setAttribute(name, kept.value);
  else el.removeAttribute(name);
}

/** The values of attributes a template wrote whole, as Parsoid reads them from its output. */
function applyReread(el: WElement, reread: string): void {
  for (const attr of sanitizeAttributes(el.name, parseAttributes(reread)).attrs) {
    if (el.hasAttribute(attr.name)) el.setAttribute(attr.name, attr.value);
  }
}
