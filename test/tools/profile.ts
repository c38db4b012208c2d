// `npm run profile`: where wt2html (or lint) spends its time and its allocations on the corpus.
// After warm-up passes, the V8 inspector profiles a few passes in this process and prints the
// functions with the most self time, the most inclusive time (each function counted once per
// sample, however deep it recurses) and, with --heap, the most allocated bytes.
//
//   --passes N     profiled passes (default 3)
//   --lint         profile lint() (template expansion, wt2dom in lint mode, the lint checks)
//   --html2wt      profile html2wt() of each article's wt2html output (no original: full serialization)
//   --selser       profile html2wt() with the original wikitext and HTML, one text node edited
//   --heap         sample allocations instead of CPU time
//   --top N        rows per table (default 40)
//   --save FILE    also write the raw profile (.cpuprofile / .heapprofile, for Chrome DevTools)
//
// The machine is often shared: compare the shares of one run, not milliseconds across runs.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { lint, loadTokenizer, wt2html } from "@wikiloom/wikitext";
import { html2wt } from "../../packages/wikitext/src/html2wt/index.js";
import { prepareHtml2WtItems } from "../bench/html2wt.bench.js";
import { usable } from "../bench/stats.js";
import { benchmarkEnvFactory } from "../bench/bench-env.js";
import { corpusAvailable, loadCorpus } from "../bench/corpus.js";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

/** "name (file)" with the file relative to the repository; built-ins keep their bare name. */
function frameLabel(frame: ProfileNode["callFrame"]): string {
  const name = frame.functionName || "(anonymous)";
  if (!frame.url) return name;
  const file = frame.url.replace(/^file:\/\//, "").replace(/^.*?\/(packages|wasm|test|node_modules)\//, "$1/");
  return `${name} (${file})`;
}

function printTable(title: string, rows: Map<string, number>, total: number, unit: (value: number) => string, top: number): void {
  console.log(`\n${title}`);
  for (const [label, value] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${unit(value).padStart(9)} ${((100 * value) / total).toFixed(1).padStart(5)}%  ${label}`);
  }
}

function reportCpu(profile: CpuProfile, top: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const sampled = new Map<number, number>();
  profile.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  // Samples taken while the inspector itself works (starting, stopping) are not the engine's.
  const inInspector = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      if (byId.get(at)!.callFrame.url.startsWith("node:inspector")) return true;
    }
    return false;
  };
  for (const [id, micros] of sampled) {
    if (inInspector(id)) continue;
    total += micros;
    const frame = byId.get(id)!.callFrame;
    self.set(frameLabel(frame), (self.get(frameLabel(frame)) ?? 0) + micros);
    // Up the stack, once per distinct function (recursion would count a sample twice).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const label = frameLabel(byId.get(at)!.callFrame);
      if (seen.has(label)) continue;
      seen.add(label);
      inclusive.set(label, (inclusive.get(label) ?? 0) + micros);
    }
  }
  const ms = (micros: number) => `${(micros / 1000).toFixed(0)} ms`;
  console.log(`\nprofiled CPU time: ${ms(total)}`);
  printTable("self time", self, total, ms, top);
  printTable("inclusive time", inclusive, total, ms, top);
}

function reportHeap(head: HeapNode, top: number): void {
  const self = new Map<string, number>();
  let total = 0;
  // A built-in (Array.prototype.push, String.prototype.replace...) is charged with its caller's name next to it.
  const walk = (node: HeapNode, caller: string) => {
    const label = frameLabel(node.callFrame);
    const key = node.callFrame.url ? label : `${label} ← ${caller}`;
    self.set(key, (self.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child, label);
  };
  walk(head, "(root)");
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(`\nsampled allocations: ${mb(total)}`);
  printTable("allocated bytes (self)", self, total, mb, top);
}

/** A pass of html2wt over the corpus's HTML: full serialization, or selser of a one-text-node edit. */
async function html2wtPass(selser: boolean): Promise<() => Promise<void>> {
  const envFor = benchmarkEnvFactory();
  const items = await prepareHtml2WtItems(envFor);
  return async () => {
    for (const item of items) {
      const env = envFor(item.name);
      // Read the output as the benchmark does (a string built from pieces is flattened by its first reader).
      if (selser) usable(await html2wt(item.edited, env, { original: { wikitext: item.wikitext, html: item.html } }));
      else usable(await html2wt(item.html, env));
    }
  };
}

async function main(): Promise<void> {
  if (!corpusAvailable()) {
    console.log("profile: ../shared/fixtures/corpus is absent; nothing to profile");
    return;
  }
  await loadTokenizer();
  const envFor = benchmarkEnvFactory();
  const articles = loadCorpus();
  const linting = flag("lint");
  const passes = Number(option("passes") ?? 3);
  const top = Number(option("top") ?? 40);
  const pass = flag("html2wt") || flag("selser") ? await html2wtPass(flag("selser")) : async () => {
    for (const article of articles) {
      const env = envFor(article.name.replace(/_/g, " "));
      if (linting) await lint(article.text, env);
      else await wt2html(article.text, env);
    }
  };
  // Warm-up: JIT tiers and lazy initialisation settle before anything is measured.
  await pass();
  await pass();

  const session = new Session();
  session.connect();
  const save = option("save");
  if (flag("heap")) {
    await session.post("HeapProfiler.enable");
    await session.post("HeapProfiler.startSampling", { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    for (let i = 0; i < passes; i++) await pass();
    const { profile } = (await session.post("HeapProfiler.stopSampling")) as unknown as { profile: { head: HeapNode } };
    if (save) writeFileSync(save, JSON.stringify(profile));
    reportHeap(profile.head, top);
  } else {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 250 });
    await session.post("Profiler.start");
    for (let i = 0; i < passes; i++) await pass();
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: CpuProfile };
    if (save) writeFileSync(save, JSON.stringify(profile));
    reportCpu(profile, top);
  }
  session.disconnect();
}

await main();
