// {{PAGESIZE:title|R}}: the size of a page's source in bytes, 0 for a missing page; grouped
// with separators unless R (raw) is given.
import { Title } from "../../env/title.js";
import { formatNumbers } from "./formatnum.js";
import type { ParserFunction } from "./types.js";

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

export const pagesizeFunction: ParserFunction = {
  name: "pagesize",
  hash: false,
  async call(ctx) {
    const title = Title.tryParse(ctx.first, ctx.env.site);
    const raw = ctx.args[0] ? ctx.env.site.magicWordForAlias(await ctx.args[0].whole()) === "rawsuffix" : false;
    const page = title && !title.isExternal ? await ctx.pageSource(title) : null;
    const size = String(page ? utf8Bytes(page.source) : 0);
    return raw ? size : formatNumbers(size);
  },
};
