// {{PLURAL:n|forms}}, {{GENDER:user|forms}}, {{GRAMMAR:case|word}}, {{BIDI:}} for English:
// explicit "n=form" forms first, then the one/other rule; gender is unknown to the engine
// (no user data), so the neutral form is used; English has no grammatical cases.
import type { ParserFunction } from "./types.js";

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
    // English: "one" is exactly the integer 1 written without decimals.
    const isOne = /^\s*1\s*$/.test(ctx.first.replace(/,/g, ""));
    return isOne ? forms[0]! : forms[Math.min(1, forms.length - 1)]!;
  },
};

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
