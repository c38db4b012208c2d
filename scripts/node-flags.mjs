// The V8 flags the server and the engine benchmarks run with, in one place.
// Conversion allocates many short-lived objects: with V8's default young generation about a quarter
// of the engine's time went to scavenges. A 64 MB semi-space halves their number (~12% less time
// on the corpus). Alone it raised peak memory by 60–100 MB, because V8 then lets the old generation
// grow up to four times past what the last full collection kept. The engine keeps little between
// conversions, so full collections are cheap: a growing factor of 1.2 runs them sooner and keeps
// the peak where a 32 MB semi-space had it (~320 MB in `npm run bench`, goal < 400).
export const ENGINE_V8_FLAGS = ["--max-semi-space-size=64", "--heap-growing-percent=20"];

/**
 * Node accepts only some V8 flags in NODE_OPTIONS, and the growing factor is not one of them:
 * processes started through NODE_OPTIONS alone (not by our scripts) get the semi-space size that
 * fits the memory budget without it.
 */
const NODE_OPTIONS_V8_FLAGS = ["--max-semi-space-size=32"];

/** NODE_OPTIONS with the engine's flags added to whatever the caller set. */
export function engineNodeOptions(existing = process.env.NODE_OPTIONS) {
  return [existing, ...NODE_OPTIONS_V8_FLAGS].filter(Boolean).join(" ");
}
