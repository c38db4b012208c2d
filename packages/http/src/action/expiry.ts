import { ApiError } from "../errors.js";

const INFINITE = new Set(["infinite", "indefinite", "infinity", "never", ""]);
const UNIT_SECONDS: Record<string, number> = {
  second: 1, minute: 60, hour: 3600, day: 86400, week: 7 * 86400, month: 30 * 86400, year: 365 * 86400,
};

/**
 * Parses an expiry as MediaWiki's block form takes it: "infinite" (and synonyms), an ISO 8601
 * or MediaWiki timestamp, or a relative "3 days" / "1 week". null means never expires.
 */
export function parseExpiry(value: string | undefined, now = new Date()): Date | null {
  const text = (value ?? "infinite").trim().toLowerCase();
  if (INFINITE.has(text)) return null;
  const relative = /^(\d+)\s*(second|minute|hour|day|week|month|year)s?$/.exec(text);
  if (relative) return new Date(now.getTime() + Number(relative[1]) * UNIT_SECONDS[relative[2]!]! * 1000);
  const compact = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  const date = compact
    ? new Date(Date.UTC(+compact[1]!, +compact[2]! - 1, +compact[3]!, +compact[4]!, +compact[5]!, +compact[6]!))
    : /^\d{4}-\d{2}-\d{2}/.test(text) ? new Date(value!.trim()) : new Date(NaN);
  if (Number.isNaN(date.getTime())) throw new ApiError("invalidexpiry", `Expiry time "${value}" is not valid.`);
  if (date.getTime() <= now.getTime()) throw new ApiError("pastexpiry", `Expiry time "${value}" is in the past.`);
  return date;
}
