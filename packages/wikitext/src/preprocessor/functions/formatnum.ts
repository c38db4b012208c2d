// {{formatnum:}}: digit grouping with the English separators (",", "."); "R" reads a formatted
// number back, "NOSEP" leaves out the grouping. Numbers inside other text are formatted in place.
import { mapOutsideMarkers } from "./php-text.js";
import { pageLanguage } from "../../engine-env.js";
import type { ParserFunction } from "./types.js";

function group(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const formatters = new Map<string, Intl.NumberFormat | null>();

/** The language's number format keeping `fractionDigits` decimals, or null for English/unknown. */
function formatterFor(lang: string, fractionDigits: number, separators: boolean): Intl.NumberFormat | null {
  const key = `${lang}|${fractionDigits}|${separators}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(lang, {
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
        useGrouping: separators,
      });
    } catch {
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats every number in a text (Language::formatNum): English separators as MediaWiki writes
 * them, other languages' separators and digits from Intl.
 */
export function formatNumbers(text: string, separators = true, lang = "en"): string {
  const english = lang === "" || lang === "en" || lang.startsWith("en-");
  return text.replace(/(-?)(\d+)(\.\d+)?/g, (whole, sign: string, integer: string, fraction: string | undefined) => {
    // Without separators (NOSEP) the number stays as written, in every language.
    if (!english && separators) {
      const formatter = formatterFor(lang, fraction ? fraction.length - 1 : 0, separators);
      // Intl reads decimal strings exactly (no float rounding of long numbers).
      if (formatter) return formatter.format(whole as unknown as number);
    }
    return sign + (separators ? group(integer) : integer) + (fraction ?? "");
  });
}

export const formatnumFunction: ParserFunction = {
  name: "formatnum",
  hash: false,
  async call(ctx) {
    const options = new Set<string>();
    for (const arg of ctx.args) {
      const word = ctx.env.site.magicWordForAlias(await arg.whole());
      if (word) options.add(word);
      else options.add((await arg.whole()).toUpperCase());
    }
    if (options.has("rawsuffix") || options.has("R")) {
      // Unformat: drop the grouping separators of a number.
      return /^[\d,.\-]+$/.test(ctx.first) ? ctx.first.replace(/,/g, "") : ctx.first;
    }
    const noSeparators = options.has("nocommafysuffix") || options.has("NOSEP");
    const lang = pageLanguage(ctx.env.site, ctx.env.page);
    return mapOutsideMarkers(ctx.first, ctx.env.site.extensionTags(), (s) => formatNumbers(s, !noSeparators, lang));
  },
};
