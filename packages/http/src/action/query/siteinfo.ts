import type { ApiContext } from "../context.js";

const SIPROPS = [
  "general", "namespaces", "namespacealiases", "specialpagealiases", "magicwords", "interwikimap",
  "dbrepllag", "statistics", "usergroups", "libraries", "extensions", "fileextensions", "rightsinfo",
  "restrictions", "languages", "languagevariants", "skins", "extensiontags", "functionhooks",
  "showhooks", "variables", "protocols", "defaultoptions", "uploaddialog", "autocreatetempuser",
  "clientlibraries", "doubleunderscores",
];

/** meta=siteinfo: the wiki's configuration, from the same siteinfo the engine is built from. */
export async function siteInfoMeta(ctx: ApiContext): Promise<Record<string, unknown>> {
  const requested = ctx.params.has("siprop") ? ctx.params.enumList("siprop", SIPROPS) : { values: ["general"], unknown: [] };
  if (requested.unknown.length > 0) ctx.warn("siteinfo", `Unrecognized values for parameter "siprop": ${requested.unknown.join(", ")}.`);
  ctx.params.string("sifilteriw");
  ctx.params.bool("sishowalldb");
  ctx.params.bool("sinumberingroup");
  // The server as the client reached it (scheme and port included), like MediaWiki's $wgServer.
  const server = new URL(ctx.request.url).origin;
  const info = (await ctx.store.wikis.siteInfo(ctx.wiki, { server })) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const prop of requested.values) {
    const value = info[prop];
    if (value !== undefined) out[prop] = ctx.formatVersion === 1 ? toFormatVersion1Shape(prop, value) : value;
  }
  return out;
}

/** formatversion=1 puts a namespace's and an alias's name under "*". */
function toFormatVersion1Shape(prop: string, value: unknown): unknown {
  if (prop === "namespaces" && value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, Record<string, unknown>>).map(([id, ns]) => {
        const { name, ...rest } = ns;
        return [id, { ...rest, "*": name }];
      }),
    );
  }
  if (prop === "namespacealiases" && Array.isArray(value)) {
    return value.map(({ alias, ...rest }: Record<string, unknown>) => ({ ...rest, "*": alias }));
  }
  return value;
}
