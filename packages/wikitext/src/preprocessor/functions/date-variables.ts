// Time variables: {{CURRENT*}} (UTC) and {{LOCAL*}} (the wiki's time offset) at the
// conversion's time, and {{REVISION*}} of the page (or of a title argument) — the revision
// time being the conversion time for the page itself, as for a page being previewed.
import { Title } from "../../env/title.js";
import { formatDate, zoned } from "./date-format.js";
import type { CallContext, MagicVariable, ParserFunction } from "./types.js";

const FORMATS: Record<string, string> = {
  year: "Y", month: "m", month1: "n", monthname: "F", monthnamegen: "xg", monthabbrev: "M",
  day: "j", day2: "d", dayname: "l", dow: "w", time: "H:i", hour: "H", timestamp: "YmdHis",
};

function local(ctx: CallContext, isLocal: boolean) {
  const general = ctx.env.site.info.general;
  const offset = isLocal && typeof general.timeoffset === "number" ? general.timeoffset : 0;
  return zoned(ctx.now, offset, isLocal ? (general.timezone ?? "UTC") : "UTC");
}

/** Month and day names come in the wiki's content language. */
function timeVariable(name: string, format: string, isLocal: boolean): MagicVariable {
  return { name, get: (ctx) => formatDate(format, local(ctx, isLocal), ctx.env.site.lang) };
}

function weekVariable(name: string, isLocal: boolean): MagicVariable {
  // The ISO week without its leading zero.
  return { name, get: (ctx) => String(Number(formatDate("W", local(ctx, isLocal)))) };
}

export const dateVariables: MagicVariable[] = [
  ...Object.entries(FORMATS).flatMap(([suffix, format]) => [
    timeVariable(`current${suffix}`, format, false),
    timeVariable(`local${suffix}`, format, true),
  ]),
  weekVariable("currentweek", false),
  weekVariable("localweek", true),
];

const REVISION_FORMATS: Record<string, string> = {
  revisionday: "j", revisionday2: "d", revisionmonth: "m", revisionmonth1: "n", revisionyear: "Y", revisiontimestamp: "YmdHis",
};

/** Whether a revision word is asked about the page being converted. */
function isCurrentPage(ctx: CallContext, title: Title | null): boolean {
  return title !== null && ctx.page !== null && title.equals(ctx.page);
}

async function revisionValue(ctx: CallContext, word: string, title: Title | null): Promise<string> {
  if (!title || title.isExternal) return "";
  if (isCurrentPage(ctx, title)) {
    if (word === "revisionid") return ctx.env.page.revid !== undefined ? String(ctx.env.page.revid) : "";
    if (word === "revisionuser") return "";
    const format = REVISION_FORMATS[word];
    return format ? formatDate(format, zoned(ctx.now)) : "";
  }
  // Other pages: only what the data access knows (their revision id).
  if (word !== "revisionid") return "";
  const page = await ctx.pageSource(title);
  return page ? String(page.revid) : "";
}

const REVISION_WORDS = [...Object.keys(REVISION_FORMATS), "revisionid", "revisionuser"];

export const revisionVariables: MagicVariable[] = REVISION_WORDS.map((name) => ({
  name,
  get: (ctx) => revisionValue(ctx, name, ctx.page),
}));

export const revisionFunctions: ParserFunction[] = REVISION_WORDS.map((name) => ({
  name,
  hash: false,
  call: (ctx) => revisionValue(ctx, name, ctx.first === "" ? ctx.page : Title.tryParse(ctx.first, ctx.env.site)),
}));
