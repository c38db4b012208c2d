/** Listeners to committed changes (saves, deletions): called after commit, one at a time. */

export type EventListener<E> = (event: E) => Promise<void> | void;

export class Listeners<E> {
  private readonly listeners = new Set<EventListener<E>>();

  /**
   * @param what  names the event in the log line of a failing listener.
   * @param label what the failing event was about (its page title).
   */
  constructor(
    private readonly log: (line: string) => void,
    private readonly what: string,
    private readonly label: (event: E) => string,
  ) {}

  add(listener: EventListener<E>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async notify(event: E): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(event);
      } catch (error) {
        // The change is committed; a failing indexer must not turn it into an error for the user.
        this.log(`wiki: ${this.what} listener failed for ${this.label(event)}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
