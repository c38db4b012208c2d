/**
 * Guards for numbers that arrive from clients. A NaN or a fraction passed on to Prisma becomes
 * a validation error that the HTTP layer could only report as a 500; these turn such input into
 * defaults or StoreErrors instead.
 */
import { StoreError } from "../errors";

/** A page size: integer, clamped to [1, max]; `fallback` for missing or non-numeric input. */
export function clampLimit(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.trunc(value), 1), max);
}

/** True for a positive safe integer, the only shape database ids take. */
export function isId(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

/** A namespace number, or StoreError('badvalue'). */
export function namespaceNumber(value: number): number {
  if (!Number.isSafeInteger(value)) throw new StoreError("badvalue", `"${value}" is not a namespace number.`);
  return value;
}

/** A usable Date, or StoreError(code). */
export function validDate(value: Date, code: string, what: string): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new StoreError(code, `Invalid ${what}.`);
  return value;
}
