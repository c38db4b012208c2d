/**
 * Remembered, batched lookups: keys asked for in the same turn (by default: before the microtasks
 * queued so far have run) are loaded together by one call, and every answer is kept, misses included. In
 * IndexedDB each transaction costs far more than a read inside it, and the engine asks for the
 * templates of one nesting level together, so one load serves a whole level.
 */
export class BatchLoader<V> {
  private readonly known = new Map<string, Promise<V>>();
  private pending = new Map<string, Waiting<V>>();

  /**
   * `load` answers for every key it was given; keys missing from its map get `missing`.
   * `schedule` runs the load later: by default after the microtasks queued so far; a loader of
   * network reads may wait a task longer to gather more keys.
   */
  constructor(
    private readonly load: (keys: string[]) => Promise<Map<string, V>>,
    private readonly missing: V,
    // Wrapped, not passed as is: browsers refuse queueMicrotask called on another `this`.
    private readonly schedule: (flush: () => void) => void = (flush) => queueMicrotask(flush),
  ) {}

  get(key: string): Promise<V> {
    const known = this.known.get(key);
    if (known) return known;
    if (this.pending.size === 0) this.schedule(() => this.flush());
    let resolve!: (value: V) => void;
    let reject!: (error: unknown) => void;
    const answer = new Promise<V>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    this.pending.set(key, { answer, resolve, reject });
    this.known.set(key, answer);
    return answer;
  }

  async getMany(keys: Iterable<string>): Promise<Map<string, V>> {
    const unique = [...new Set(keys)];
    const values = await Promise.all(unique.map((key) => this.get(key)));
    return new Map(unique.map((key, i) => [key, values[i] as V]));
  }

  /** Records a value learnt otherwise (a write of this context), replacing what was known. */
  set(key: string, value: V): void {
    this.known.set(key, Promise.resolve(value));
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = new Map();
    this.load([...batch.keys()]).then(
      (values) => {
        for (const [key, waiting] of batch) waiting.resolve(values.has(key) ? (values.get(key) as V) : this.missing);
      },
      (error: unknown) => {
        // A failed read is not remembered: the next lookup tries again.
        for (const [key, waiting] of batch) {
          if (this.known.get(key) === waiting.answer) this.known.delete(key);
          waiting.reject(error);
        }
      },
    );
  }
}

interface Waiting<V> {
  answer: Promise<V>;
  resolve(value: V): void;
  reject(error: unknown): void;
}
