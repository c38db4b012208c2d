// MediaWiki's Language::sprintfDate for English: PHP date() format codes plus MediaWiki's
// x-prefixed ones (xg genitive month, xn/xN raw digits, xr roman numerals), backslash escapes
// and "quoted" literals. Used by #time/#timel and the CURRENT*/LOCAL* variables.

export const MONTH_NAMES = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];
export const MONTH_ABBREVIATIONS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const DAY_ABBREVIATIONS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** A wall-clock time: the fields of a Date read in UTC, plus the zone it stands for. */
export interface ZonedTime {
  /** The instant shifted by the zone offset, read with getUTC*. */
  wall: Date;
  /** Offset from UTC in minutes. */
  offsetMinutes: number;
  /** Zone abbreviation for T/e ("UTC"). */
  zoneName: string;
  /** The real instant (for U). */
  instant: Date;
}

export function zoned(instant: Date, offsetMinutes = 0, zoneName = "UTC"): ZonedTime {
  return { wall: new Date(instant.getTime() + offsetMinutes * 60_000), offsetMinutes, zoneName, instant };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function dayOfYear(d: Date): number {
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return Math.floor((d.getTime() - start) / 86_400_000);
}

/** ISO-8601 week number and week-numbering year. */
export function isoWeek(d: Date): { week: number; year: number } {
  const date = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  return { week: Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7), year: date.getUTCFullYear() };
}

function offsetString(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${colon ? ":" : ""}${pad(abs % 60)}`;
}

function roman(n: number): string {
  if (n <= 0 || n > 10000) return String(n);
  const table: Array<[number, string]> = [
    [1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"],
    [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"],
  ];
  let out = "";
  for (const [value, symbol] of table) {
    while (n >= value) {
      out += symbol;
      n -= value;
    }
  }
  return out;
}

/** Month and day names of a language: English as MediaWiki has them, others from Intl. */
export interface DateNames {
  month(index: number): string;
  monthGenitive(index: number): string;
  monthAbbreviation(index: number): string;
  day(index: number): string;
  dayAbbreviation(index: number): string;
}

const ENGLISH_NAMES: DateNames = {
  month: (i) => MONTH_NAMES[i]!,
  monthGenitive: (i) => MONTH_NAMES[i]!,
  monthAbbreviation: (i) => MONTH_ABBREVIATIONS[i]!,
  day: (i) => DAY_NAMES[i]!,
  dayAbbreviation: (i) => DAY_ABBREVIATIONS[i]!,
};

const namesCache = new Map<string, DateNames>();

/** A reference date in the given month (2001 starts on a Monday: day i of January 2001 + 6). */
const sampleMonth = (i: number) => new Date(Date.UTC(2001, i, 15));
const sampleDay = (i: number) => new Date(Date.UTC(2001, 0, 7 + i)); // 7 January 2001 is a Sunday

/** The names for a language code; English (MediaWiki's own) when Intl does not know it. */
export function dateNames(lang: string): DateNames {
  const code = lang.toLowerCase();
  if (code === "" || code === "en" || code.startsWith("en-")) return ENGLISH_NAMES;
  let names = namesCache.get(code);
  if (!names) {
    try {
      const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(code, { ...options, timeZone: "UTC" });
      const month = format({ month: "long" });
      const monthAbbr = format({ month: "short" });
      const day = format({ weekday: "long" });
      const dayAbbr = format({ weekday: "short" });
      // The month as it appears next to a day number is its genitive where a language has one.
      const dayMonth = format({ day: "numeric", month: "long" });
      const table = (f: (i: number) => string, n: number) => Array.from({ length: n }, (_, i) => f(i));
      const months = table((i) => month.format(sampleMonth(i)), 12);
      const genitives = table((i) => {
        const part = dayMonth.formatToParts(sampleMonth(i)).find((p) => p.type === "month")?.value;
        // Languages that write the month as a number next to a day have no genitive name.
        return part && !/^\d+$/.test(part) ? part : months[i]!;
      }, 12);
      const monthAbbrs = table((i) => monthAbbr.format(sampleMonth(i)), 12);
      const days = table((i) => day.format(sampleDay(i)), 7);
      const dayAbbrs = table((i) => dayAbbr.format(sampleDay(i)), 7);
      names = {
        month: (i) => months[i]!,
        monthGenitive: (i) => genitives[i]!,
        monthAbbreviation: (i) => monthAbbrs[i]!,
        day: (i) => days[i]!,
        dayAbbreviation: (i) => dayAbbrs[i]!,
      };
    } catch {
      names = ENGLISH_NAMES;
    }
    namesCache.set(code, names);
  }
  return names;
}

/** One PHP/MediaWiki format code; null when the character is not a code. */
function formatCode(code: string, t: ZonedTime, names: DateNames): string | null {
  const d = t.wall;
  const hour = d.getUTCHours();
  switch (code) {
    case "d": return pad(d.getUTCDate());
    case "D": return names.dayAbbreviation(d.getUTCDay());
    case "j": return String(d.getUTCDate());
    case "l": return names.day(d.getUTCDay());
    case "N": return String(d.getUTCDay() || 7);
    case "w": return String(d.getUTCDay());
    case "z": return String(dayOfYear(d));
    case "W": return pad(isoWeek(d).week);
    case "F": return names.month(d.getUTCMonth());
    case "m": return pad(d.getUTCMonth() + 1);
    case "M": return names.monthAbbreviation(d.getUTCMonth());
    case "n": return String(d.getUTCMonth() + 1);
    case "t": return String(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate());
    case "L": return isLeap(d.getUTCFullYear()) ? "1" : "0";
    case "o": return String(isoWeek(d).year);
    case "Y": return String(d.getUTCFullYear());
    case "y": return pad(d.getUTCFullYear() % 100);
    case "a": return hour < 12 ? "am" : "pm";
    case "A": return hour < 12 ? "AM" : "PM";
    case "g": return String(hour % 12 || 12);
    case "G": return String(hour);
    case "h": return pad(hour % 12 || 12);
    case "H": return pad(hour);
    case "i": return pad(d.getUTCMinutes());
    case "s": return pad(d.getUTCSeconds());
    case "U": return String(Math.floor(t.instant.getTime() / 1000));
    case "e":
    case "T": return t.zoneName;
    case "I": return "0";
    case "O": return offsetString(t.offsetMinutes, false);
    case "P": return offsetString(t.offsetMinutes, true);
    case "Z": return String(t.offsetMinutes * 60);
    case "c": return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(hour)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${offsetString(t.offsetMinutes, true)}`;
    case "r": return `${DAY_ABBREVIATIONS[d.getUTCDay()]}, ${pad(d.getUTCDate())} ${MONTH_ABBREVIATIONS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(hour)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${offsetString(t.offsetMinutes, false)}`;
    default: return null;
  }
}

/** Formats a time with a MediaWiki date format string. */
export function formatDate(format: string, t: ZonedTime, lang = "en"): string {
  const names = dateNames(lang);
  let out = "";
  let romanNext = false;
  for (let p = 0; p < format.length; p++) {
    const ch = format[p]!;
    let piece: string | null = null;
    if (ch === "x" && p + 1 < format.length) {
      const next = format[p + 1]!;
      if (next === "x") {
        piece = "x";
        p++;
      } else if (next === "g") {
        // Genitive month name (the same as the nominative in English).
        piece = names.monthGenitive(t.wall.getUTCMonth());
        p++;
      } else if (next === "n" || next === "N") {
        // Raw (untransformed) digits: English digits are raw already.
        p++;
        continue;
      } else if (next === "r") {
        romanNext = true;
        p++;
        continue;
      } else {
        piece = "x";
      }
    } else if (ch === "\\") {
      if (p + 1 < format.length) {
        piece = format[p + 1]!;
        p++;
      } else {
        piece = "\\";
      }
    } else if (ch === '"') {
      const close = format.indexOf('"', p + 1);
      if (close < 0) piece = '"';
      else {
        piece = format.slice(p + 1, close);
        p = close;
      }
    } else {
      piece = formatCode(ch, t, names);
      if (piece !== null && romanNext && /^\d+$/.test(piece)) {
        piece = roman(Number(piece));
        romanNext = false;
      }
      if (piece === null) piece = ch;
    }
    out += piece;
  }
  return out;
}
