// {{ns:}} and {{nse:}}: a namespace's local name from its number, name or alias.
import { wfUrlencode } from "./php-text.js";
import type { CallContext, ParserFunction } from "./types.js";

function namespaceName(ctx: CallContext): string | undefined {
  const site = ctx.env.site;
  const text = ctx.first;
  const index = /^[+-]?\d+$/.test(text) ? parseInt(text, 10) : site.namespaceId(text.replace(/_/g, " "));
  return index === undefined ? undefined : site.namespaceName(index);
}

export const nsFunction: ParserFunction = {
  name: "ns",
  hash: false,
  call: (ctx) => namespaceName(ctx) ?? "",
};

export const nseFunction: ParserFunction = {
  name: "nse",
  hash: false,
  call: (ctx) => wfUrlencode((namespaceName(ctx) ?? "").replace(/ /g, "_")),
};
