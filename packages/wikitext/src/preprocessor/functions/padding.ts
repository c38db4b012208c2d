// {{padleft:}} and {{padright:}}: pad to a length in characters with a repeated pad string
// ("0" by default), at most 500 characters, the pad cut where the length is reached.
import { unstripNowiki } from "./php-text.js";
import type { CallContext, ParserFunction } from "./types.js";

const MAX_LENGTH = 500;

async function pad(ctx: CallContext, left: boolean): Promise<string> {
  const text = ctx.first;
  const lengthText = ctx.args[0] ? await ctx.args[0].whole() : "0";
  // The pad may come from <nowiki>: its content counts, not the tag.
  const padding = ctx.args[1] ? unstripNowiki(await ctx.args[1].whole()) : "0";
  const chars = [...padding];
  const length = Math.min(parseInt(lengthText, 10) || 0, MAX_LENGTH);
  const textLength = [...text].length;
  if (chars.length === 0 || length <= textLength) return text;
  let fill = "";
  for (let i = 0; i < length - textLength; i++) fill += chars[i % chars.length];
  return left ? fill + text : text + fill;
}

export const padleftFunction: ParserFunction = { name: "padleft", hash: false, call: (ctx) => pad(ctx, true) };
export const padrightFunction: ParserFunction = { name: "padright", hash: false, call: (ctx) => pad(ctx, false) };
