// `npm run fuzz`: the fuzz campaigns run longer than in CI, then the growth report.
//
//   npm run fuzz -- [--seed N] [--runs N] [--budget-ms MS] [--only SUBSTRING] [--no-growth]
//
// --runs is the number of cases per campaign (default 2000), --budget-ms the time limit per
// campaign (default 60000; whichever comes first). The campaigns run in a worker thread that
// reports each case before it starts: when a case has not finished after HANG_MS the worker is
// stopped and the case reported as a hang (conversions are synchronous, so a timer in the same
// thread could never fire). Exit code 1 when any campaign failed or hung.
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { loadTokenizer } from "@wikiloom/wikitext";
import { CAMPAIGNS, campaignEnv, runCampaign } from "./campaigns.js";
import { corpusSeeds } from "./corpus.js";
import { measureGrowth } from "./growth.js";
import { KNOWN_ISSUES } from "./known-issues.js";

/** A case (or one growth measurement) running longer than this counts as a hang. */
const HANG_MS = 60_000;

interface Options {
  seed: number;
  runs: number;
  budgetMs: number;
  only: string | null;
  growth: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { seed: Date.now() % 2 ** 31, runs: 2000, budgetMs: 60_000, only: null, growth: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === "--seed") options.seed = Number(value());
    else if (arg === "--runs") options.runs = Number(value());
    else if (arg === "--budget-ms") options.budgetMs = Number(value());
    else if (arg === "--only") options.only = value();
    else if (arg === "--no-growth") options.growth = false;
    else throw new Error(`unknown option ${arg}`);
  }
  if (!Number.isFinite(options.seed) || !(options.runs > 0) || !(options.budgetMs > 0)) throw new Error("--seed, --runs and --budget-ms take numbers");
  return options;
}

type WorkerMessage =
  | { type: "case"; campaign: string; input: string }
  | { type: "line"; text: string }
  | { type: "done"; failed: boolean };

/** Worker side: runs the campaigns and the growth report, posting progress and report lines. */
async function work(options: Options): Promise<void> {
  const post = (message: WorkerMessage): void => parentPort!.postMessage(message);
  const line = (text = ""): void => post({ type: "line", text });
  await loadTokenizer();
  const haveCorpus = corpusSeeds().length > 0;
  let failed = false;
  line(`Fuzzing with seed ${options.seed}: up to ${options.runs} cases or ${options.budgetMs} ms per campaign${haveCorpus ? "" : " (no ../shared corpus: seed-based campaigns skipped)"}`);
  line();
  for (const campaign of CAMPAIGNS) {
    if (options.only && !campaign.name.includes(options.only)) continue;
    if (campaign.needsCorpus && !haveCorpus) continue;
    const result = await runCampaign(campaign, {
      seed: options.seed,
      numRuns: options.runs,
      budgetMs: options.budgetMs,
      onCase: (name, input) => post({ type: "case", campaign: name, input }),
    });
    const { stats } = result;
    const extra = [
      stats.vacuous > 0 ? `${stats.vacuous} with nothing to edit` : "",
      campaign.property === "full-serialization" ? `${stats.identical}/${stats.runs} byte-identical without the original (not asserted)` : "",
      ...[...stats.known].map(([id, k]) => `known issue ${id}: ${k.count}`),
    ].filter(Boolean);
    line(`${result.failure ? "FAIL" : "ok  "} ${campaign.name}: ${stats.runs} cases in ${(result.ms / 1000).toFixed(1)} s${extra.length ? ` (${extra.join("; ")})` : ""}`);
    if (result.failure) {
      failed = true;
      const edit = result.failure.editSeed !== undefined ? ` edit seed ${result.failure.editSeed}` : "";
      line(`     counterexample${edit}: ${JSON.stringify(result.failure.input)}`);
      line(`     ${result.failure.message.split("\n")[0]}`);
    }
  }
  line();
  line(`Known issues (${KNOWN_ISSUES.length}), see test/fuzz/known-issues.ts:`);
  for (const issue of KNOWN_ISSUES) line(`  ${issue.id}: ${JSON.stringify(issue.counterexample.wikitext)}${issue.counterexample.editSeed !== undefined ? ` (edit seed ${issue.counterexample.editSeed})` : ""}`);
  if (options.growth) {
    line();
    line("Growth (CPU ms, fastest of 5 runs, at n and 2n; a linear engine gives a ratio near 2):");
    line(`  ${"family".padEnd(48)} ${"op".padEnd(8)} ${"bytes(n)".padStart(9)} ${"ms(n)".padStart(8)} ${"ms(2n)".padStart(8)} ${"ratio".padStart(6)}`);
    const rows = await measureGrowth(campaignEnv(), 5, (step) => post({ type: "case", campaign: "growth", input: step }));
    for (const row of rows) {
      const flag = row.ratio > 3 && row.ms2N > 20 ? "  <- superlinear?" : "";
      line(`  ${row.family.slice(0, 48).padEnd(48)} ${row.op.padEnd(8)} ${String(row.bytesN).padStart(9)} ${row.msN.toFixed(1).padStart(8)} ${row.ms2N.toFixed(1).padStart(8)} ${row.ratio.toFixed(2).padStart(6)}${flag}`);
    }
  }
  post({ type: "done", failed });
}

/** Main side: starts the worker and watches it for hangs. */
function supervise(options: Options): void {
  // The worker registers tsx itself (loader flags of the main thread do not reach workers here).
  const bootstrap = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: options });
  let last: { campaign: string; input: string; at: number } | null = null;
  let finished = false;
  const watchdog = setInterval(() => {
    if (!last || performance.now() - last.at < HANG_MS) return;
    console.log(`HANG ${last.campaign}: a case ran for more than ${HANG_MS / 1000} s: ${JSON.stringify(last.input.slice(0, 2000))}`);
    finished = true;
    clearInterval(watchdog);
    process.exitCode = 1;
    void worker.terminate();
  }, 1000);
  worker.on("message", (message: WorkerMessage) => {
    if (message.type === "case") last = { campaign: message.campaign, input: message.input, at: performance.now() };
    else if (message.type === "line") console.log(message.text);
    else {
      finished = true;
      clearInterval(watchdog);
      process.exitCode = message.failed ? 1 : 0;
      void worker.terminate();
    }
  });
  worker.on("error", (error) => {
    console.error(error);
    process.exitCode = 1;
  });
  worker.on("exit", () => {
    clearInterval(watchdog);
    if (!finished) process.exitCode = 1;
  });
}

if (isMainThread) {
  try {
    supervise(parseOptions(process.argv.slice(2)));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
  }
} else {
  await work(workerData as Options);
}
