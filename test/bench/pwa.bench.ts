// `npm run bench:pwa`: the conversion worker in Debian's Chromium, against a started server with
// the PWA installed (service worker active, so the wasm comes from its precache as after a load).
//   1. worker start → first conversion: a new module worker, engine and wasm loaded lazily after
//      Comlink.expose, siteinfo fetched, a short page converted; measured from `new Worker`.
//   2. the largest corpus article (read here, posted into the page) converted in a warm worker,
//      against an empty local copy (no template fetches), like the Node benchmark's empty wiki.
// Goals: first conversion ≤ 150 ms after load, ≤ 100 ms for a 350 KB article.
import type { Page } from "playwright-core";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { launchBrowser } from "../support/browser.js";
import { startServer } from "../support/server.js";
import { loadTokenizer, wt2html } from "@wikiloom/wikitext";
import { benchmarkEnvFactory } from "./bench-env.js";
import { loadCorpus } from "./corpus.js";
import { formatMs, median } from "./stats.js";

const GOAL_FIRST_MS = 150;
const GOAL_LARGE_MS = 100;
const STARTS = Number(process.env.PWA_BENCH_STARTS ?? 7);
const RUNS = Number(process.env.PWA_BENCH_RUNS ?? 7);

interface StartTiming {
  totalMs: number;
  /** Until the worker's script ran and answered a first (engine-free) call. */
  scriptMs: number;
  loadMs: number;
  siteMs: number;
  convertMs: number;
}

/** A fresh worker per sample: the time from `new Worker` to the first converted page. */
async function firstConversion(page: Page): Promise<StartTiming> {
  return page.evaluate(async () => {
    const harness = await import("/pwa/harness.js" as string);
    const worker = harness.startConversionWorker();
    try {
      const converted = worker.api.wt2html("Bench", "Hello '''world''', see [[Main Page]].");
      // Answered as soon as the worker's script has run: the two calls go out back to back.
      await worker.api.setOnline(true);
      const scriptMs = performance.now() - worker.startedAt;
      const result = await converted;
      const totalMs = performance.now() - worker.startedAt;
      const timings = await worker.api.warmUp();
      return { totalMs, scriptMs, loadMs: timings.loadMs, siteMs: timings.siteMs, convertMs: result.ms };
    } finally {
      worker.terminate();
    }
  });
}

/** Conversion times of one article in one warm worker (the first run is the warm-up). */
async function articleConversions(page: Page, text: string, runs: number): Promise<{ ms: number[]; htmlBytes: number }> {
  return page.evaluate(async ({ wikitext, count }) => {
    const harness = await import("/pwa/harness.js" as string);
    const worker = harness.startConversionWorker();
    try {
      // Only the local copy answers lookups: no network round trips inside the timed conversion.
      await worker.api.setOnline(false);
      await worker.api.warmUp();
      const warm = await worker.api.wt2html("Bench article", wikitext);
      const ms: number[] = [];
      for (let i = 0; i < count; i++) ms.push((await worker.api.wt2html("Bench article", wikitext)).ms);
      return { ms, htmlBytes: warm.html.length };
    } finally {
      worker.terminate();
    }
  }, { wikitext: text, count: runs });
}

/**
 * The same article converted by the engine in this Node process, in the Node benchmark's
 * environment (an empty wiki), interleaved in time with the browser runs: on a shared machine
 * the ratio says more about the worker than either absolute number.
 */
async function nodeConversions(text: string, runs: number): Promise<number[]> {
  await loadTokenizer();
  const env = benchmarkEnvFactory()("Bench article");
  await wt2html(text, env, { bodyOnly: true });
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await wt2html(text, env, { bodyOnly: true });
    ms.push(performance.now() - started);
  }
  return ms;
}

function verdict(value: number, goal: number): string {
  return value <= goal ? `meets the goal (≤ ${goal} ms)` : `misses the goal (≤ ${goal} ms)`;
}

async function main(): Promise<void> {
  const require = createRequire(import.meta.url);
  const { buildWeb } = require("../../scripts/web-build.mjs") as { buildWeb: () => void };
  buildWeb();
  const largest = loadCorpus().sort((a, b) => b.bytes - a.bytes)[0];
  if (!largest) throw new Error("the corpus is empty");

  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(server.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.reload();
    await page.waitForSelector("header h1");
    const version = browser.context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));

    const starts: StartTiming[] = [];
    for (let i = 0; i < STARTS; i++) starts.push(await firstConversion(page));
    const large = await articleConversions(page, largest.text, RUNS);
    const inNode = await nodeConversions(largest.text, RUNS);

    const first = median(starts.map((s) => s.totalMs));
    const largeMedian = median(large.ms);
    console.log(`PWA benchmark in Chromium ${version} (${STARTS} worker starts, ${RUNS} runs of the large article)`);
    console.log("");
    console.log(`worker start → first conversion: median ${formatMs(first)} ms (min ${formatMs(Math.min(...starts.map((s) => s.totalMs)))}, max ${formatMs(Math.max(...starts.map((s) => s.totalMs)))}) — ${verdict(first, GOAL_FIRST_MS)}`);
    console.log(`  of which the worker script ready ${formatMs(median(starts.map((s) => s.scriptMs)))} ms, engine + wasm load ${formatMs(median(starts.map((s) => s.loadMs)))} ms, siteinfo ${formatMs(median(starts.map((s) => s.siteMs)))} ms, the conversion ${formatMs(median(starts.map((s) => s.convertMs)))} ms (medians)`);
    const nodeMedian = median(inNode);
    console.log(`largest corpus article (${largest.name}, ${Math.round(largest.bytes / 1024)} KB): median ${formatMs(largeMedian)} ms (min ${formatMs(Math.min(...large.ms))}, max ${formatMs(Math.max(...large.ms))}), ${((largest.bytes / 1e6) / (largeMedian / 1000)).toFixed(1)} MB/s, ${Math.round(large.htmlBytes / 1024)} KB of HTML — ${verdict(largeMedian, GOAL_LARGE_MS)}`);
    console.log(`  the same article in Node (this process, empty wiki): median ${formatMs(nodeMedian)} ms; worker / Node = ${(largeMedian / nodeMedian).toFixed(2)}`);
    console.log(`  machine load average while measuring: ${loadavg().map((l) => l.toFixed(1)).join(", ")} on ${cpus().length} cores`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
