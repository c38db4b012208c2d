// `npm run bench:pwa`: the conversion worker in Debian's Chromium, against a started server with
// the PWA installed (service worker active, so the wasm comes from its precache as after a load).
//   1. worker start → first conversion: a new module worker, engine and wasm loaded lazily after
//      Comlink.expose, siteinfo fetched, a short page converted; measured from `new Worker`.
//   2. the largest corpus article (read here, posted into the page) converted in a warm worker,
//      against an empty local copy (no template fetches), like the Node benchmark's empty wiki,
//      sample by sample in turn with the same engine in this Node process: the machine is shared,
//      so the worker / Node ratio of samples taken side by side says more than either time, and
//      CPU times (the renderer's from /proc, Node's own) say more than wall times.
// Goals: first conversion ≤ 150 ms after load, ≤ 100 ms for a 350 KB article.
import type { Page } from "playwright-core";
import { readdirSync, readFileSync } from "node:fs";
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

interface WorkerSample {
  /** Converting, as timed inside the worker. */
  ms: number;
  /** From the page's call to the HTML back in the page (adds the two structured clones). */
  tripMs: number;
}

/** The page-side slot holding the benchmark's warm worker between page.evaluate calls. */
type BenchSlot = {
  benchWorker?: { api: { wt2html(title: string, text: string): Promise<{ html: string; ms: number }> }; terminate(): void };
  /** The article, posted into the page once. */
  benchText?: string;
};

/** Starts a worker in the page and converts the article once (the warm-up); resolves with the HTML size. */
async function startArticleWorker(page: Page, text: string): Promise<number> {
  return page.evaluate(async (wikitext) => {
    const harness = await import("/pwa/harness.js" as string);
    const worker = harness.startConversionWorker();
    Object.assign(globalThis as unknown as BenchSlot, { benchWorker: worker, benchText: wikitext });
    // Only the local copy answers lookups: no network round trips inside the timed conversion.
    await worker.api.setOnline(false);
    await worker.api.warmUp();
    return (await worker.api.wt2html("Bench article", wikitext)).html.length;
  }, text);
}

async function workerConversion(page: Page): Promise<WorkerSample> {
  return page.evaluate(async () => {
    const { benchWorker, benchText } = globalThis as unknown as BenchSlot;
    const started = performance.now();
    const result = await benchWorker!.api.wt2html("Bench article", benchText!);
    return { ms: result.ms, tripMs: performance.now() - started };
  });
}

async function stopArticleWorker(page: Page): Promise<void> {
  await page.evaluate(() => (globalThis as unknown as BenchSlot).benchWorker?.terminate());
}

/**
 * CPU time (ms) used so far by the browser's renderer processes (the page and its worker), from
 * /proc: the descendants of this process started with --type=renderer. null where there is no /proc.
 */
function rendererCpuMs(): number | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of entries) {
    try {
      // Fields after the command name: state ppid ... utime(12th) stime(13th).
      const fields = readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]!.split(" ");
      parents.set(Number(name), Number(fields[1]));
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const isOurs = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, used] of ticks) {
    if (!isOurs(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer")) total += used;
    } catch {
      // The process ended meanwhile.
    }
  }
  // Linux reports clock ticks of 1/100 s (USER_HZ).
  return total * 10;
}

interface NodeConverter {
  convert(): Promise<{ ms: number; cpuMs: number }>;
}

/** The same article converted by the engine in this Node process, in the Node benchmark's environment (an empty wiki). */
async function nodeConverter(text: string): Promise<NodeConverter> {
  await loadTokenizer();
  const env = benchmarkEnvFactory()("Bench article");
  await wt2html(text, env, { bodyOnly: true });
  return {
    async convert() {
      const cpu = process.cpuUsage();
      const started = performance.now();
      await wt2html(text, env, { bodyOnly: true });
      const used = process.cpuUsage(cpu);
      return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
    },
  };
}

interface ArticleSamples {
  worker: WorkerSample[];
  /** Renderer CPU per worker sample; empty without /proc. */
  workerCpu: number[];
  node: { ms: number; cpuMs: number }[];
  htmlBytes: number;
}

/** Worker and Node samples in turn, each side warmed up once first. */
async function articleSamples(page: Page, text: string, runs: number): Promise<ArticleSamples> {
  const htmlBytes = await startArticleWorker(page, text);
  const node = await nodeConverter(text);
  const samples: ArticleSamples = { worker: [], workerCpu: [], node: [], htmlBytes };
  try {
    for (let i = 0; i < runs; i++) {
      const cpuBefore = rendererCpuMs();
      samples.worker.push(await workerConversion(page));
      const cpuAfter = rendererCpuMs();
      if (cpuBefore !== null && cpuAfter !== null) samples.workerCpu.push(cpuAfter - cpuBefore);
      samples.node.push(await node.convert());
    }
  } finally {
    await stopArticleWorker(page);
  }
  return samples;
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
    const large = await articleSamples(page, largest.text, RUNS);

    const first = median(starts.map((s) => s.totalMs));
    const workerMs = large.worker.map((s) => s.ms);
    const largeMedian = median(workerMs);
    const nodeMedian = median(large.node.map((s) => s.ms));
    console.log(`PWA benchmark in Chromium ${version} (${STARTS} worker starts, ${RUNS} runs of the large article)`);
    console.log("");
    console.log(`worker start → first conversion: median ${formatMs(first)} ms (min ${formatMs(Math.min(...starts.map((s) => s.totalMs)))}, max ${formatMs(Math.max(...starts.map((s) => s.totalMs)))}) — ${verdict(first, GOAL_FIRST_MS)}`);
    console.log(`  of which the worker script ready ${formatMs(median(starts.map((s) => s.scriptMs)))} ms, engine + wasm load ${formatMs(median(starts.map((s) => s.loadMs)))} ms, siteinfo ${formatMs(median(starts.map((s) => s.siteMs)))} ms, the conversion ${formatMs(median(starts.map((s) => s.convertMs)))} ms (medians)`);
    console.log(`largest corpus article (${largest.name}, ${Math.round(largest.bytes / 1024)} KB): median ${formatMs(largeMedian)} ms (min ${formatMs(Math.min(...workerMs))}, max ${formatMs(Math.max(...workerMs))}), ${((largest.bytes / 1e6) / (largeMedian / 1000)).toFixed(1)} MB/s, ${Math.round(large.htmlBytes / 1024)} KB of HTML — ${verdict(largeMedian, GOAL_LARGE_MS)}`);
    console.log(`  round trip from the page (text in, HTML back): median ${formatMs(median(large.worker.map((s) => s.tripMs)))} ms`);
    console.log(`  the same article in Node (this process, empty wiki, samples in turn with the worker's): median ${formatMs(nodeMedian)} ms; worker / Node = ${(largeMedian / nodeMedian).toFixed(2)}`);
    if (large.workerCpu.length > 0) {
      const workerCpu = median(large.workerCpu);
      const nodeCpu = median(large.node.map((s) => s.cpuMs));
      console.log(`  CPU time per conversion: renderer (page + worker) median ${formatMs(workerCpu)} ms, Node median ${formatMs(nodeCpu)} ms; worker / Node = ${(workerCpu / nodeCpu).toFixed(2)} (10 ms ticks on the renderer side)`);
    }
    console.log(`  machine load average while measuring: ${loadavg().map((l) => l.toFixed(1)).join(", ")} on ${cpus().length} cores`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
