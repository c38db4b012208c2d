// {{#special:name}} and {{#speciale:name}}: the local name of a special page (through the
// wiki's special page aliases), with its subpage; unknown names are kept as written.
import { upperFirst } from "../../env/title.js";
import { wfUrlencode } from "./php-text.js";
import type { CallContext, ParserFunction } from "./types.js";
import { memoizedPerObject } from "../../util/memo.js";

interface SpecialPageAlias {
  realname: string;
  aliases: string[];
}

/** The wiki's local name of each special page, by any of its names in lower case (once per site info). */
const localNamesOf = memoizedPerObject((info: CallContext["env"]["site"]["info"]): ReadonlyMap<string, string> => {
  const names = new Map<string, string>();
  for (const entry of (info["specialpagealiases"] as SpecialPageAlias[] | undefined) ?? []) {
    const local = entry.aliases[0] ?? entry.realname;
    names.set(entry.realname.toLowerCase(), local);
    for (const alias of entry.aliases) names.set(alias.toLowerCase().replace(/ /g, "_"), local);
  }
  return names;
});

function localNames(ctx: CallContext): ReadonlyMap<string, string> {
  return localNamesOf(ctx.env.site.info);
}

function specialPage(ctx: CallContext): string {
  const [name = "", ...subpage] = ctx.first.split("/");
  const key = name.trim().replace(/ /g, "_").toLowerCase();
  const local = localNames(ctx).get(key) ?? upperFirst(name.trim());
  const ns = ctx.env.site.namespaceName(-1) ?? "Special";
  return [`${ns}:${local}`, ...subpage].join("/");
}

export const specialFunction: ParserFunction = { name: "special", hash: true, call: (ctx) => specialPage(ctx) };
export const specialeFunction: ParserFunction = {
  name: "speciale",
  hash: true,
  call: (ctx) => wfUrlencode(specialPage(ctx).replace(/ /g, "_")),
};
