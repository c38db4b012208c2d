import Parser from "wikiparser-node";
import { loadEngine } from "../conformance/engine.js";
import { benchmarkEnvFactory } from "./bench-env.js";
import { type Article, CORPUS_DIR, corpusAvailable, loadCorpus } from "./corpus.js";
import { formatMs, median, peakRssMb, percentile, usable } from "./stats.js";
import { runHtml2WtBench } from "./html2wt.bench.js";
import { runLintBench } from "../conformance/lints-bench.js";

/**
 * `npm run bench`: converts every corpus article with our wt2html and with wikiparser-node's HTML
 * rendering in the same process; after a warm-up, several timed passes; prints MB/s of UTF-8
 * wikitext (median pass; wall time, and CPU time next to it since the machine is shared),
 * per-article p50/p95 ms, peak RSS and the speed ratio.
 *
 *   --passes N        timed passes for our engine (default 5)
 *   --their-passes N  timed passes for wikiparser-node (default 3: it is far slower)
 *   --html2wt-passes N  timed passes of the html2wt and selser measurements (default 5)
 *   --lint-passes N   rounds of the lint comparison at the end (default 3; 1 of them with
 *                     wikiparser-node's linter, or --lint-their-passes N)
 */
const GOAL_MB_PER_S = 10;
const GOAL_RATIO = 30;
const GOAL_RSS_MB = 400;

interface Measurement {
  /** Total wall time of each timed pass, ms. */
  passMs: number[];
  /** Process CPU time (user + system) of each timed pass, ms: steadier than wall time when other work shares the cores. */
  passCpuMs: number[];
  /** Per article, the median of its times over the timed passes, ms. */
  perArticleMs: number[];
  errors: string[];
}

type Convert = (article: Article) => Promise<unknown> | unknown;

/**
 * Warm-up, then up to `passes` timed passes; passes stop early once `budgetMs` is spent (after at
 * least one), which keeps the whole benchmark within a few minutes on a loaded two-core machine.
 */
async function measure(
  articles: readonly Article[],
  convert: Convert,
  passes: number,
  warmupArticles: number,
  budgetMs: number,
): Promise<Measurement> {
  const errors: string[] = [];
  // Warm-up: let the JIT and lazy initialisation settle before timing.
  for (const article of articles.slice(0, warmupArticles)) {
    try {
      await convert(article);
    } catch {
      /* reported in the timed passes */
    }
  }
  const passMs: number[] = [];
  const passCpuMs: number[] = [];
  const times: number[][] = articles.map(() => []);
  const started = performance.now();
  for (let pass = 0; pass < passes && (pass === 0 || performance.now() - started < budgetMs); pass++) {
    let total = 0;
    const cpuBefore = process.cpuUsage();
    for (const [index, article] of articles.entries()) {
      const started = performance.now();
      try {
        await convert(article);
      } catch (error) {
        if (pass === 0) errors.push(`${article.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const elapsed = performance.now() - started;
      total += elapsed;
      times[index]!.push(elapsed);
    }
    passMs.push(total);
    const cpu = process.cpuUsage(cpuBefore);
    passCpuMs.push((cpu.user + cpu.system) / 1000);
  }
  return { passMs, passCpuMs, perArticleMs: times.map(median), errors };
}

interface Throughput {
  wall: number;
  cpu: number;
}

function summarize(label: string, m: Measurement, bytes: number): Throughput {
  const wall = bytes / 1e6 / (median(m.passMs) / 1000);
  const cpu = bytes / 1e6 / (median(m.passCpuMs) / 1000);
  console.log(
    `${label.padEnd(18)} ${wall.toFixed(2).padStart(8)} MB/s (${cpu.toFixed(2)} MB/s of CPU time)   ` +
      `p50 ${formatMs(percentile(m.perArticleMs, 50)).padStart(7)} ms   p95 ${formatMs(percentile(m.perArticleMs, 95)).padStart(7)} ms   ` +
      `passes ${m.passMs.map((ms) => (ms / 1000).toFixed(2)).join("/")} s`,
  );
  for (const error of m.errors.slice(0, 5)) console.log(`  error: ${error}`);
  if (m.errors.length > 5) console.log(`  ... ${m.errors.length - 5} more errors`);
  return { wall, cpu };
}

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

async function main(): Promise<void> {
  if (!corpusAvailable()) {
    console.log(`Corpus missing (${CORPUS_DIR}): skipping the benchmark.`);
    return;
  }
  const articles = loadCorpus();
  const bytes = articles.reduce((sum, a) => sum + a.bytes, 0);
  console.log(`Corpus: ${articles.length} articles, ${(bytes / 1e6).toFixed(2)} MB UTF-8 (${CORPUS_DIR})\n`);

  let ours: Throughput | null = null;
  let oursRss: number | null = null;
  const loaded = await loadEngine();
  if (loaded.engine) {
    const { engine } = loaded;
    const envFor = benchmarkEnvFactory();
    const m = await measure(articles, async (a) => usable((await engine.wt2html(a.text, envFor(a.name.replace(/_/g, " ")))).html), option("passes", 5), articles.length, 60_000);
    ours = summarize("wikiloom wt2html", m, bytes);
    oursRss = peakRssMb();
  } else {
    console.log(`wikiloom wt2html   not measured: ${loaded.reason}`);
  }

  // wikiparser-node is far slower: warm it up on a few articles only and time fewer passes.
  const theirs = summarize(
    "wikiparser-node",
    await measure(articles, (a) => usable(Parser.parse(a.text).toHtml()), option("their-passes", 3), 5, 80_000),
    bytes,
  );

  console.log("");
  if (ours !== null && oursRss !== null) {
    const ratio = ours.wall / theirs.wall;
    console.log(
      `ratio ours/theirs: ${ratio.toFixed(1)}x wall, ${(ours.cpu / theirs.cpu).toFixed(1)}x CPU (goal >= ${GOAL_RATIO}x)${ratio >= GOAL_RATIO ? "" : "  BELOW GOAL"}`,
    );
    console.log(`throughput: ${ours.wall.toFixed(2)} MB/s (goal >= ${GOAL_MB_PER_S})${ours.wall >= GOAL_MB_PER_S ? "" : "  BELOW GOAL"}`);
    console.log(`peak RSS after our passes: ${oursRss.toFixed(0)} MB (goal < ${GOAL_RSS_MB})${oursRss < GOAL_RSS_MB ? "" : "  ABOVE GOAL"}`);
  }
  console.log(`peak RSS of the whole run: ${peakRssMb().toFixed(0)} MB`);

  // HTML → wikitext on the same corpus (test/bench/html2wt.bench.ts): full and selective.
  console.log("\n--- html2wt and selser (MB/s of HTML) ---");
  await runHtml2WtBench(option("html2wt-passes", 5));

  // Lint on the same corpus, next to wikiparser-node's linter (test/conformance/lints-bench.ts).
  console.log("\n--- lint (MB/s of wikitext) ---");
  await runLintBench({ passes: option("lint-passes", 3), theirPasses: option("lint-their-passes", 1), withWt2html: false });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
