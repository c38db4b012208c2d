import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PATHOLOGICAL_INPUTS, type PathologicalInput } from "./pathological-inputs.js";
import { formatMs } from "./stats.js";
import { ENGINE_V8_FLAGS } from "../../scripts/node-flags.mjs";

/**
 * `npm run bench:pathological`: converts each pathological input at sizes n and 2n and prints
 * the time ratio, which stays near 2 for a linear engine. Each input runs in a child process
 * with a time limit, so a super-linear case shows up as a timeout instead of a hung benchmark.
 */
// Wall time: generous, since the machine may be shared and a loaded core stretches every run.
const TIME_LIMIT_MS = 180_000;
const LINEAR_RATIO_LIMIT = 3;
const WORKER = join(dirname(fileURLToPath(import.meta.url)), "pathological-worker.ts");

interface WorkerResult {
  /** CPU time (ms) at sizes n and 2n. */
  single?: number;
  double?: number;
  /** Wall time (ms) at sizes n and 2n. */
  singleWall?: number;
  doubleWall?: number;
  error?: string;
}

function runWorker(input: PathologicalInput): Promise<WorkerResult> {
  return new Promise((resolve) => {
    // The same V8 flags as the server and the corpus benchmark run with.
    const child = spawn(process.execPath, [...ENGINE_V8_FLAGS, "--import", "tsx", WORKER, input.name], {
      stdio: ["ignore", "pipe", "pipe"],
    });
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
        resolve(JSON.parse(lastLine) as WorkerResult);
      } catch {
        resolve({ error: `worker exited with ${code}: ${stderr.trim().split("\n").slice(-3).join(" | ")}` });
      }
    });
  });
}

async function main(): Promise<void> {
  console.log("Pathological inputs at sizes n and 2n (median of 3 runs each, CPU time); linear means a ratio near 2.\n");
  let failures = 0;
  for (const input of PATHOLOGICAL_INPUTS) {
    const result = await runWorker(input);
    const label = `${input.name} (n = ${input.n.toLocaleString("en")} ${input.unit})`.padEnd(44);
    if (result.error !== undefined || result.single === undefined || result.double === undefined) {
      failures++;
      console.log(`${label} error: ${result.error ?? "no timings"}`);
      continue;
    }
    const ratio = result.double / result.single;
    const verdict = ratio <= LINEAR_RATIO_LIMIT ? "" : "  NOT LINEAR";
    if (verdict) failures++;
    const wall = result.singleWall !== undefined && result.doubleWall !== undefined
      ? `   (wall ${formatMs(result.singleWall)} / ${formatMs(result.doubleWall)} ms, ratio ${(result.doubleWall / result.singleWall).toFixed(2)})`
      : "";
    console.log(`${label} n: ${formatMs(result.single).padStart(8)} ms   2n: ${formatMs(result.double).padStart(8)} ms   ratio ${ratio.toFixed(2)}${verdict}${wall}`);
  }
  if (failures > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
