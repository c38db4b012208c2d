import { loadEngine } from "../conformance/engine.js";
import { benchmarkEnvFactory } from "./bench-env.js";
import { PATHOLOGICAL_INPUTS } from "./pathological-inputs.js";
import { peakRssMb } from "./stats.js";

/**
 * Runs one pathological input at sizes n, 2n (and 4n) in a process of its own, so that one
 * input's heap does not slow the next and the driver can stop a run that does not finish, and
 * prints one JSON line with the timings (a WorkerReport).
 *
 * How the numbers are kept steady on a shared machine:
 * - CPU time of this process, not wall time: other processes on the cores stretch wall time
 *   unevenly between sizes, and barely touch CPU time.
 * - The base size is doubled until one conversion takes at least MIN_RUN_MS, so that a single
 *   GC pause or timer tick is a small part of every timing.
 * - A full collection before every timed conversion: each starts from the same clean heap
 *   instead of paying for the garbage of the one before.
 * - Repetitions interleave the sizes (n, 2n, 4n, n, 2n, 4n...), so a burst of load on the
 *   machine lands on all sizes alike, and each size keeps its fastest run (outside work only
 *   ever adds time).
 *
 * argv: input name, repetitions, number of sizes (2 or 3), minimum run time in ms.
 */
export interface WorkerReport {
  /** The base size n actually used (the input's n, scaled up to reach the minimum run time). */
  n: number;
  /** Characters of the largest input converted. */
  largestChars: number;
  /** Fastest CPU time (ms) per size: n, 2n(, 4n). */
  cpu: number[];
  /** Wall time (ms) of the same runs. */
  wall: number[];
  /** Peak resident memory of the process (MB), reached at the largest size. */
  peakRssMb: number;
  error?: string;
}

/** Input size cap (characters) for the largest size: larger inputs would test memory, not time. */
const MAX_CHARS = 24_000_000;

const gc: () => void = (globalThis as { gc?: () => void }).gc ?? (() => {});

function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

async function main(): Promise<void> {
  const [name, repetitionsArg = "3", sizesArg = "3", minRunArg = "500"] = process.argv.slice(2);
  const input = PATHOLOGICAL_INPUTS.find((candidate) => candidate.name === name);
  if (!input) throw new Error(`unknown input ${name}`);
  const repetitions = Math.max(1, Number(repetitionsArg));
  const factors = Number(sizesArg) >= 3 ? [1, 2, 4] : [1, 2];
  const minRunMs = Number(minRunArg);
  const loaded = await loadEngine();
  if (!loaded.engine) {
    console.log(JSON.stringify({ error: loaded.reason }));
    return;
  }
  const { engine } = loaded;
  const env = benchmarkEnvFactory()("Pathological");
  const timeOnce = async (source: string): Promise<{ cpu: number; wall: number }> => {
    gc();
    const wallBefore = performance.now();
    const cpuBefore = cpuMs();
    await engine.wt2html(source, env);
    return { cpu: cpuMs() - cpuBefore, wall: performance.now() - wallBefore };
  };

  // Warm-up on a small instance (JIT), then find the base size: the first timing at a size
  // also warms the code paths only large inputs reach.
  await timeOnce(input.generate(Math.ceil(input.n / 100)));
  let n = input.n;
  const largestFactor = factors[factors.length - 1]!;
  for (;;) {
    const { cpu } = await timeOnce(input.generate(n));
    if (cpu >= minRunMs || input.generate(2 * n * largestFactor).length > MAX_CHARS) break;
    n *= 2;
  }

  const sources = factors.map((factor) => input.generate(n * factor));
  const cpu = factors.map(() => Infinity);
  const wall = factors.map(() => Infinity);
  for (let round = 0; round < repetitions; round++) {
    for (let i = 0; i < sources.length; i++) {
      const timing = await timeOnce(sources[i]!);
      cpu[i] = Math.min(cpu[i]!, timing.cpu);
      wall[i] = Math.min(wall[i]!, timing.wall);
    }
  }
  const report: WorkerReport = { n, largestChars: sources[sources.length - 1]!.length, cpu, wall, peakRssMb: peakRssMb() };
  console.log(JSON.stringify(report));
}

main().catch((error: unknown) => {
  console.log(JSON.stringify({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));
});
