/** Small statistics helpers for the benchmarks. */

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100) of unsorted values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function peakRssMb(): number {
  // maxRSS is reported in kilobytes.
  return process.resourceUsage().maxRSS / 1024;
}

export function formatMs(ms: number): string {
  return ms < 10 ? ms.toFixed(2) : ms.toFixed(1);
}

/**
 * Reads a converter's output as its consumer would (a response encoder, a DOM parser): a string
 * built from pieces is copied into one flat string on first read, and that copy is part of
 * producing it, so the benchmarks time it with the conversion.
 */
export function usable(output: string): number {
  return output.charCodeAt(output.length >> 1);
}
