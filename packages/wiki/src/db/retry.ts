/**
 * Retries an operation that lost a race for SQLite's write lock.
 *
 * Within one store the serial queue avoids this, but several processes (or several stores in one
 * process) may share the file. A transaction begins deferred (the adapter sends a plain BEGIN)
 * and reads first; when it then writes after another connection committed, SQLite answers
 * SQLITE_BUSY_SNAPSHOT at once, without waiting, because the snapshot it read is stale. The only
 * correct reaction is to run the whole transaction again, which is safe because it was rolled back.
 */
const MAX_ATTEMPTS = 8;

function isBusy(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code === "SQLITE_LOCKED" || code === "P1008")) return true;
  return typeof message === "string" && /database is locked|SQLITE_BUSY|Operation has timed out/.test(message);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function retryBusy<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isBusy(error)) throw error;
      // Jittered exponential back-off, 5 ms to ~0.6 s, so competing writers spread out.
      await pause(Math.random() * 5 * 2 ** attempt);
    }
  }
}
