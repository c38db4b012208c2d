// The V8 flags the server and the engine benchmarks run with, in one place.
// A larger young generation than V8's default: conversion allocates many short-lived objects, and
// with the default semi-space about a quarter of the engine's time went to scavenges. 32 MB rather
// than 64: 64 was ~12% faster on the corpus (npm run bench, same minute) but held 60–100 MB more
// memory at peak, past the 400 MB budget.
export const ENGINE_V8_FLAGS = ["--max-semi-space-size=32"];

/** NODE_OPTIONS with the engine's flags added to whatever the caller set. */
export function engineNodeOptions(existing = process.env.NODE_OPTIONS) {
  return [existing, ...ENGINE_V8_FLAGS].filter(Boolean).join(" ");
}
