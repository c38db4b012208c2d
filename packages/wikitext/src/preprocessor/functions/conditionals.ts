// ParserFunctions' conditionals: #if, #ifeq, #iferror, #ifexpr, #ifexist. Branches are
// expanded only when taken (templates in the other branch are never fetched).
import { NS_FILE, NS_MEDIA, Title } from "../../env/title.js";
import { ExprError, evaluateExpression } from "./expr.js";
import { isPhpNumeric } from "./php-text.js";
import { errorMarkup, type CallContext, type ParserFunction } from "./types.js";

async function branch(ctx: CallContext, index: number): Promise<string> {
  const arg = ctx.args[index];
  return arg ? arg.whole() : "";
}

/** #ifeq's comparison: numerically when both sides are numbers, else as strings. */
export function valuesEqual(left: string, right: string): boolean {
  if (isPhpNumeric(left) && isPhpNumeric(right)) return Number(left) === Number(right);
  return left === right;
}

export const ifFunction: ParserFunction = {
  name: "if",
  hash: true,
  call: (ctx) => branch(ctx, ctx.first !== "" ? 0 : 1),
};

export const ifeqFunction: ParserFunction = {
  name: "ifeq",
  hash: true,
  async call(ctx) {
    const right = ctx.args[0] ? await ctx.args[0].whole() : "";
    return branch(ctx, valuesEqual(ctx.first, right) ? 1 : 2);
  },
};

/** What #iferror recognises as an error: an element with class "error" (MediaWiki's pattern). */
const ERROR_PATTERN = /<(?:strong|span|p|div)\s(?:[^\s>]*\s+)*?class="(?:[^"\s>]*\s+)*?error(?:\s[^">]*)?"/;

export const iferrorFunction: ParserFunction = {
  name: "iferror",
  hash: true,
  async call(ctx) {
    if (ERROR_PATTERN.test(ctx.first)) return branch(ctx, 0);
    return ctx.args[1] ? ctx.args[1].whole() : ctx.first;
  },
};

export const ifexprFunction: ParserFunction = {
  name: "ifexpr",
  hash: true,
  call(ctx) {
    let result: string;
    try {
      result = evaluateExpression(ctx.first);
    } catch (error) {
      if (error instanceof ExprError) return errorMarkup(error.message);
      throw error;
    }
    const truthy = isPhpNumeric(result) ? Number(result) !== 0 : result !== "";
    return branch(ctx, truthy ? 0 : 1);
  },
};

export const ifexistFunction: ParserFunction = {
  name: "ifexist",
  hash: true,
  async call(ctx) {
    const title = Title.tryParse(ctx.first, ctx.env.site);
    let exists = false;
    if (title && !title.isExternal) {
      // Media: links ask about the file page.
      const target = title.ns === NS_MEDIA ? Title.fromParts(ctx.env.site, NS_FILE, title.dbKey) : title;
      exists = await ctx.pageExists(target);
    }
    return branch(ctx, exists ? 0 : 1);
  },
};
