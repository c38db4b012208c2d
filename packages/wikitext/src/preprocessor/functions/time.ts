// {{#time:format|date|lang|local}} and {{#timel:}}: the date argument is read with the common
// forms of PHP's date parser (ISO dates and times, "@unix", MediaWiki timestamps, English month
// names, now/today/tomorrow/yesterday, relative offsets such as "+1 day" or "2 weeks ago").
import { formatDate, MONTH_ABBREVIATIONS, MONTH_NAMES, zoned } from "./date-format.js";
import { errorMarkup, type CallContext, type ParserFunction } from "./types.js";

const INVALID_TIME = errorMarkup("Error: Invalid time.");

const MONTHS = new Map<string, number>();
MONTH_NAMES.forEach((name, i) => MONTHS.set(name.toLowerCase(), i));
MONTH_ABBREVIATIONS.forEach((name, i) => MONTHS.set(name.toLowerCase(), i));
MONTHS.set("sept", 8);

const UNIT_MS: Record<string, number> = {
  sec: 1000, second: 1000, min: 60_000, minute: 60_000, hour: 3_600_000, day: 86_400_000,
  week: 7 * 86_400_000, fortnight: 14 * 86_400_000,
};

interface Parsed {
  /** Milliseconds since the epoch, in wall-clock terms of the zone the text is read in. */
  wallMs: number;
  /** An explicit zone in the text overrides the reading zone (minutes from UTC). */
  explicitOffset: number | null;
}

function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  const date = new Date(Date.UTC(2000, mo, d, h, mi, s));
  date.setUTCFullYear(y);
  return date.getTime();
}

function zoneOffset(text: string | undefined): number | null {
  if (!text) return null;
  const upper = text.toUpperCase();
  if (upper === "Z" || upper === "UTC" || upper === "GMT") return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!m) return null;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** Parses a date; `nowWall` is "now" in the reading zone's wall-clock milliseconds. */
export function parseDate(input: string, nowWall: number): Parsed | null {
  let text = input.trim().toLowerCase().replace(/\s+/g, " ");
  let explicitOffset: number | null = null;
  if (text === "" || text === "now") return { wallMs: nowWall, explicitOffset };
  const unix = /^@(-?\d+)$/.exec(text);
  if (unix) return { wallMs: Number(unix[1]) * 1000, explicitOffset: 0 };

  // Relative offsets at the end ("+1 day", "2 weeks ago", "next month").
  const relatives: Array<{ n: number; unit: string }> = [];
  const relativeRe = /(?:^|\s)([+-]?\s?\d+|next|last|previous)\s?(sec|second|min|minute|hour|day|week|fortnight|month|year)s?(\s+ago)?$/;
  for (;;) {
    const m = relativeRe.exec(text);
    if (!m) break;
    const word = m[1]!.replace(/\s/g, "");
    let n = word === "next" ? 1 : word === "last" || word === "previous" ? -1 : Number(word);
    if (m[3]) n = -n;
    relatives.unshift({ n, unit: m[2]! });
    text = text.slice(0, m.index).trim();
  }

  let base: number | null = null;
  const today = new Date(nowWall);
  const midnight = utc(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (text === "" || text === "now") base = nowWall;
  else if (text === "today" || text === "midnight") base = midnight;
  else if (text === "tomorrow") base = midnight + 86_400_000;
  else if (text === "yesterday") base = midnight - 86_400_000;
  else if (text === "noon") base = midnight + 12 * 3_600_000;
  else {
    let m: RegExpExecArray | null;
    const time = "(?:[t ](\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.\\d+)?)?)?\\s?(z|utc|gmt|[+-]\\d{2}:?\\d{2})?";
    if ((m = new RegExp(`^(-?\\d{4})-(\\d{1,2})-(\\d{1,2})${time}$`).exec(text))) {
      base = utc(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
      explicitOffset = zoneOffset(m[7]);
      if (Number(m[2]) > 12 || Number(m[3]) > 31) return null;
    } else if ((m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text))) {
      base = utc(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
    } else if ((m = /^(\d{4})$/.exec(text))) {
      // ParserFunctions reads a lone four-digit number as a year.
      base = utc(Number(m[1]), 0, 1);
    } else if ((m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text))) {
      base = midnight + (Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0)) * 1000;
    } else {
      base = parseWrittenDate(text);
      if (base === null) return null;
    }
  }
  let ms = base;
  for (const { n, unit } of relatives) {
    if (unit === "month" || unit === "year") {
      const d = new Date(ms);
      d.setUTCMonth(d.getUTCMonth() + n * (unit === "year" ? 12 : 1));
      ms = d.getTime();
    } else {
      ms += n * UNIT_MS[unit]!;
    }
  }
  return Number.isFinite(ms) ? { wallMs: ms, explicitOffset } : null;
}

/** "1 January 2020", "January 1, 2020", "Jan 2020", each optionally followed by a time. */
function parseWrittenDate(text: string): number | null {
  const timeMatch = /\s(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  let seconds = 0;
  if (timeMatch) {
    seconds = Number(timeMatch[1]) * 3600 + Number(timeMatch[2]) * 60 + Number(timeMatch[3] ?? 0);
    text = text.slice(0, timeMatch.index);
  }
  text = text.replace(/,/g, " ").replace(/\s+/g, " ").trim();
  let m: RegExpExecArray | null;
  let day: number;
  let month: number | undefined;
  let year: number;
  if ((m = /^(\d{1,2}) ([a-z]+)\.? (\d{1,4})$/.exec(text))) {
    day = Number(m[1]);
    month = MONTHS.get(m[2]!);
    year = Number(m[3]);
  } else if ((m = /^([a-z]+)\.? (\d{1,2}) (\d{1,4})$/.exec(text))) {
    month = MONTHS.get(m[1]!);
    day = Number(m[2]);
    year = Number(m[3]);
  } else if ((m = /^([a-z]+)\.? (\d{4})$/.exec(text))) {
    month = MONTHS.get(m[1]!);
    day = 1;
    year = Number(m[2]);
  } else {
    return null;
  }
  if (month === undefined || day < 1 || day > 31) return null;
  return utc(year, month, day) + seconds * 1000;
}

async function timeCommon(ctx: CallContext, local: boolean): Promise<string> {
  const format = ctx.first;
  const dateText = ctx.args[0] ? await ctx.args[0].whole() : "";
  const langArg = ctx.args[1] ? await ctx.args[1].whole() : "";
  const localArg = ctx.args[2] ? await ctx.args[2].whole() : "";
  const useLocal = local || (localArg !== "" && localArg !== "0");
  const general = ctx.env.site.info.general;
  const siteOffset = typeof general.timeoffset === "number" ? general.timeoffset : 0;
  const offset = useLocal ? siteOffset : 0;
  const zoneName = useLocal ? (general.timezone ?? "UTC") : "UTC";
  const nowWall = ctx.now.getTime() + offset * 60_000;
  const parsed = parseDate(dateText, nowWall);
  if (!parsed) return INVALID_TIME;
  // The text is read in the output zone unless it names its own.
  const instantMs = parsed.explicitOffset !== null ? parsed.wallMs - parsed.explicitOffset * 60_000 : parsed.wallMs - offset * 60_000;
  const instant = new Date(instantMs);
  if (Number.isNaN(instant.getTime())) return INVALID_TIME;
  const year = new Date(instantMs + offset * 60_000).getUTCFullYear();
  if (year < 0 || year > 9999) return INVALID_TIME;
  // Names in the asked language, else the page's (MediaWiki uses the target language).
  const lang = langArg || ctx.env.page.pagelanguage || ctx.env.site.lang;
  return formatDate(format, zoned(instant, offset, zoneName), lang);
}

export const timeFunction: ParserFunction = {
  name: "time",
  hash: true,
  call: (ctx) => timeCommon(ctx, false),
};

export const timelFunction: ParserFunction = {
  name: "timel",
  hash: true,
  call: (ctx) => timeCommon(ctx, true),
};
