// {{#language:code|in}} (language names through the platform's Intl data: autonyms by
// default) and {{int:key}}, which has no interface messages here and answers like MediaWiki
// does for a missing message.
import type { ParserFunction } from "./types.js";

export function languageName(code: string, inLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: "language", fallback: "none" }).of(code);
    return name ?? code;
  } catch {
    return code;
  }
}

export const languageFunction: ParserFunction = {
  name: "language",
  hash: false,
  async call(ctx) {
    const code = (ctx.first || ctx.env.page.pagelanguage || ctx.env.site.lang).toLowerCase();
    const inLanguage = ctx.args[0] ? (await ctx.args[0].whole()).toLowerCase() : "";
    return languageName(code, inLanguage || code);
  },
};

export const intFunction: ParserFunction = {
  name: "int",
  hash: false,
  call: (ctx) => `⧼${ctx.first}⧽`,
};
