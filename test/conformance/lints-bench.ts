// `npm run bench:lint`: lints every corpus article (../shared/fixtures/corpus/*.wiki) with our
// linter and with wikiparser-node's `Parser.parse(text).lint()` in the same process, and prints
// MB/s of UTF-8 wikitext (median pass), per-article p50/p95 and the ratio.
//   --passes N        timed passes for our linter (default 5)
//   --their-passes N  timed passes for wikiparser-node (default 3)
import Parser from "wikiparser-node";
import { wt2html } from "@wikiloom/wikitext";
import { lint } from "../../packages/wikitext/src/lint/index.js";
import { benchmarkEnvFactory } from "../bench/bench-env.js";
import { type Article, CORPUS_DIR, corpusAvailable, loadCorpus } from "../bench/corpus.js";
import { formatMs, median, peakRssMb, percentile } from "../bench/stats.js";

const GOAL_MB_PER_S = 50;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

interface Measurement {
  passMs: number[];
  perArticleMs: number[];
  lints: number;
  errors: string[];
}

async function measure(articles: readonly Article[], run: (a: Article) => Promise<number> | number, passes: number, warmup: number, budgetMs: number): Promise<Measurement> {
  for (const a of articles.slice(0, warmup)) {
    try {
      await run(a);
    } catch {
      /* reported in the timed passes */
    }
  }
  const passMs: number[] = [];
  const times: number[][] = articles.map(() => []);
  const errors: string[] = [];
  let lints = 0;
  const started = performance.now();
  for (let pass = 0; pass < passes && (pass === 0 || performance.now() - started < budgetMs); pass++) {
    let total = 0;
    for (const [i, a] of articles.entries()) {
      const t0 = performance.now();
      try {
        const n = await run(a);
        if (pass === 0) lints += n;
      } catch (error) {
        if (pass === 0) errors.push(`${a.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const elapsed = performance.now() - t0;
      total += elapsed;
      times[i]!.push(elapsed);
    }
    passMs.push(total);
  }
  return { passMs, perArticleMs: times.map(median), lints, errors };
}

function summarize(label: string, m: Measurement, bytes: number): number {
  const mbPerS = bytes / 1e6 / (median(m.passMs) / 1000);
  console.log(
    `${label.padEnd(22)} ${mbPerS.toFixed(2).padStart(7)} MB/s   p50 ${formatMs(percentile(m.perArticleMs, 50)).padStart(7)} ms   ` +
      `p95 ${formatMs(percentile(m.perArticleMs, 95)).padStart(7)} ms   lints ${m.lints}   passes ${m.passMs.map((ms) => (ms / 1000).toFixed(2)).join("/")} s`,
  );
  for (const e of m.errors.slice(0, 5)) console.log(`  error: ${e}`);
  return mbPerS;
}

if (!corpusAvailable()) {
  console.log(`Corpus missing (${CORPUS_DIR}): skipping the lint benchmark.`);
  process.exit(0);
}
const articles = loadCorpus();
const bytes = articles.reduce((sum, a) => sum + a.bytes, 0);
console.log(`Corpus: ${articles.length} articles, ${(bytes / 1e6).toFixed(2)} MB UTF-8\n`);
const envFor = benchmarkEnvFactory();
const ours = summarize(
  "wikiloom lint",
  await measure(articles, async (a) => (await lint(a.text, envFor(a.name.replace(/_/g, " ")))).length, option("passes", 5), articles.length, 60_000),
  bytes,
);
// The conversion of the same articles, for the cost of linting relative to converting.
const convert = summarize(
  "wikiloom wt2html",
  await measure(articles, async (a) => (await wt2html(a.text, envFor(a.name.replace(/_/g, " ")))).html.length * 0, option("passes", 5), articles.length, 60_000),
  bytes,
);
const theirs = summarize(
  "wikiparser-node lint",
  await measure(articles, (a) => Parser.parse(a.text).lint().length, option("their-passes", 3), 5, 80_000),
  bytes,
);
console.log("");
console.log(`ratio ours/theirs: ${(ours / theirs).toFixed(1)}x`);
console.log(`lint/convert throughput: ${(ours / convert).toFixed(2)} (both expand templates; lint must be the cheaper one, > 1)`);
console.log(`throughput: ${ours.toFixed(2)} MB/s (goal >= ${GOAL_MB_PER_S})${ours >= GOAL_MB_PER_S ? "" : "  BELOW GOAL"}`);
console.log(`peak RSS of the whole run: ${peakRssMb().toFixed(0)} MB`);
