// Variables about the wiki and the request: {{SITENAME}}, {{SERVER}}, {{SERVERNAME}},
// {{SCRIPTPATH}}, {{STYLEPATH}}, {{ARTICLEPATH}}, {{CURRENTVERSION}}, {{CONTENTLANGUAGE}},
// {{PAGELANGUAGE}}, {{USERLANGUAGE}}, {{DIRECTIONMARK}}, {{NUMBEROF...}}, {{!}} and {{=}}.
import { formatNumbers } from "./formatnum.js";
import { pageLanguage } from "../../engine-env.js";
import type { CallContext, MagicVariable } from "./types.js";

const general = (ctx: CallContext) => ctx.env.site.info.general;

/** Site statistics when the siteinfo carries them (meta=siteinfo&siprop=statistics). */
function statistic(ctx: CallContext, key: string): string {
  const stats = ctx.env.site.info["statistics"] as Record<string, unknown> | undefined;
  const value = stats?.[key];
  return formatNumbers(String(typeof value === "number" ? value : 0));
}

export const siteVariables: MagicVariable[] = [
  { name: "!", get: () => "|" },
  { name: "=", get: () => "=" },
  { name: "sitename", get: (ctx) => ctx.env.site.siteName },
  { name: "server", get: (ctx) => ctx.env.site.server },
  { name: "servername", get: (ctx) => general(ctx).servername },
  { name: "scriptpath", get: (ctx) => general(ctx).scriptpath },
  { name: "stylepath", get: (ctx) => `${general(ctx).scriptpath.replace(/\/$/, "")}/skins` },
  { name: "articlepath", get: (ctx) => general(ctx).articlepath },
  {
    name: "currentversion",
    get: (ctx) => /(\d+\.\d+[^\s]*)/.exec(String(general(ctx)["generator"] ?? ""))?.[1] ?? "",
  },
  { name: "contentlanguage", get: (ctx) => ctx.env.site.lang },
  { name: "pagelanguage", get: (ctx) => pageLanguage(ctx.env.site, ctx.env.page) },
  { name: "userlanguage", get: (ctx) => ctx.userLanguage },
  { name: "directionmark", get: (ctx) => (general(ctx).rtl ? "\u200F" : "\u200E") },
  { name: "numberofarticles", get: (ctx) => statistic(ctx, "articles") },
  { name: "numberofpages", get: (ctx) => statistic(ctx, "pages") },
  { name: "numberoffiles", get: (ctx) => statistic(ctx, "images") },
  { name: "numberofusers", get: (ctx) => statistic(ctx, "users") },
  { name: "numberofactiveusers", get: (ctx) => statistic(ctx, "activeusers") },
  { name: "numberofadmins", get: (ctx) => statistic(ctx, "admins") },
  { name: "numberofedits", get: (ctx) => statistic(ctx, "edits") },
];
