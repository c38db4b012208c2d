/**
 * MediaWiki's 14-digit timestamps (TS_MW, YYYYMMDDHHMMSS) and the other forms its timestamp
 * parameter accepts, all read into calendar fields without any time zone attached.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const TS_MW = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;
const UNIX = /^\d{1,13}$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** True when the fields name a real calendar second (no 30 February, no hour 24). */
function isRealTime(c: WallClock): boolean {
  if (c.month < 1 || c.month > 12 || c.day < 1 || c.hour > 23 || c.minute > 59 || c.second > 59) return false;
  const probe = new Date(Date.UTC(c.year, c.month - 1, c.day));
  return probe.getUTCDate() === c.day && probe.getUTCMonth() === c.month - 1;
}

export function formatTsMw(c: WallClock): string {
  return `${pad(c.year, 4)}${pad(c.month)}${pad(c.day)}${pad(c.hour)}${pad(c.minute)}${pad(c.second)}`;
}

export function parseTsMw(text: string): WallClock | null {
  const m = TS_MW.exec(text);
  if (!m) return null;
  const c = { year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +m[4]!, minute: +m[5]!, second: +m[6]! };
  return isRealTime(c) ? c : null;
}

/** The UTC calendar fields of an instant. */
export function utcClock(date: Date): WallClock {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

export function clockAsUtc(c: WallClock): Date {
  return new Date(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second));
}

/** TS_MW of an instant, in UTC. */
export function toTsMw(date: Date): string {
  return formatTsMw(utcClock(date));
}

/**
 * Reads a timestamp parameter as MediaWiki does and returns it as TS_MW, or null when it cannot
 * be read. 14-digit strings are TS_MW and kept as they are (local wall-clock time for event
 * dates); ISO 8601 and "YYYY-MM-DD HH:MM:SS" are converted to UTC; shorter digit strings are Unix
 * seconds. Empty strings are refused rather than read as "now".
 */
export function normalizeTimestampInput(text: string): string | null {
  const value = text.trim();
  if (value === "") return null;
  if (TS_MW.test(value)) return parseTsMw(value) ? value : null;
  const iso = ISO.exec(value);
  if (iso) {
    const c = { year: +iso[1]!, month: +iso[2]!, day: +iso[3]!, hour: +iso[4]!, minute: +iso[5]!, second: +iso[6]! };
    if (!isRealTime(c)) return null;
    let instant = clockAsUtc(c).getTime();
    const zone = iso[7];
    if (zone && zone !== "Z") {
      const digits = zone.replace(":", "");
      const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
      instant -= (zone.startsWith("-") ? -1 : 1) * minutes * 60_000;
    }
    return toTsMw(new Date(instant));
  }
  if (UNIX.test(value)) {
    const date = new Date(Number(value) * 1000);
    return Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999 ? null : toTsMw(date);
  }
  return null;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** MediaWiki's default English date format, "12:00, 15 March 2022" (UTC). */
export function formatHumanUtc(date: Date): string {
  const c = utcClock(date);
  return `${pad(c.hour)}:${pad(c.minute)}, ${c.day} ${MONTHS[c.month - 1]} ${c.year}`;
}
