import { loadEngine } from "../conformance/engine.js";
import { benchmarkEnvFactory } from "./bench-env.js";
import { PATHOLOGICAL_INPUTS } from "./pathological-inputs.js";
import { median } from "./stats.js";

/**
 * Runs one pathological input at sizes n and 2n in its own process (so that the driver can stop
 * a run that does not finish) and prints one JSON line with the timings.
 */
const REPETITIONS = 3;

async function main(): Promise<void> {
  const input = PATHOLOGICAL_INPUTS.find((candidate) => candidate.name === process.argv[2]);
  if (!input) throw new Error(`unknown input ${process.argv[2]}`);
  const loaded = await loadEngine();
  if (!loaded.engine) {
    console.log(JSON.stringify({ error: loaded.reason }));
    return;
  }
  const { engine } = loaded;
  const env = benchmarkEnvFactory()("Pathological");
  // Warm-up on a small and a full-size instance of the same shape, so that JIT compilation and
  // heap growth do not land in the first timed size.
  await engine.wt2html(input.generate(Math.ceil(input.n / 100)), env);
  await engine.wt2html(input.generate(input.n), env);

  // Wall time and this process's CPU time; CPU time is what the ratio uses, since other work
  // on the shared cores inflates wall time unevenly between the two sizes.
  const timeFor = async (size: number): Promise<{ wall: number; cpu: number }> => {
    const source = input.generate(size);
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < REPETITIONS; i++) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      await engine.wt2html(source, env);
      const used = process.cpuUsage(cpuBefore);
      wall.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
    return { wall: median(wall), cpu: median(cpu) };
  };
  const single = await timeFor(input.n);
  const double = await timeFor(2 * input.n);
  console.log(JSON.stringify({ single: single.cpu, double: double.cpu, singleWall: single.wall, doubleWall: double.wall }));
}

main().catch((error: unknown) => {
  console.log(JSON.stringify({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));
});
