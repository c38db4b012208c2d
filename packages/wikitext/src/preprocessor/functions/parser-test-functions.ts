// The pure functions that MediaWiki's parser tests register (parsertests.siteconfig.json), with
// the behaviour their tests show. They are "fragment handlers" in Parsoid: their output uses
// the v3 (`parserfunction`) form of data-mw. A wiki only has them if its siteinfo names them.
import { unstripNowiki } from "./php-text.js";
import type { CallContext, ParserFunction } from "./types.js";

async function positional(ctx: CallContext): Promise<string[]> {
  return ctx.allArgs();
}

/** f1_wt: its arguments joined by spaces. */
const f1: (name: string) => ParserFunction = (name) => ({
  name,
  hash: name === "f1_wt",
  fragmentHandler: true,
  async call(ctx) {
    return (await positional(ctx)).join(" ");
  },
});

export const parserTestFunctions: ParserFunction[] = [
  f1("f1_wt"),
  f1("f1_wt_nohash"),
  {
    // f2_if: #if with its branches expanded only when taken.
    name: "f2_if",
    hash: true,
    fragmentHandler: true,
    async call(ctx) {
      const arg = ctx.args[ctx.first !== "" ? 0 : 1];
      return arg ? arg.whole() : "";
    },
  },
  {
    // f3_uc: uppercase, except the content of <nowiki>, which stays as written.
    name: "f3_uc",
    hash: true,
    fragmentHandler: true,
    call(ctx) {
      return ctx.first.replace(/(<nowiki(?:\s[^>]*)?>[\s\S]*?<\/nowiki\s*>)|([^<]+|<)/gi, (_, nowiki: string | undefined, text: string | undefined) => nowiki ?? text!.toUpperCase());
    },
  },
  {
    // f5_from_nowiki: the literal content of a <nowiki> argument.
    name: "f5_from_nowiki",
    hash: true,
    fragmentHandler: true,
    call: (ctx) => `<nowiki>${unstripNowiki(ctx.first)}</nowiki>`,
  },
  {
    // f6_async_return: the content when "ready", else the given fallback.
    name: "f6_async_return",
    hash: true,
    fragmentHandler: true,
    async call(ctx) {
      const arg = ctx.args[ctx.first === "ready" ? 0 : 1];
      return arg ? arg.whole() : "";
    },
  },
  {
    // f8_countargs: how many arguments were written.
    name: "f8_countargs",
    hash: true,
    fragmentHandler: true,
    call: (ctx) => String((ctx.hasFirst ? 1 : 0) + ctx.args.length),
  },
  {
    // pfh_countnamedargs: how many distinct argument names remain after numbering.
    name: "pfh_countnamedargs",
    hash: true,
    fragmentHandler: true,
    async call(ctx) {
      const names = new Set<string>();
      let index = 1;
      if (ctx.hasFirst) names.add(String(index++));
      for (const arg of ctx.args) names.add(arg.isNamed ? await arg.name() : String(index++));
      return String(names.size);
    },
  },
];
