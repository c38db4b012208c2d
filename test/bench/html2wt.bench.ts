import { html2wt, htmlToDom } from "../../packages/wikitext/src/html2wt/index.js";
import { serializeChildren } from "../../packages/wikitext/src/output/serialize.js";
import { wt2html } from "../../packages/wikitext/src/wt2html.js";
import type { WElement, WText } from "../../packages/wikitext/src/dom/node.js";
import { benchmarkEnvFactory } from "./bench-env.js";
import { CORPUS_DIR, corpusAvailable, loadCorpus } from "./corpus.js";
import { formatMs, median, peakRssMb, percentile, usable } from "./stats.js";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

/**
 * `npm run bench:html2wt`: HTML → wikitext on the corpus. The HTML is our wt2html output for each
 * article (with inline parse data); throughput is MB/s of that HTML (median of the timed passes).
 *   html2wt          full serialization, no original
 *   selser, 1 edit   one text node changed, original wikitext + HTML supplied: diff, reuse of
 *                    unchanged source, the edited paragraph serialized anew
 *   wt2wt check      every article round-trips byte-identically through selser (original
 *                    regenerated from the wikitext, no shortcut)
 *   --passes N       timed passes (default 5: the median of more passes holds up better on a shared machine)
 * `npm run bench` runs the same measurements after wt2html (runHtml2WtBench).
 */
const GOAL_MB_PER_S = 20;

export interface Prepared {
  name: string;
  wikitext: string;
  html: string;
  edited: string;
  bytes: number;
}

function firstParagraphText(body: WElement): WText | null {
  for (const c of body.children) {
    if (c.kind !== "element" || c.name !== "p") continue;
    const text = c.children.find((t): t is WText => t.kind === "text" && /[A-Za-z]{4}/.test(t.value));
    if (text) return text;
  }
  return null;
}

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

export interface Html2WtBenchResult {
  html2wtMbPerS: number;
  selserMbPerS: number;
  identical: number;
  articles: number;
}

async function measure(label: string, items: readonly Prepared[], passes: number, run: (p: Prepared) => Promise<unknown>): Promise<number> {
  for (const item of items) await run(item);
  const passMs: number[] = [];
  // CPU time next to wall time: on a shared machine the wall time also counts other processes.
  const passCpuMs: number[] = [];
  const times: number[][] = items.map(() => []);
  for (let pass = 0; pass < passes; pass++) {
    const cpuBefore = process.cpuUsage();
    let total = 0;
    for (const [i, item] of items.entries()) {
      const started = performance.now();
      await run(item);
      const elapsed = performance.now() - started;
      total += elapsed;
      times[i]!.push(elapsed);
    }
    passMs.push(total);
    const cpu = process.cpuUsage(cpuBefore);
    passCpuMs.push((cpu.user + cpu.system) / 1000);
  }
  const bytes = items.reduce((sum, p) => sum + p.bytes, 0);
  const mbPerS = bytes / 1e6 / (median(passMs) / 1000);
  const cpuMbPerS = bytes / 1e6 / (median(passCpuMs) / 1000);
  const perArticle = times.map(median);
  console.log(
    `${label.padEnd(16)} ${mbPerS.toFixed(2).padStart(8)} MB/s (${cpuMbPerS.toFixed(2)} MB/s of CPU time)   p50 ${formatMs(percentile(perArticle, 50)).padStart(7)} ms   ` +
      `p95 ${formatMs(percentile(perArticle, 95)).padStart(7)} ms   passes ${passMs.map((ms) => (ms / 1000).toFixed(2)).join("/")} s` +
      `${mbPerS >= GOAL_MB_PER_S ? "" : `  (goal >= ${GOAL_MB_PER_S} MB/s)`}`,
  );
  return mbPerS;
}

/**
 * Each corpus article's wt2html output (body only, inline parse data) and a copy with the first
 * paragraph's text edited, for html2wt and selser measurements.
 */
export async function prepareHtml2WtItems(envFor: ReturnType<typeof benchmarkEnvFactory>): Promise<Prepared[]> {
  const encoder = new TextEncoder();
  const prepared: Prepared[] = [];
  for (const article of loadCorpus()) {
    const env = envFor(article.name.replace(/_/g, " "));
    const { html } = await wt2html(article.text, env, { bodyOnly: true });
    const body = htmlToDom(html);
    const text = firstParagraphText(body);
    if (text) text.value = `${text.value} (edited)`;
    const edited = serializeChildren(body, { inlineDataParser: true });
    prepared.push({ name: article.name, wikitext: article.text, html, edited, bytes: encoder.encode(html).length });
  }
  return prepared;
}

/** Runs the html2wt and selser measurements on the corpus and prints them; null without corpus. */
export async function runHtml2WtBench(passes: number): Promise<Html2WtBenchResult | null> {
  if (!corpusAvailable()) {
    console.log(`Corpus missing (${CORPUS_DIR}): skipping the benchmark.`);
    return null;
  }
  const envFor = benchmarkEnvFactory();
  const prepared = await prepareHtml2WtItems(envFor);
  const mb = prepared.reduce((sum, p) => sum + p.bytes, 0) / 1e6;
  console.log(`Corpus: ${prepared.length} articles, ${mb.toFixed(2)} MB of HTML (${CORPUS_DIR})\n`);

  const html2wtMbPerS = await measure("html2wt", prepared, passes, async (p) => usable(await html2wt(p.html, envFor(p.name))));
  const selserMbPerS = await measure("selser, 1 edit", prepared, passes, async (p) => usable(await html2wt(p.edited, envFor(p.name), { original: { wikitext: p.wikitext, html: p.html } })));

  let identical = 0;
  for (const p of prepared) {
    if ((await html2wt(p.html, envFor(p.name), { original: { wikitext: p.wikitext } })) === p.wikitext) identical++;
  }
  console.log(`\nwt2wt through selser: ${identical}/${prepared.length} articles byte-identical (${((100 * identical) / prepared.length).toFixed(1)}%)`);
  console.log(`peak RSS: ${peakRssMb().toFixed(0)} MB`);
  return { html2wtMbPerS, selserMbPerS, identical, articles: prepared.length };
}

// Run directly (npm run bench:html2wt) rather than imported by the wt2html benchmark.
const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  runHtml2WtBench(option("passes", 5)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
