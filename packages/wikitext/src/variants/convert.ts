// Output in a language variant (LanguageConverter's job for readers): the page's text is
// converted to the variant's script, and each `-{…}-` element (typeof mw:LanguageVariant) shows
// what the markup says for that variant: disabled text as written, the rule for the variant (or
// its fallbacks), a filtered text converted only for the variants it names. Text that must not
// change stays: <nowiki>, code and preformatted text, link text that is a URL.
//
// Converters exist for Serbian (sr-ec Cyrillic, sr-el Latin); asking for a wiki's own language
// code means no conversion. Other variants (Chinese needs dictionaries) are not offered, unless
// asked for with `rulesOnly`: then only the page's markup and its own rules convert (see
// manual-rules.ts), the rest of the text stays as written. The page's rules (markup with the add
// flag) apply to the text after them, so the walk goes in document order; title and alt
// attributes are converted with the text (MediaWiki's converter does so too).
import { WElement, WText, type WNode } from "../dom/node.js";
import type { SiteConfig } from "../env/site-config.js";
import { htmlToNodes } from "../html2wt/index.js";
import { toCyrillic, toLatin } from "./serbian.js";
import { variantData } from "./data.js";
import { ManualRules } from "./manual-rules.js";

export interface VariantConverter {
  /** MediaWiki's code of the target variant (`sr-ec`). */
  readonly code: string;
  convert(text: string): string;
}

/** BCP 47 tags of variants whose MediaWiki code differs (lower case). */
const MEDIAWIKI_CODES: Record<string, string> = {
  "sr-cyrl": "sr-ec", "sr-latn": "sr-el",
  "zh-hans-cn": "zh-cn", "zh-hant-tw": "zh-tw", "zh-hant-hk": "zh-hk", "zh-hans-sg": "zh-sg", "zh-hans-my": "zh-my", "zh-hant-mo": "zh-mo",
};

/** A variant name as MediaWiki codes it (`sr-Cyrl` → `sr-ec`, `zh-Hant` → `zh-hant`). */
export function mediaWikiVariantCode(name: string): string {
  const lower = name.toLowerCase();
  return MEDIAWIKI_CODES[lower] ?? lower;
}

const CONVERTERS: Record<string, (text: string) => string> = { "sr-ec": toCyrillic, "sr-el": toLatin };

function unchanged(text: string): string {
  return text;
}

/** A variant the wiki does not have, or one no converter is offered for. */
export class VariantUnsupportedError extends Error {
  constructor(
    readonly lang: string,
    readonly variant: string,
  ) {
    super(`Conversion of ${lang} to the variant ${variant} is not supported.`);
    this.name = "VariantUnsupportedError";
  }
}

/**
 * The converter to `target` on this wiki; null when the wiki has no such variant or none is
 * offered. `rulesOnly`: a variant the wiki has but no script converter is offered for still gets
 * one that leaves text as written (its markup and the page's own rules still apply).
 */
export function variantConverter(site: SiteConfig, target: string, options: { rulesOnly?: boolean } = {}): VariantConverter | null {
  const code = mediaWikiVariantCode(target);
  const lang = site.lang;
  if (code === lang) return { code, convert: unchanged };
  if (!site.info.languagevariants?.[lang]?.[code]) return null;
  const convert = CONVERTERS[code] ?? (options.rulesOnly ? unchanged : undefined);
  return convert ? { code, convert } : null;
}

/** Element names whose text is never converted. */
const UNCONVERTED = new Set(["code", "pre", "script", "style", "math", "kbd", "samp", "var"]);
const URL_TEXT = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

/** One conversion of a page: the target and the page's rules learnt so far. */
interface Conversion {
  readonly site: SiteConfig;
  readonly converter: VariantConverter;
  readonly rules: ManualRules;
}

/** Attributes whose text readers see, converted with the text. */
const CONVERTED_ATTRIBUTES = ["title", "alt"];

/** Converts the text under `root` in place. */
export function convertToVariant(root: WElement, site: SiteConfig, converter: VariantConverter): void {
  const pick = <R extends { l: string }>(rules: readonly R[]) => ruleFor(rules, site, converter.code);
  const rules = new ManualRules(converter.code, pick, mediaWikiVariantCode, converter.code !== site.lang);
  convertChildren(root, { site, converter, rules }, "all");
}

/** The children of `root` in document order (rules met on the way apply to what follows them). */
function convertChildren(root: WElement, conversion: Conversion, only: "elements" | "all"): void {
  const convert = conversion.converter.convert;
  const elements: WElement[] = [root];
  const next: number[] = [0];
  while (elements.length > 0) {
    const el = elements[elements.length - 1]!;
    const at = next[next.length - 1]!;
    const child = el.children[at];
    if (child === undefined) {
      elements.pop();
      next.pop();
      continue;
    }
    next[next.length - 1] = at + 1;
    if (child.kind === "text") {
      if (only === "all") child.value = conversion.rules.apply(child.value, convert);
      continue;
    }
    if (child.kind !== "element") continue;
    const type = child.getAttribute("typeof") ?? "";
    if (type.includes("mw:LanguageVariant")) {
      showVariant(child, conversion);
      continue;
    }
    if (type.includes("mw:Nowiki") || UNCONVERTED.has(child.name) || isUrlLinkText(child)) continue;
    if (only === "all") convertAttributes(child, conversion);
    elements.push(child);
    next.push(0);
  }
}

function convertAttributes(el: WElement, conversion: Conversion): void {
  for (const attr of el.attrs) {
    if (CONVERTED_ATTRIBUTES.includes(attr.name) && attr.value !== "") attr.value = conversion.rules.apply(attr.value, conversion.converter.convert);
  }
}

/** An external link whose text is a URL: the URL stays as written. */
function isUrlLinkText(el: WElement): boolean {
  return el.name === "a" && (el.getAttribute("rel") ?? "").includes("mw:ExtLink") && URL_TEXT.test(el.textContent());
}

/**
 * Fills a variant element with what it shows in the converter's variant (a meta shows nothing);
 * its rules, when it adds or removes some, apply from here on.
 */
function showVariant(el: WElement, conversion: Conversion): void {
  const data = variantData(el);
  if (data === null) return;
  conversion.rules.learn(data);
  if (el.name === "meta") return;
  const { site, converter } = conversion;
  let html: string | undefined;
  let convert = false;
  if (data.disabled) html = data.disabled.t;
  else if (data.name) {
    setChildren(el, [new WText(variantDisplayName(site, data.name.t ?? ""))]);
    return;
  } else if (data.filter) {
    html = data.filter.t;
    convert = (data.filter.l ?? []).some((l) => mediaWikiVariantCode(l) === converter.code);
  } else if (data.twoway) {
    html = ruleFor(data.twoway, site, converter.code)?.t;
  } else if (data.oneway) {
    const rule = ruleFor(data.oneway, site, converter.code);
    html = rule ? rule.t : data.oneway[0]?.f;
    convert = rule === undefined;
  }
  const holder = new WElement("div", []);
  for (const node of html ? htmlToNodes(html, "div") : []) {
    forgetParseData(node);
    holder.appendChild(node);
  }
  convertChildren(holder, conversion, convert ? "all" : "elements");
  setChildren(el, holder.children.slice());
}

/** The rule for the variant, else for the first of its fallbacks that has one; a `*` rule fits all. */
function ruleFor<R extends { l: string }>(rules: readonly R[], site: SiteConfig, code: string): R | undefined {
  const fallbacks = site.info.languagevariants?.[site.lang]?.[code]?.fallbacks ?? [];
  for (const wanted of [code, ...fallbacks.map(mediaWikiVariantCode)]) {
    const rule = rules.find((r) => mediaWikiVariantCode(r.l) === wanted);
    if (rule) return rule;
  }
  return rules.find((r) => r.l === "*");
}

/** `-{N|zh-cn}-`: the variant's name as the wiki lists it. */
function variantDisplayName(site: SiteConfig, code: string): string {
  const variants = site.info.general["variants"];
  if (Array.isArray(variants)) {
    for (const v of variants as Array<{ code?: string; name?: string }>) {
      if (v.code && mediaWikiVariantCode(v.code) === mediaWikiVariantCode(code) && v.name) return v.name;
    }
  }
  return code;
}

/** Shown content is derived from data-mw-variant: it carries no parse data of its own. */
function forgetParseData(node: WNode): void {
  if (node.kind !== "element") return;
  const stack: WElement[] = [node];
  while (stack.length > 0) {
    const el = stack.pop()!;
    el.dp = null;
    for (const c of el.children) if (c.kind === "element") stack.push(c);
  }
}

function setChildren(el: WElement, nodes: WNode[]): void {
  for (const old of el.children) old.parent = null;
  el.children = [];
  for (const n of nodes) el.appendChild(n);
}
