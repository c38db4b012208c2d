// {{PLURAL:n|forms}}, {{GENDER:user|forms}}, {{GRAMMAR:case|word}}, {{BIDI:}}: explicit
// "n=form" forms first, then the page language's plural rules (CLDR, through Intl) with
// MediaWiki's form order; gender is unknown to the engine (no user data), so the neutral form is
// used; grammatical cases are not transformed.
import type { ParserFunction } from "./types.js";
import { pageLanguage } from "../../engine-env.js";

/** Reads a number that may use the English grouping separators. */
function parseFormatted(text: string): number {
  return Number(text.replace(/,/g, ""));
}

export const pluralFunction: ParserFunction = {
  name: "plural",
  hash: false,
  async call(ctx) {
    const forms: string[] = [];
    const explicit = new Map<number, string>();
    for (const arg of ctx.args) {
      const form = await arg.whole();
      const m = /^(\d+)=([\s\S]*)$/.exec(form);
      if (m) explicit.set(Number(m[1]), m[2]!);
      else forms.push(form);
    }
    const n = parseFormatted(ctx.first);
    const exact = explicit.get(n);
    if (exact !== undefined) return exact;
    if (forms.length === 0) return "";
    const index = pluralIndex(pageLanguage(ctx.env.site, ctx.env.page), ctx.first.replace(/,/g, "").trim());
    return forms[Math.min(index, forms.length - 1)]!;
  },
};

/** CLDR's category order, which is the order of a language's forms in MediaWiki. */
const CATEGORY_ORDER = ["zero", "one", "two", "few", "many"];

/**
 * Which form a number takes: the index of its plural category among the language's categories
 * (in CLDR order, "other" last). Visible decimals count ("1.0" is not "one" in English).
 */
export function pluralIndex(lang: string, numberText: string): number {
  const n = Number(numberText);
  if (!Number.isFinite(n)) return 1;
  const decimals = /\.(\d+)$/.exec(numberText)?.[1]?.length ?? 0;
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(lang, { minimumFractionDigits: decimals });
  } catch {
    rules = new Intl.PluralRules("en", { minimumFractionDigits: decimals });
  }
  const categories = CATEGORY_ORDER.filter((c) => rules.resolvedOptions().pluralCategories.includes(c as Intl.LDMLPluralRule));
  const category = rules.select(n);
  const index = categories.indexOf(category);
  return index < 0 ? categories.length : index;
}

export const genderFunction: ParserFunction = {
  name: "gender",
  hash: false,
  async call(ctx) {
    const forms = await Promise.all(ctx.args.map((a) => a.whole()));
    if (forms.length === 0) return "";
    return forms[2] ?? forms[0]!;
  },
};

export const grammarFunction: ParserFunction = {
  name: "grammar",
  hash: false,
  async call(ctx) {
    return ctx.args[0] ? ctx.args[0].whole() : "";
  },
};

export const bidiFunction: ParserFunction = {
  name: "bidi",
  hash: false,
  call(ctx) {
    // Isolate the text in the direction of its first strong character.
    const rtl = /^[^A-Za-z\u00C0-\u024F]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(ctx.first);
    return ctx.first === "" ? "" : `${rtl ? "\u202B" : "\u202A"}${ctx.first}\u202C`;
  },
};
