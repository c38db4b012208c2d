// {{#formatdate:date|format}}: MediaWiki's DateFormatter for English: recognises ISO dates and
// written dates (day month, month day, with or without year), rewrites them in the asked format
// (dmy, mdy, ymd, ISO 8601; unknown or no format keeps the text) and marks them up with the ISO
// form in a title. Years up to 0 are written BC (0 is 1 BC). Unrecognised text is returned as is.
import { MONTH_NAMES } from "./date-format.js";
import type { ParserFunction } from "./types.js";

interface ParsedDate {
  year: number | null;
  month: number;
  day: number;
}

const MONTH_INDEX = new Map(MONTH_NAMES.map((name, i) => [name.toLowerCase(), i]));

function monthOf(word: string): number | undefined {
  return MONTH_INDEX.get(word.toLowerCase());
}

function parse(text: string): ParsedDate | null {
  let m: RegExpExecArray | null;
  if ((m = /^(-?\d{4})-(\d{2})-(\d{2})$/.exec(text))) {
    const month = Number(m[2]) - 1;
    const day = Number(m[3]);
    if (month < 0 || month > 11 || day < 1 || day > 31) return null;
    return { year: Number(m[1]), month, day };
  }
  if ((m = /^([A-Za-z]+) (\d{1,2})(?:,? (\d{1,4}))?$/.exec(text))) {
    const month = monthOf(m[1]!);
    return month === undefined ? null : { year: m[3] ? Number(m[3]) : null, month, day: Number(m[2]) };
  }
  if ((m = /^(\d{1,2}) ([A-Za-z]+)(?: (\d{1,4}))?$/.exec(text))) {
    const month = monthOf(m[2]!);
    return month === undefined ? null : { year: m[3] ? Number(m[3]) : null, month, day: Number(m[1]) };
  }
  if ((m = /^(\d{1,4}) ([A-Za-z]+) (\d{1,2})$/.exec(text))) {
    const month = monthOf(m[2]!);
    return month === undefined ? null : { year: Number(m[1]), month, day: Number(m[3]) };
  }
  return null;
}

const pad = (n: number, width: number) => String(Math.abs(n)).padStart(width, "0");

function isoOf(date: ParsedDate): string {
  const md = `${pad(date.month + 1, 2)}-${pad(date.day, 2)}`;
  if (date.year === null) return md;
  return `${date.year < 0 ? "-" : ""}${pad(date.year, 4)}-${md}`;
}

/** Astronomical year numbering: 0 is 1 BC, -1 is 2 BC. */
function yearText(year: number): string {
  return year <= 0 ? `${1 - year} BC` : String(year);
}

function render(date: ParsedDate, format: string): string | null {
  const month = MONTH_NAMES[date.month]!;
  const year = date.year === null ? null : yearText(date.year);
  switch (format) {
    case "dmy": return year === null ? `${date.day} ${month}` : `${date.day} ${month} ${year}`;
    case "mdy": return year === null ? `${month} ${date.day}` : `${month} ${date.day}, ${year}`;
    case "ymd": return year === null ? `${month} ${date.day}` : `${year} ${month} ${date.day}`;
    case "iso 8601": return date.year === null ? null : isoOf(date);
    default: return null;
  }
}

export const formatdateFunction: ParserFunction = {
  name: "formatdate",
  hash: true,
  async call(ctx) {
    const text = ctx.first;
    const format = ctx.args[0] ? (await ctx.args[0].whole()).toLowerCase() : "";
    const date = parse(text);
    if (!date) return text;
    const output = render(date, format) ?? text;
    return `<span class="mw-formatted-date" title="${isoOf(date)}">${output}</span>`;
  },
};
