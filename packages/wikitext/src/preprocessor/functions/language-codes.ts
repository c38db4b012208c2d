// {{#bcp47:}} and {{#dir:}}: MediaWiki's internal language codes as BCP 47 tags (its table of
// deprecated and non-standard codes, then BCP 47 casing), and a language's writing direction.
import type { CallContext, ParserFunction } from "./types.js";

/** MediaWiki's LanguageCode mapping of internal codes that are not valid BCP 47. */
const NON_STANDARD: Record<string, string> = {
  als: "gsw", bat_smg: "sgs", "bat-smg": "sgs", be_x_old: "be-tarask", "be-x-old": "be-tarask",
  "fiu-vro": "vro", "roa-rup": "rup", "zh-classical": "lzh", "zh-min-nan": "nan", "zh-yue": "yue",
  simple: "en-simple", "de-formal": "de-x-formal", "nl-informal": "nl-x-informal", "sr-ec": "sr-Cyrl",
  "sr-el": "sr-Latn", "kk-cyrl": "kk-Cyrl", "kk-latn": "kk-Latn", "kk-arab": "kk-Arab", "ku-arab": "ku-Arab",
  "ku-latn": "ku-Latn", "zh-hans": "zh-Hans", "zh-hant": "zh-Hant", "cbk-zam": "cbk", "map-bms": "jv-x-bms",
  "nrm": "nrf", "roa-tara": "nap-x-tara", "eml": "egl", "mo": "ro-Cyrl-MD", "ike-cans": "ike-Cans",
  "ike-latn": "ike-Latn", "tt-cyrl": "tt-Cyrl", "tt-latn": "tt-Latn", "ug-arab": "ug-Arab", "ug-latn": "ug-Latn",
  "gan-hans": "gan-Hans", "gan-hant": "gan-Hant", "en-rtl": "en-x-rtl", "qqx": "qqx",
};

/** LanguageCode::bcp47: the mapping above, then script in Title case and region in upper case. */
export function bcp47(code: string): string {
  const lower = code.toLowerCase();
  const mapped = NON_STANDARD[lower];
  if (mapped) return mapped;
  const parts = lower.split("-");
  let privateUse = false;
  return parts
    .map((part, i) => {
      if (i === 0) return part;
      if (part === "x") privateUse = true;
      if (privateUse) return part;
      if (part.length === 4) return part[0]!.toUpperCase() + part.slice(1);
      if (part.length === 2) return part.toUpperCase();
      return part;
    })
    .join("-");
}

/** Languages written right to left (MediaWiki's RTL language list, main entries). */
const RTL = new Set([
  "ar", "aeb", "arc", "arq", "ary", "arz", "azb", "bcc", "bgn", "bqi", "ckb", "dv", "fa", "glk", "he",
  "khw", "kk-arab", "ks", "ku-arab", "lki", "lrc", "luz", "mzn", "nqo", "pnb", "ps", "sd", "sdh", "skr",
  "ug", "ug-arab", "ur", "yi", "syc", "sam", "mid", "hbo", "ota", "prd", "ydd",
]);

export function languageDirection(code: string): "ltr" | "rtl" {
  return RTL.has(code.toLowerCase()) ? "rtl" : "ltr";
}

function codeOrPage(ctx: CallContext): string {
  return ctx.first || ctx.env.page.pagelanguage || ctx.env.site.lang;
}

export const bcp47Function: ParserFunction = { name: "bcp47", hash: false, call: (ctx) => bcp47(codeOrPage(ctx)) };
export const dirFunction: ParserFunction = { name: "dir", hash: false, call: (ctx) => languageDirection(codeOrPage(ctx)) };
