/**
 * Runs database work one operation at a time on the events connection.
 *
 * The better-sqlite3 adapter has a single connection: a query started while another caller's
 * interactive transaction is open would run inside it (and roll back with it). Chaining every
 * operation keeps transactions apart; SQLite serialises writers anyway.
 */
export class OperationQueue {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.last.then(work, work);
    this.last = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }
}
