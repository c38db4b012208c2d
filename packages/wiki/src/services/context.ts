/** What every service of an open store shares. */
import type { Db, Tx } from "../db/client";
import type { SerialQueue } from "../db/serial";

export interface StoreContext {
  db: Db;
  /** Every database operation goes through this queue (see db/serial.ts). */
  queue: SerialQueue;
  log: (line: string) => void;
  /** Lifetime of a new cookie session. */
  sessionTtlMs: number;
  /** Current time; a function so tests can move the clock. */
  now: () => Date;
  /** Runs `fn` in a database transaction, queued, and retried when another process held the lock. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: { timeout?: number }): Promise<T>;
}

/** MediaWiki timestamps have whole seconds; base-timestamp checks compare at that precision. */
export function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}
