/**
 * Runs the store's operations one at a time.
 *
 * The SQLite adapter has a single connection: a query issued while another caller's interactive
 * transaction is open runs inside that transaction, and is rolled back with it. Queuing every
 * operation keeps them apart. SQLite serialises writers anyway, and each operation is short.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.tail.then(operation, operation);
    // The queue continues whatever the outcome; the caller sees the real result.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
