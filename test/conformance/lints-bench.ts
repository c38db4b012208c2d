// `npm run bench:lint`: lints every corpus article (../shared/fixtures/corpus/*.wiki) with our
// linter and with wikiparser-node's `Parser.parse(text).lint()` in the same process, converts the
// same articles with wt2html, and prints MB/s of UTF-8 wikitext (median pass), per-article p50/p95
// and the ratios. The runners take turns pass by pass (a round is one pass of each), so a shared
// machine's changing load hits all of them alike; the ratios are taken within each round and
// reported as median and best.
//   --passes N        rounds (default 5)
//   --their-passes N  rounds that include wikiparser-node (default 3; it is the slow one)
import Parser from "wikiparser-node";
import { wt2html } from "@wikiloom/wikitext";
import { lint } from "../../packages/wikitext/src/lint/index.js";
import { benchmarkEnvFactory } from "../bench/bench-env.js";
import { type Article, CORPUS_DIR, corpusAvailable, loadCorpus } from "../bench/corpus.js";
import { formatMs, median, peakRssMb, percentile, usable } from "../bench/stats.js";

const GOAL_MB_PER_S = 50;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

/** One contender: what it does per article and the times it took. */
class Runner {
  readonly passMs: number[] = [];
  private readonly times: number[][];
  lints = 0;
  readonly errors: string[] = [];

  constructor(
    readonly label: string,
    private readonly articles: readonly Article[],
    private readonly run: (a: Article) => Promise<number> | number,
  ) {
    this.times = articles.map(() => []);
  }

  async warmUp(count: number): Promise<void> {
    for (const a of this.articles.slice(0, count)) {
      try {
        await this.run(a);
      } catch {
        /* reported in the timed passes */
      }
    }
  }

  /** One timed pass over every article; returns its milliseconds. */
  async pass(): Promise<number> {
    const first = this.passMs.length === 0;
    let total = 0;
    for (const [i, a] of this.articles.entries()) {
      const t0 = performance.now();
      try {
        const n = await this.run(a);
        if (first) this.lints += n;
      } catch (error) {
        if (first) this.errors.push(`${a.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const elapsed = performance.now() - t0;
      total += elapsed;
      this.times[i]!.push(elapsed);
    }
    this.passMs.push(total);
    return total;
  }

  /** Prints the summary line; returns MB/s of the median pass. */
  summarize(bytes: number): number {
    const mbPerS = bytes / 1e6 / (median(this.passMs) / 1000);
    const perArticle = this.times.map(median);
    console.log(
      `${this.label.padEnd(22)} ${mbPerS.toFixed(2).padStart(7)} MB/s   p50 ${formatMs(percentile(perArticle, 50)).padStart(7)} ms   ` +
        `p95 ${formatMs(percentile(perArticle, 95)).padStart(7)} ms   lints ${this.lints}   passes ${this.passMs.map((ms) => (ms / 1000).toFixed(2)).join("/")} s`,
    );
    for (const e of this.errors.slice(0, 5)) console.log(`  error: ${e}`);
    return mbPerS;
  }
}

function ratioLine(label: string, ratios: number[], digits: number): string {
  return `${label}: median ${median(ratios).toFixed(digits)}x, best ${Math.max(...ratios).toFixed(digits)}x (per round: ${ratios.map((r) => r.toFixed(digits)).join(" ")})`;
}

if (!corpusAvailable()) {
  console.log(`Corpus missing (${CORPUS_DIR}): skipping the lint benchmark.`);
  process.exit(0);
}
const articles = loadCorpus();
const bytes = articles.reduce((sum, a) => sum + a.bytes, 0);
console.log(`Corpus: ${articles.length} articles, ${(bytes / 1e6).toFixed(2)} MB UTF-8\n`);
const envFor = benchmarkEnvFactory();
const title = (a: Article) => a.name.replace(/_/g, " ");
const ours = new Runner("wikiloom lint", articles, async (a) => (await lint(a.text, envFor(title(a)))).length);
const convert = new Runner("wikiloom wt2html", articles, async (a) => (usable((await wt2html(a.text, envFor(title(a)))).html), 0));
const theirs = new Runner("wikiparser-node lint", articles, (a) => Parser.parse(a.text).lint().length);
await ours.warmUp(articles.length);
await convert.warmUp(articles.length);
await theirs.warmUp(5);

const rounds = option("passes", 5);
const theirRounds = Math.min(rounds, option("their-passes", 3));
const versusTheirs: number[] = [];
const versusConvert: number[] = [];
for (let round = 0; round < rounds; round++) {
  const oursMs = await ours.pass();
  const convertMs = await convert.pass();
  versusConvert.push(convertMs / oursMs);
  if (round < theirRounds) versusTheirs.push((await theirs.pass()) / oursMs);
}

const oursMbPerS = ours.summarize(bytes);
convert.summarize(bytes);
theirs.summarize(bytes);
console.log("");
console.log(ratioLine("ours/wikiparser-node", versusTheirs, 1));
console.log(ratioLine("lint/wt2html (lint must be the cheaper one, > 1; both expand templates)", versusConvert, 2));
console.log(`throughput: ${oursMbPerS.toFixed(2)} MB/s (goal >= ${GOAL_MB_PER_S})${oursMbPerS >= GOAL_MB_PER_S ? "" : "  BELOW GOAL"}`);
console.log(`peak RSS of the whole run: ${peakRssMb().toFixed(0)} MB`);
