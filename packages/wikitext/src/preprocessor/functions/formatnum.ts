// {{formatnum:}}: digit grouping with the English separators (",", "."); "R" reads a formatted
// number back, "NOSEP" leaves out the grouping. Numbers inside other text are formatted in place.
import { mapOutsideMarkers } from "./php-text.js";
import type { ParserFunction } from "./types.js";

function group(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Formats every number in a text (what Language::formatNum does for English). */
export function formatNumbers(text: string, separators = true): string {
  return text.replace(/(-?)(\d+)(\.\d+)?/g, (_, sign: string, integer: string, fraction: string | undefined) => {
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
    return mapOutsideMarkers(ctx.first, ctx.env.site.extensionTags(), (s) => formatNumbers(s, !noSeparators));
  },
};
