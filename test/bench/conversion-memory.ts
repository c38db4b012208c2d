import { GCProfiler } from "node:v8";

/**
 * How much heap one conversion needs, measured in the converting process itself (run with
 * --expose-gc). Peak RSS only ever grows over a process's life and includes the garbage of
 * earlier runs; this measures one conversion from a clean heap.
 */
export interface ConversionMemory {
  /**
   * Highest heap use above the clean heap the conversion started from: V8's used heap size read
   * before every collection during the conversion and once at its end (it only grows between
   * collections). Young garbage not yet collected counts, as it does in the process's memory.
   */
  peakBytes: number;
  /**
   * Most the conversion kept alive at once, as far as it was seen: the used heap after the
   * fullest mark-compact collection during the conversion (null if none ran: every young
   * collection leaves old garbage in place, so only full collections tell what is live).
   */
  peakLiveBytes: number | null;
  /** Heap still held after the conversion, with its result alive, after a full collection. */
  retainedBytes: number;
}

const gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

function usedHeap(): number {
  return process.memoryUsage().heapUsed;
}

/** Runs `convert` once from a clean heap and reports the heap it needed (needs --expose-gc). */
export async function measureConversionMemory(convert: () => Promise<unknown>): Promise<ConversionMemory> {
  if (!gc) throw new Error("measureConversionMemory needs node --expose-gc");
  // Twice: the first full collection can leave finalized objects for the second.
  gc();
  gc();
  const base = usedHeap();
  const profiler = new GCProfiler();
  profiler.start();
  const result = await convert();
  const atEnd = usedHeap();
  const collections = profiler.stop()?.statistics ?? [];
  let peak = atEnd;
  let peakLive: number | null = null;
  for (const collection of collections) {
    peak = Math.max(peak, collection.beforeGC.heapStatistics.usedHeapSize);
    // Node names a full collection "MarkSweepCompact" (young ones "Scavenge", "MinorMarkSweep").
    if (collection.gcType === "MarkSweepCompact") peakLive = Math.max(peakLive ?? 0, collection.afterGC.heapStatistics.usedHeapSize);
  }
  gc();
  const retained = usedHeap() - base;
  keepAlive(result);
  return { peakBytes: peak - base, peakLiveBytes: peakLive === null ? null : Math.max(0, peakLive - base), retainedBytes: retained };
}

let sink: unknown;
/** Holds the result until after the last collection, so that `retainedBytes` counts it. */
function keepAlive(value: unknown): void {
  sink = value;
  sink = undefined;
}
