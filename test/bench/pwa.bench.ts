// `npm run bench:pwa`: the conversion worker in Debian's Chromium, against a started server with
// the PWA installed (service worker active, so the wasm comes from its precache as after a load).
//   1. worker start → first conversion: a new module worker, engine and wasm loaded lazily after
//      Comlink.expose, siteinfo fetched, a short page converted; measured from `new Worker`.
//   2. the largest corpus article (read here, posted into the page) converted in a warm worker,
//      against an empty local copy (no template fetches), like the Node benchmark's empty wiki.
// Goals: first conversion ≤ 150 ms after load, ≤ 100 ms for a 350 KB article.
import type { Page } from "playwright-core";
import { createRequire } from "node:module";
import { launchBrowser } from "../support/browser.js";
import { startServer } from "../support/server.js";
import { loadCorpus } from "./corpus.js";
import { formatMs, median } from "./stats.js";

const GOAL_FIRST_MS = 150;
const GOAL_LARGE_MS = 100;
const STARTS = Number(process.env.PWA_BENCH_STARTS ?? 7);
const RUNS = Number(process.env.PWA_BENCH_RUNS ?? 7);

interface StartTiming {
  totalMs: number;
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
      const result = await worker.api.wt2html("Bench", "Hello '''world''', see [[Main Page]].");
      const totalMs = performance.now() - worker.startedAt;
      const timings = await worker.api.warmUp();
      return { totalMs, loadMs: timings.loadMs, siteMs: timings.siteMs, convertMs: result.ms };
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

    const first = median(starts.map((s) => s.totalMs));
    const largeMedian = median(large.ms);
    console.log(`PWA benchmark in Chromium ${version} (${STARTS} worker starts, ${RUNS} runs of the large article)`);
    console.log("");
    console.log(`worker start → first conversion: median ${formatMs(first)} ms (min ${formatMs(Math.min(...starts.map((s) => s.totalMs)))}, max ${formatMs(Math.max(...starts.map((s) => s.totalMs)))}) — ${verdict(first, GOAL_FIRST_MS)}`);
    console.log(`  of which engine + wasm load ${formatMs(median(starts.map((s) => s.loadMs)))} ms, siteinfo ${formatMs(median(starts.map((s) => s.siteMs)))} ms, the conversion ${formatMs(median(starts.map((s) => s.convertMs)))} ms (medians)`);
    console.log(`largest corpus article (${largest.name}, ${Math.round(largest.bytes / 1024)} KB): median ${formatMs(largeMedian)} ms (min ${formatMs(Math.min(...large.ms))}, max ${formatMs(Math.max(...large.ms))}), ${((largest.bytes / 1e6) / (largeMedian / 1000)).toFixed(1)} MB/s, ${Math.round(large.htmlBytes / 1024)} KB of HTML — ${verdict(largeMedian, GOAL_LARGE_MS)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
