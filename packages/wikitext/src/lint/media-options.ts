// Classifies media options (`[[File:X|thumb|300px|caption]]`) with the wiki's img_* magic words,
// the way the legacy parser reads them: recognised options, the caption (the last unrecognised
// one), and bogus ones (unrecognised but not last, or a size overridden by a later size).
import type { SiteConfig } from "../env/site-config.js";
import { memoizedPerObject } from "../util/memo.js";

const IMAGE_OPTION_WORDS = [
  "img_thumbnail", "img_manualthumb", "img_framed", "img_frameless", "img_border", "img_left",
  "img_right", "img_center", "img_none", "img_baseline", "img_sub", "img_super", "img_top",
  "img_text_top", "img_middle", "img_bottom", "img_text_bottom", "img_width", "img_upright",
  "img_link", "img_alt", "img_page", "img_lang", "img_class", "img_lossy",
];

interface OptionPattern {
  word: string;
  /** Lower-cased unless the magic word is case-sensitive. */
  prefix: string;
  suffix: string;
  /** Has a `$1` value part. */
  parametrized: boolean;
  caseSensitive: boolean;
}

const patternsFor = memoizedPerObject((site: SiteConfig): OptionPattern[] => {
  const patterns: OptionPattern[] = [];
  for (const word of IMAGE_OPTION_WORDS) {
    const entry = site.magicWord(word);
    if (!entry) continue;
    for (const alias of entry.aliases) {
      const at = alias.indexOf("$1");
      const caseSensitive = entry["case-sensitive"];
      const prefix = at < 0 ? alias : alias.slice(0, at);
      const suffix = at < 0 ? "" : alias.slice(at + 2);
      patterns.push({
        word,
        prefix: caseSensitive ? prefix : prefix.toLowerCase(),
        suffix: caseSensitive ? suffix : suffix.toLowerCase(),
        parametrized: at >= 0,
        caseSensitive,
      });
    }
  }
  return patterns;
});

/** Values an option with a `$1` accepts (sizes must be sizes, upright a number). */
function validValue(word: string, value: string): boolean {
  if (word === "img_width") return /^(?:\d+|\d*x\d+)\s*$/.test(value);
  if (word === "img_upright") return /^\s*\d*\.?\d*\s*$/.test(value);
  return true;
}

/** The img_* magic word an option is, or null. */
export function classifyMediaOption(site: SiteConfig, option: string): string | null {
  // Comments are not part of an option ("upright=2<!-- why -->").
  const text = (option.includes("<!--") ? option.replace(/<!--[\s\S]*?(?:-->|$)/g, "") : option).trim();
  const lowered = text.toLowerCase();
  for (const p of patternsFor(site)) {
    const subject = p.caseSensitive ? text : lowered;
    const { prefix, suffix } = p;
    if (!p.parametrized) {
      if (subject === prefix) return p.word;
      continue;
    }
    if (subject.length < prefix.length + suffix.length || !subject.startsWith(prefix) || !subject.endsWith(suffix)) continue;
    const value = text.slice(prefix.length, text.length - suffix.length);
    if (validValue(p.word, value)) return p.word;
  }
  return null;
}

export interface ClassifiedOption {
  text: string;
  word: string | null;
}

/**
 * The bogus options of a media item, given its options in order (the part after the target).
 * `allowed` limits the recognised options that are meaningful (galleries accept only a few).
 */
export function bogusMediaOptions(site: SiteConfig, options: readonly string[], allowed?: ReadonlySet<string>): string[] {
  const classified: ClassifiedOption[] = options.map((text) => ({ text, word: classifyMediaOption(site, text) }));
  let captionIndex = -1;
  for (let i = classified.length - 1; i >= 0; i--) {
    if (classified[i]!.word === null) {
      captionIndex = i;
      break;
    }
  }
  const lastSize = classified.map((o) => o.word).lastIndexOf("img_width");
  const bogus: string[] = [];
  classified.forEach((o, i) => {
    if (o.word === null) {
      if (i !== captionIndex) bogus.push(o.text.trim());
    } else if (allowed && !allowed.has(o.word)) {
      bogus.push(o.text.trim());
    } else if (o.word === "img_width" && i !== lastSize) {
      bogus.push(o.text.trim());
    }
  });
  return bogus;
}

/** Splits `a|b|[[c|d]]|{{e|f}}` at the pipes that are not inside links or braces. */
export function splitTopLevelPipes(text: string): string[] {
  const parts: string[] = [];
  let depthLink = 0;
  let depthBrace = 0;
  let start = 0;
  // (Character codes, not two-character slices: no string per position.)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const doubled = text.charCodeAt(i + 1) === c;
    if (doubled && c === 91 /* [ */) { depthLink++; i++; continue; }
    if (doubled && c === 93 /* ] */ && depthLink > 0) { depthLink--; i++; continue; }
    if (doubled && c === 123 /* { */) { depthBrace++; i++; continue; }
    if (doubled && c === 125 /* } */ && depthBrace > 0) { depthBrace--; i++; continue; }
    if (c === 124 /* | */ && depthLink === 0 && depthBrace === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
