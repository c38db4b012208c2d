/**
 * Event time zones, accepted as PHP's DateTimeZone accepts them (what CampaignEvents validates
 * with): "±HH:MM" offsets, IANA identifiers in any case, and PHP's abbreviations. Each kind maps
 * wall-clock times to UTC differently, so a zone is kept as a small tagged value.
 */
import type { WallClock } from "./timestamp";
import { clockAsUtc } from "./timestamp";
import { militaryZoneOffset, ZONE_ABBREVIATIONS } from "./zone-abbreviations";

export type EventZone =
  | { kind: "offset"; name: string; minutes: number }
  | { kind: "iana"; name: string; id: string };

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;
// "GMT+2", "GMT-05:30": PHP reads the abbreviation followed by an offset as that offset.
const GMT_OFFSET = /^GMT([+-])(\d{1,2})(?::?(\d{2}))?$/i;
const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_-]*(?:\/[A-Za-z0-9_+-]+)*$/;

function offsetName(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

function ianaZone(text: string): EventZone | null {
  if (!IANA_SHAPE.test(text)) return null;
  // "+" only appears in the Etc/GMT+N family; "UTC+2" and friends are not zones.
  if (text.includes("+") && !/^etc\//i.test(text)) return null;
  try {
    const id = new Intl.DateTimeFormat("en-US", { timeZone: text }).resolvedOptions().timeZone;
    return { kind: "iana", name: text, id };
  } catch {
    return null;
  }
}

/** Parses an event time zone; null when PHP would refuse it. A leading space is tolerated. */
export function parseTimeZone(input: string): EventZone | null {
  const text = input.replace(/^\s+/, "");
  if (text === "") return null;
  if (text.startsWith("+") || text.startsWith("-")) {
    const m = OFFSET.exec(text);
    if (!m) return null;
    const hours = Number(m[2]);
    const minutes = Number(m[3]);
    // Minutes of 60 or more roll over into the hours, except past the two-digit hour range.
    if (hours === 99 && minutes >= 60) return null;
    const total = (m[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
    return { kind: "offset", name: offsetName(total === 0 ? 0 : total), minutes: total === 0 ? 0 : total };
  }
  const upper = text.toUpperCase();
  if (upper === "UTC") return { kind: "offset", name: "UTC", minutes: 0 };
  const abbreviation = ZONE_ABBREVIATIONS[upper] ?? (text.length === 1 ? militaryZoneOffset(upper) : undefined);
  if (abbreviation !== undefined) return { kind: "offset", name: upper, minutes: abbreviation };
  const gmt = GMT_OFFSET.exec(text);
  if (gmt) {
    const total = (gmt[1] === "-" ? -1 : 1) * (Number(gmt[2]) * 60 + Number(gmt[3] ?? 0));
    return { kind: "offset", name: offsetName(total), minutes: total };
  }
  return ianaZone(text);
}

/** Offset of an IANA zone at an instant, in minutes east of UTC. */
function ianaOffsetAt(id: string, instant: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: id,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((local - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant of a wall-clock time in a zone. For IANA zones the offset is looked up at the
 * guessed instant and corrected once, which settles every time except those skipped or repeated
 * by a daylight-saving change (resolved to one of the candidates, as PHP also picks one).
 */
export function wallClockToUtc(clock: WallClock, zone: EventZone): Date {
  const asUtc = clockAsUtc(clock).getTime();
  if (zone.kind === "offset") return new Date(asUtc - zone.minutes * 60_000);
  const first = ianaOffsetAt(zone.id, new Date(asUtc));
  const guess = asUtc - first * 60_000;
  const second = ianaOffsetAt(zone.id, new Date(guess));
  return new Date(asUtc - second * 60_000);
}
