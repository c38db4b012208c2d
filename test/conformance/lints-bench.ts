// `npm run bench:lint`: lints every corpus article (../shared/fixtures/corpus/*.wiki) with our
// linter and with wikiparser-node's `Parser.parse(text).lint()` in the same process, converts the
// same articles with wt2html, and prints MB/s of UTF-8 wikitext (median pass; wall time, and CPU
// time next to it since the machine is shared), per-article p50/p95 and the ratios. The runners
// take turns pass by pass (a round is one pass of each), so a shared machine's changing load hits
// all of them alike; the ratios are taken within each round and reported as median and best.
// `npm run bench` runs the same comparison without the wt2html runner (runLintBench).
//   --passes N        rounds (default 5)
//   --their-passes N  rounds that include wikiparser-node (default 3; it is the slow one)
import { pathToFileURL } from "node:url";
import Parser from "wikiparser-node";
import { lint, wt2html } from "@wikiloom/wikitext";
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
  /** Process CPU time (user + system) of each pass: steadier than wall time on a shared machine. */
  readonly passCpuMs: number[] = [];
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
    const cpuBefore = process.cpuUsage();
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
    const cpu = process.cpuUsage(cpuBefore);
    this.passCpuMs.push((cpu.user + cpu.system) / 1000);
    return total;
  }

  /** Prints the summary line; returns MB/s of the median pass. */
  summarize(bytes: number): number {
    const mbPerS = bytes / 1e6 / (median(this.passMs) / 1000);
    const cpuMbPerS = bytes / 1e6 / (median(this.passCpuMs) / 1000);
    const perArticle = this.times.map(median);
    console.log(
      `${this.label.padEnd(22)} ${mbPerS.toFixed(2).padStart(7)} MB/s (${cpuMbPerS.toFixed(2)} MB/s of CPU time)   p50 ${formatMs(percentile(perArticle, 50)).padStart(7)} ms   ` +
        `p95 ${formatMs(percentile(perArticle, 95)).padStart(7)} ms   lints ${this.lints}   passes ${this.passMs.map((ms) => (ms / 1000).toFixed(2)).join("/")} s`,
    );
    for (const e of this.errors.slice(0, 5)) console.log(`  error: ${e}`);
    return mbPerS;
  }
}

function ratioLine(label: string, ratios: number[], digits: number): string {
  return `${label}: median ${median(ratios).toFixed(digits)}x, best ${Math.max(...ratios).toFixed(digits)}x (per round: ${ratios.map((r) => r.toFixed(digits)).join(" ")})`;
}

export interface LintBenchOptions {
  /** Rounds (one pass of each runner). */
  passes: number;
  /** Rounds that include wikiparser-node. */
  theirPasses: number;
  /** Also time wt2html on the same articles (lint must be the cheaper one). */
  withWt2html: boolean;
}

/** Runs the lint comparison on the corpus and prints it; returns our MB/s (null without a corpus). */
export async function runLintBench(options: LintBenchOptions): Promise<number | null> {
  if (!corpusAvailable()) {
    console.log(`Corpus missing (${CORPUS_DIR}): skipping the lint benchmark.`);
    return null;
  }
  const articles = loadCorpus();
  const bytes = articles.reduce((sum, a) => sum + a.bytes, 0);
  console.log(`Corpus: ${articles.length} articles, ${(bytes / 1e6).toFixed(2)} MB UTF-8\n`);
  const envFor = benchmarkEnvFactory();
  const title = (a: Article) => a.name.replace(/_/g, " ");
  const ours = new Runner("wikiloom lint", articles, async (a) => (await lint(a.text, envFor(title(a)))).length);
  const convert = options.withWt2html ? new Runner("wikiloom wt2html", articles, async (a) => (usable((await wt2html(a.text, envFor(title(a)))).html), 0)) : null;
  const theirs = new Runner("wikiparser-node lint", articles, (a) => Parser.parse(a.text).lint().length);
  await ours.warmUp(articles.length);
  await convert?.warmUp(articles.length);
  await theirs.warmUp(5);

  const theirRounds = Math.min(options.passes, options.theirPasses);
  const versusTheirs: number[] = [];
  const versusTheirsCpu: number[] = [];
  const versusConvert: number[] = [];
  for (let round = 0; round < options.passes; round++) {
    const oursMs = await ours.pass();
    if (convert) versusConvert.push((await convert.pass()) / oursMs);
    if (round < theirRounds) {
      versusTheirs.push((await theirs.pass()) / oursMs);
      versusTheirsCpu.push(theirs.passCpuMs[round]! / ours.passCpuMs[round]!);
    }
  }

  const oursMbPerS = ours.summarize(bytes);
  convert?.summarize(bytes);
  theirs.summarize(bytes);
  console.log("");
  console.log(ratioLine("ours/wikiparser-node", versusTheirs, 1));
  console.log(ratioLine("ours/wikiparser-node (CPU time)", versusTheirsCpu, 1));
  if (convert) console.log(ratioLine("lint/wt2html (lint must be the cheaper one, > 1; both expand templates)", versusConvert, 2));
  console.log(`lint throughput: ${oursMbPerS.toFixed(2)} MB/s (goal >= ${GOAL_MB_PER_S})${oursMbPerS >= GOAL_MB_PER_S ? "" : "  BELOW GOAL"}`);
  return oursMbPerS;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await runLintBench({ passes: option("passes", 5), theirPasses: option("their-passes", 3), withWt2html: true });
  console.log(`peak RSS of the whole run: ${peakRssMb().toFixed(0)} MB`);
}
