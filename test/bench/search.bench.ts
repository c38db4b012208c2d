/**
 * Search benchmark: indexes generated pages with semantic properties into the embedded engine
 * (SQLite file in WAL mode, as the server uses), then runs free-text queries with two filters
 * and two aggregations through the whole service (query builder + executor).
 *
 *   npm run bench:search [-- --pages 100000 --queries 300]
 *
 * Goals (issue 9): indexing ≥ 2,000 pages/s, query p50 ≤ 20 ms.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { WikiSearch, type WikiRef } from "@wikiloom/search";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i !== -1 ? Number(process.argv[i + 1]) : fallback;
}

const PAGES = arg("pages", 100_000);
const QUERIES = arg("queries", 300);
/** `--db <file>`: keep the index in that file and reuse it when it is already filled (query tuning). */
const DB_INDEX = process.argv.indexOf("--db");
const DB_FILE = DB_INDEX === -1 ? null : process.argv[DB_INDEX + 1]!;

/** Deterministic pseudo-random numbers, so runs are comparable. */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const random = rng(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "qua", "bri", "dor", "fen", "gal", "hul", "jor"];
const VOCABULARY = Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(""));
const KINDS = ["Tool", "Toy", "Book", "Game", "Device", "Plant", "Animal", "Place", "Person", "Event"];
const TAGS = Array.from({ length: 50 }, (_, i) => `Tag ${i}`);

const wiki: WikiRef = {
  id: 1,
  prefix: "benchwiki",
  normalizeTitle: (text) => {
    const t = text.replace(/_/g, " ").trim();
    return t === "" ? null : t.charAt(0).toUpperCase() + t.slice(1);
  },
  namespaceName: (ns) => (ns === 102 ? "Property" : ""),
};

function pageText(i: number): string {
  const words = Array.from({ length: 60 + Math.floor(random() * 120) }, () => pick(VOCABULARY)).join(" ");
  const year = 1990 + Math.floor(random() * 35);
  const month = 1 + Math.floor(random() * 12);
  return `${words}
[[Kind::${pick(KINDS)}]] [[Tag::${pick(TAGS)}]] [[Tag::${pick(TAGS)}]]
{{#set:Rating=${(random() * 100).toFixed(1)}|Released=${year}-${String(month).padStart(2, "0")}-15|Title=Item ${i} ${pick(VOCABULARY)}}}`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "wikiloom-search-bench-"));
  const search = new WikiSearch({ databaseFile: DB_FILE ?? path.join(dir, "search.db") });
  const reuse = DB_FILE !== null && (search.db.prepare("SELECT count(*) AS n FROM search_doc").get() as { n: number }).n >= PAGES;
  try {
    const types: Record<string, string> = { Rating: "Number", Released: "Date", Title: "Text", Kind: "Page", Tag: "Page" };
    let id = 1;
    for (const [name, type] of Object.entries(types)) {
      await search.indexPage(wiki, { pageId: id++, ns: 102, title: name, prefixed: `Property:${name}`, text: `[[Has type::${type}]]`, modified: new Date() });
    }
    const configId = id++;
    await search.indexPage(wiki, { pageId: configId, ns: 0, title: "Search", prefixed: "Search", text: "{{#wikisearchconfig:Kind|Tag|?Title|?Rating}}", modified: new Date() });

    const texts = reuse ? [] : Array.from({ length: PAGES }, (_, i) => pageText(i));
    // Pages arrive in batches, as the rebuild command indexes them (one transaction per batch).
    const BATCH = 500;
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    for (let from = 0; from < (reuse ? 0 : PAGES); from += BATCH) {
      const batch = [];
      for (let i = from; i < Math.min(PAGES, from + BATCH); i++) {
        const title = `Page ${i}`;
        batch.push({ pageId: id++, ns: 0, title, prefixed: title, text: texts[i]!, modified: new Date(Date.UTC(2020, 0, 1) + i * 60_000) });
      }
      await search.indexPages(wiki, batch);
    }
    const indexSeconds = reuse ? NaN : (performance.now() - started) / 1000;
    // CPU time of this process: on a shared, loaded machine wall-clock rates understate the engine.
    const cpu = process.cpuUsage(cpuStarted);
    const indexCpuSeconds = (cpu.user + cpu.system) / 1e6;
    const pagesPerSecond = PAGES / indexSeconds;

    const times: number[] = [];
    const cpuTimes: number[] = [];
    let totalHits = 0;
    for (let q = 0; q < QUERIES + 20; q++) {
      const low = Math.floor(random() * 60);
      const params = {
        pageId: configId,
        term: pick(VOCABULARY),
        filter: JSON.stringify([{ key: "Kind", value: pick(KINDS) }, { key: "Rating", range: { gte: low, lte: low + 40 } }]),
        limit: 10,
      };
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const answer = await search.search(wiki, params);
      const elapsed = performance.now() - t0;
      const c1 = process.cpuUsage(c0);
      if (q >= 20) {
        // The first queries warm caches.
        times.push(elapsed);
        cpuTimes.push((c1.user + c1.system) / 1000);
      }
      totalHits += (answer.result.total as { value: number }).value;
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    const report = {
      pages: PAGES,
      indexSeconds: Number(indexSeconds.toFixed(2)),
      indexPagesPerSecond: Math.round(pagesPerSecond),
      indexPagesPerCpuSecond: reuse ? NaN : Math.round(PAGES / indexCpuSeconds),
      queries: QUERIES,
      queryShape: "term + 2 filters (page value, numeric range) + 2 facet aggregations, 10 hits with highlights",
      averageTotal: Math.round(totalHits / (QUERIES + 20)),
      p50ms: Number(percentile(times, 50).toFixed(2)),
      p99ms: Number(percentile(times, 99).toFixed(2)),
      cpuP50ms: Number(percentile(cpuTimes, 50).toFixed(2)),
      cpuP99ms: Number(percentile(cpuTimes, 99).toFixed(2)),
      loadAverage: loadavg().map((l) => Number(l.toFixed(1))),
      goals: { indexPagesPerSecond: 2000, p50ms: 20 },
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    search.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
