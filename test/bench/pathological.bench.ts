import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PATHOLOGICAL_INPUTS, type PathologicalInput } from "./pathological-inputs.js";
import type { WorkerReport } from "./pathological-worker.js";
import { formatMs } from "./stats.js";
import { ENGINE_V8_FLAGS } from "../../scripts/node-flags.mjs";

/**
 * `npm run bench:pathological`: converts each pathological input at sizes n, 2n and 4n and prints
 * the CPU time per size, the ratio per doubling (near 2 for a linear engine) and the growth
 * exponent over the whole range (time ~ size^k: 1 is linear, 2 quadratic); then, per size, the
 * heap one conversion needed (its peak, the live part of it, bytes per input character) and the
 * process's peak RSS (reached at the largest size).
 * See pathological-worker.ts for how the timings are kept steady on a shared machine.
 *
 * Options: --only SUBSTRING (inputs whose name contains it), --reps N (timed rounds, default 3),
 * --quick (sizes n and 2n only), --min-ms MS (shortest timing, default 500).
 */
// Wall time per input, generous: a loaded machine stretches every run.
const TIME_LIMIT_MS = 300_000;
/**
 * A doubling that more than this multiplies the time is super-linear. The verdict takes the
 * smaller ratio of the two doublings: quadratic code shows ~4 in both, while one heap threshold
 * crossed between two sizes (the young generation no longer holding a whole conversion) raises
 * only the doubling it falls in.
 */
const RATIO_LIMIT = 2.6;
const WORKER = join(dirname(fileURLToPath(import.meta.url)), "pathological-worker.ts");

interface Options {
  only: string | null;
  reps: number;
  sizes: number;
  minMs: number;
}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { only: null, reps: 3, sizes: 3, minMs: 500 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--only") options.only = argv[++i] ?? null;
    else if (arg === "--reps") options.reps = Number(argv[++i]);
    else if (arg === "--quick") options.sizes = 2;
    else if (arg === "--min-ms") options.minMs = Number(argv[++i]);
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

function runWorker(input: PathologicalInput, options: Options): Promise<WorkerReport | { error: string }> {
  return new Promise((resolve) => {
    // The engine's V8 flags (as the server runs), and gc() for a clean heap before each run.
    const args = [...ENGINE_V8_FLAGS, "--expose-gc", "--import", "tsx", WORKER, input.name, String(options.reps), String(options.sizes), String(options.minMs)];
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve({ error: `did not finish within ${TIME_LIMIT_MS / 1000} s` });
    }, TIME_LIMIT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      const lastLine = stdout.trim().split("\n").pop() ?? "";
      try {
        resolve(JSON.parse(lastLine) as WorkerReport);
      } catch {
        resolve({ error: `worker exited with ${code}: ${stderr.trim().split("\n").slice(-3).join(" | ")}` });
      }
    });
  });
}

const MB = 1024 * 1024;

/** Per size: the heap one conversion needed at its peak, its live part, and both per input character. */
function memoryLine(report: WorkerReport): string {
  const peaks = report.memory.map((m) => (m.peakBytes / MB).toFixed(0)).join("/");
  const perChar = report.memory.map((m, i) => (m.peakBytes / report.chars[i]!).toFixed(0)).join("/");
  const live = report.memory.map((m) => (m.peakLiveBytes === null ? "-" : (m.peakLiveBytes / MB).toFixed(0))).join("/");
  const livePerChar = report.memory.map((m, i) => (m.peakLiveBytes === null ? "-" : (m.peakLiveBytes / report.chars[i]!).toFixed(0))).join("/");
  const kept = report.memory.map((m) => (m.retainedBytes / MB).toFixed(1)).join("/");
  return (
    `heap peak MB ${peaks} (${perChar} B/char)   live at peak MB ${live} (${livePerChar} B/char)   kept with the result MB ${kept}` +
    `   process peak RSS ${report.peakRssMb.toFixed(0)} MB (largest input ${(report.largestChars / 1e6).toFixed(2)} M chars)`
  );
}

/**
 * Heap that more than doubles per doubling of the input, at every doubling, grows faster than
 * the input (the same rule as for time). Peaks under 16 MB are left out: there one young
 * generation collection more or less decides the number.
 */
function memoryGrowsFaster(report: WorkerReport): boolean {
  const peaks = report.memory.map((m) => m.peakBytes);
  if (peaks[0]! < 16 * MB) return false;
  const doublings = peaks.slice(1).map((p, i) => p / peaks[i]!);
  return Math.min(...doublings) > RATIO_LIMIT;
}

/** k in time ~ size^k, from the smallest and the largest size. */
function growthExponent(times: readonly number[]): number {
  const first = times[0]!;
  const last = times[times.length - 1]!;
  return Math.log2(last / first) / (times.length - 1);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const inputs = PATHOLOGICAL_INPUTS.filter((input) => options.only === null || input.name.includes(options.only));
  const sizes = options.sizes === 3 ? "n, 2n and 4n" : "n and 2n";
  console.log(
    `Pathological inputs at sizes ${sizes}: CPU time of one conversion, fastest of ${options.reps} interleaved rounds per size,` +
      ` each timing >= ${options.minMs} ms (short conversions repeated), a full GC before each timing, a fresh process per input.` +
      ` Linear: ratios near 2, exponent near 1; NOT LINEAR when every doubling exceeds ${RATIO_LIMIT}.` +
      ` Memory per size: one more conversion from a clean heap; heap peak = most heap used during it (young garbage included),` +
      ` live at peak = heap after its fullest full collection (- when none ran), kept = heap the result holds.\n`,
  );
  let failures = 0;
  for (const input of inputs) {
    const result = await runWorker(input, options);
    const label = input.name.padEnd(26);
    if ("error" in result && result.error !== undefined) {
      failures++;
      console.log(`${label} error: ${result.error}`);
      continue;
    }
    const report = result as WorkerReport;
    const times = report.cpu.map((t) => formatMs(t).padStart(8)).join(" ");
    const exponent = growthExponent(report.cpu);
    const doublings = report.cpu.slice(1).map((t, i) => t / report.cpu[i]!);
    const verdict = Math.min(...doublings) <= RATIO_LIMIT ? "" : "  NOT LINEAR";
    if (verdict) failures++;
    const wallRatios = report.wall.slice(1).map((t, i) => (t / report.wall[i]!).toFixed(2)).join(" ");
    const memoryVerdict = memoryGrowsFaster(report) ? "  MEMORY NOT LINEAR" : "";
    if (memoryVerdict) failures++;
    console.log(
      `${label} n = ${report.n.toLocaleString("en").padStart(9)} ${input.unit.padEnd(11)} CPU ms ${times} (x${report.batch.join("/")})   ratios ${doublings.map((r) => r.toFixed(2)).join(" ")}   exponent ${exponent.toFixed(2)}` +
        `   (wall ratios ${wallRatios})${verdict}`,
    );
    console.log(`${"".padEnd(26)} ${memoryLine(report)}${memoryVerdict}`);
  }
  if (failures > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
