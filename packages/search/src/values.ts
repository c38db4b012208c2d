/**
 * Values of semantic properties normalised by type, as they are indexed and compared:
 * numbers as numbers, dates as Julian day numbers (SMW's representation), booleans as
 * true/false, page titles in canonical form. A value that does not parse for its type is
 * rejected (null) rather than indexed as something it is not.
 */
import type { PropertyType } from "./properties";

export interface IndexedValue {
  /** Exact form (the `.keyword` subfield): canonical text, or the number as text. */
  keyword: string;
  /** Numeric form for numbers, dates (JD) and booleans (1/0); null for text-like types. */
  num: number | null;
  /** Value as it appears in the document's _source. */
  source: string | number | boolean;
}

const MS_PER_DAY = 86_400_000;
/** Julian day number of the Unix epoch (1970-01-01T00:00Z). */
const JD_UNIX_EPOCH = 2_440_587.5;

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

function monthNumber(name: string): number | null {
  const lower = name.toLowerCase();
  if (lower.length < 3) return null;
  const index = MONTHS.findIndex((month) => month.startsWith(lower));
  return index === -1 ? null : index + 1;
}

/** Julian day number of a proleptic Gregorian UTC date and time. */
export function julianDay(year: number, month = 1, day = 1, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime() / MS_PER_DAY + JD_UNIX_EPOCH;
}

/** The date as ISO text (for display and `dat_raw`). */
export function julianDayToIso(jd: number): string {
  return new Date(Math.round((jd - JD_UNIX_EPOCH) * MS_PER_DAY)).toISOString().replace(/\.000Z$/, "Z");
}

/** Parses the common ways dates are written on wikis; returns the Julian day number. */
export function parseDate(text: string): number | null {
  const value = text.trim();
  let m = /^(-?\d{1,4})(?:-(\d{1,2})(?:-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?Z?)?)?)?$/.exec(value);
  if (m) {
    const [year, month = 1, day = 1, hour = 0, minute = 0, second = 0] = m.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
    return julianDay(year!, month, day, hour, minute, second);
  }
  m = /^(\d{1,2})\.? ([A-Za-z]+)\.? (-?\d{1,4})$/.exec(value); // 5 January 2020
  if (m) {
    const month = monthNumber(m[2]!);
    return month ? julianDay(Number(m[3]), month, Number(m[1])) : null;
  }
  m = /^([A-Za-z]+)\.? (?:(\d{1,2}),? )?(-?\d{1,4})$/.exec(value); // January 5, 2020 / January 2020
  if (m) {
    const month = monthNumber(m[1]!);
    return month ? julianDay(Number(m[3]), month, m[2] ? Number(m[2]) : 1) : null;
  }
  return null;
}

/** Numbers as wikis write them: "1,234.5", "4.5 stars" is not a number. */
export function parseNumber(text: string): number | null {
  const value = text.trim().replace(/(\d),(?=\d{3}(\D|$))/g, "$1");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export function parseBoolean(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (["true", "yes", "1", "on"].includes(value)) return true;
  if (["false", "no", "0", "off"].includes(value)) return false;
  return null;
}

/** Normalises one raw annotation value for its property type; `normalizeTitle` canonicalises page names. */
export function normalizeValue(type: PropertyType, raw: string, normalizeTitle: (text: string) => string | null): IndexedValue | null {
  const text = raw.replace(/\s+/g, " ").trim();
  if (text === "") return null;
  switch (type) {
    case "number": {
      const num = parseNumber(text);
      return num === null ? null : { keyword: String(num), num, source: num };
    }
    case "date": {
      const jd = parseDate(text);
      return jd === null ? null : { keyword: String(jd), num: jd, source: jd };
    }
    case "boolean": {
      const bool = parseBoolean(text);
      return bool === null ? null : { keyword: String(bool), num: bool ? 1 : 0, source: bool };
    }
    case "page": {
      const title = normalizeTitle(text);
      return title === null ? null : { keyword: title, num: null, source: title };
    }
    default:
      return { keyword: text, num: null, source: text };
  }
}
