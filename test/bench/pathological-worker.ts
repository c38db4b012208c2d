import { html2wt, lint } from "@wikiloom/wikitext";
import { htmlToDom } from "../../packages/wikitext/src/html2wt/index.js";
import { serializeChildren } from "../../packages/wikitext/src/output/serialize.js";
import type { WNode, WText } from "../../packages/wikitext/src/dom/node.js";
import { loadEngine } from "../conformance/engine.js";
import { benchmarkEnvFactory } from "./bench-env.js";
import { measureConversionMemory, type ConversionMemory } from "./conversion-memory.js";
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
 * - Every timing lasts at least MIN_RUN_MS: a size whose conversion is shorter is converted
 *   several times in a row (the same count in every round) and the time divided, so that one GC
 *   pause or timer tick is a small part of it. (Growing the input instead would measure the
 *   garbage collector of a heap of gigabytes: inputs stay at sizes a wiki accepts.)
 * - A full collection before every timing: each starts from the same clean heap instead of
 *   paying for the garbage of the one before.
 * - Rounds interleave the sizes (n, 2n, 4n, n, 2n, 4n...), so a burst of load on the machine
 *   lands on all sizes alike, and each size keeps its fastest round (outside work only ever
 *   adds time).
 *
 * - Memory is measured after the timings, in one more conversion per size from a clean heap
 *   (conversion-memory.ts): the heap it needed at its peak and what it kept alive, so that the
 *   growth per size shows, which the process's peak RSS (reached at the largest size) hides.
 *
 * argv: input name, rounds, number of sizes (2 or 3), minimum timing in ms.
 */
export interface WorkerReport {
  /** The base size n used: the input's n, doubled while a conversion is very short, halved to keep the largest input in MAX_CHARS. */
  n: number;
  /** Characters of the largest input converted. */
  largestChars: number;
  /** Conversions per timing, per size. */
  batch: number[];
  /** Fastest CPU time (ms) of one conversion per size: n, 2n(, 4n). */
  cpu: number[];
  /** Wall time (ms) of one conversion in the same rounds. */
  wall: number[];
  /** Characters of the input per size (of the HTML, for html2wt inputs). */
  chars: number[];
  /** Heap one conversion needed, per size. */
  memory: ConversionMemory[];
  /** Peak resident memory of the process (MB), reached at the largest size. */
  peakRssMb: number;
  error?: string;
}

/** Largest input (characters): twice the 2 MiB a wiki accepts by default (MAX_WIKITEXT_BYTES). */
const MAX_CHARS = 4_200_000;

/** Conversions shorter than this (CPU ms) at size n make the worker double n (see below). */
const MIN_SINGLE_MS = 150;

const gc: () => void = (globalThis as { gc?: () => void }).gc ?? (() => {});

function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

interface Job {
  chars: number;
  run(): Promise<unknown>;
}

/** The HTML with its last text (in document order, not blank) changed: a selser edit as deep as the input goes. */
function withLastTextEdited(html: string): string {
  const body = htmlToDom(html);
  let last: WText | null = null;
  // Pre-order, children pushed last first: nodes come off the stack in document order.
  const stack: WNode[] = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === "text" && node.value.trim() !== "") last = node;
    else if (node.kind === "element") for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  if (last === null) throw new Error("selser input: the HTML holds no text to edit");
  last.value += " (edited)";
  return serializeChildren(body, { inlineDataParser: true });
}

async function main(): Promise<void> {
  const [name, roundsArg = "3", sizesArg = "3", minRunArg = "500"] = process.argv.slice(2);
  const input = PATHOLOGICAL_INPUTS.find((candidate) => candidate.name === name);
  if (!input) throw new Error(`unknown input ${name}`);
  const rounds = Math.max(1, Number(roundsArg));
  const factors = Number(sizesArg) >= 3 ? [1, 2, 4] : [1, 2];
  const minRunMs = Number(minRunArg);
  const loaded = await loadEngine();
  if (!loaded.engine) {
    console.log(JSON.stringify({ error: loaded.reason }));
    return;
  }
  const { engine } = loaded;
  const env = benchmarkEnvFactory()("Pathological");
  /** The conversion timed at a size (its input prepared untimed), and the length of that input. */
  const prepare = async (size: number): Promise<Job> => {
    const wikitext = input.generate(size);
    const direction = input.direction ?? "wt2html";
    if (direction === "wt2html") return { chars: wikitext.length, run: () => engine.wt2html(wikitext, env) };
    if (direction === "lint") return { chars: wikitext.length, run: () => lint(wikitext, env) };
    const { html } = await engine.wt2html(wikitext, env, { bodyOnly: true });
    if (direction === "html2wt") return { chars: html.length, run: () => html2wt(html, env) };
    const edited = withLastTextEdited(html);
    return { chars: edited.length, run: () => html2wt(edited, env, { original: { wikitext, html } }) };
  };
  /** CPU and wall time of `count` runs of `job` after a full collection. */
  const timeBatch = async (job: Job, count: number): Promise<{ cpu: number; wall: number }> => {
    gc();
    const wallBefore = performance.now();
    const cpuBefore = cpuMs();
    for (let i = 0; i < count; i++) await job.run();
    return { cpu: cpuMs() - cpuBefore, wall: performance.now() - wallBefore };
  };

  const largestFactor = factors[factors.length - 1]!;
  const fits = (size: number) => input.generate(size * largestFactor).length <= MAX_CHARS;
  let n = input.n;
  while (n > 1 && !fits(n)) n = Math.floor(n / 2);
  // Warm-up (JIT) on a small instance.
  await timeBatch(await prepare(Math.max(1, Math.ceil(n / 100))), 3);
  // A conversion short enough to keep its whole heap in the young generation collects almost
  // nothing, and one twice its size may promote and mark everything: a ratio of 4-5 from the
  // garbage collector alone. Doubling n while conversions are that short (and inputs stay in
  // MAX_CHARS) compares sizes past that threshold.
  const warmSingle = async (size: number): Promise<number> => {
    const source = await prepare(size);
    await timeBatch(source, 1);
    return (await timeBatch(source, 1)).cpu;
  };
  while (fits(2 * n) && (await warmSingle(n)) < MIN_SINGLE_MS) n *= 2;
  const sources: Job[] = [];
  for (const factor of factors) sources.push(await prepare(n * factor));
  // One conversion per size: it warms the paths only large inputs reach and tells how many
  // conversions make a timing of at least the minimum.
  const batch: number[] = [];
  for (const source of sources) {
    const { cpu } = await timeBatch(source, 1);
    batch.push(Math.max(1, Math.ceil(minRunMs / Math.max(cpu, 1))));
  }

  const cpu = factors.map(() => Infinity);
  const wall = factors.map(() => Infinity);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < sources.length; i++) {
      const count = batch[i]!;
      const timing = await timeBatch(sources[i]!, count);
      cpu[i] = Math.min(cpu[i]!, timing.cpu / count);
      wall[i] = Math.min(wall[i]!, timing.wall / count);
    }
  }
  const memory: ConversionMemory[] = [];
  for (const source of sources) memory.push(await measureConversionMemory(source.run));
  const chars = sources.map((source) => source.chars);
  const report: WorkerReport = { n, largestChars: chars[chars.length - 1]!, batch, cpu, wall, chars, memory, peakRssMb: peakRssMb() };
  console.log(JSON.stringify(report));
}

main().catch((error: unknown) => {
  console.log(JSON.stringify({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));
});
