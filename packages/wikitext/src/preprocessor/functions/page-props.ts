// {{DISPLAYTITLE:}} and {{DEFAULTSORT:}}: they print nothing and set a page property (the
// later one wins unless "noreplace" is given).
import type { CallContext, ParserFunction } from "./types.js";

async function setProperty(ctx: CallContext, property: string, prefix: string): Promise<string> {
  let noReplace = false;
  for (const arg of ctx.args) {
    const word = ctx.env.site.magicWordForAlias(await arg.whole());
    if (word === `${prefix}_noreplace`) noReplace = true;
  }
  if (ctx.first !== "") ctx.setPageProperty(property, ctx.first, !noReplace);
  return "";
}

export const displaytitleFunction: ParserFunction = {
  name: "displaytitle",
  hash: false,
  call: (ctx) => setProperty(ctx, "displaytitle", "displaytitle"),
};

export const defaultsortFunction: ParserFunction = {
  name: "defaultsort",
  hash: false,
  call: (ctx) => setProperty(ctx, "defaultsort", "defaultsort"),
};
