/**
 * `npm run bench:load`: the started server under load on 127.0.0.1. Builds the web app when
 * stale, starts it on a fresh data directory, seeds it through the public APIs, then runs
 * autocannon against each route for a bounded time with a bounded number of connections:
 * conversion of corpus articles (v3 page html, transform wikitext→html), event listing, event
 * registration (register/cancel by distinct users), search queries. Prints throughput and
 * p50/p99 latency per route, answers that were not 2xx, and the server's RSS over the run.
 * Exits non-zero on any non-2xx answer or connection error.
 *
 * LOAD_SECONDS (default 10) and LOAD_CONNECTIONS (default 8) bound each route's run; LOAD_ROUNDS
 * (default 2) repeats the mix, so that memory after round 1 and at the end can be compared.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { corpusAvailable, loadCorpus, type Article } from "./corpus.js";
import { sampleRss, treeRssMb } from "./load-rss.js";
import { seedWorld, type SeededWorld } from "./load-seed.js";
import { startServer } from "../support/server.js";
import { ENGINE_V8_FLAGS } from "../../scripts/node-flags.mjs";

interface AutocannonRequest {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  /** Called when the request is (re)built; `context` lives for one pass over `requests`. */
  setupRequest?: (request: AutocannonRequest, context: any) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: any) => void;
}

interface AutocannonOptions extends AutocannonRequest {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  requests?: AutocannonRequest[];
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;

const require = createRequire(import.meta.url);
const autocannon = require("autocannon") as Autocannon;
const { buildWeb } = require("../../scripts/web-build.mjs") as { buildWeb: () => void };

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 8);
/** The whole route mix runs this many times; memory is compared between the rounds. */
const ROUNDS = Math.max(1, Number(process.env.LOAD_ROUNDS ?? 2));
const ADMIN_PASSWORD = "load-bench-admin-password";

interface LoadRoute {
  name: string;
  /** Conversion is CPU-bound on 2 cores: fewer connections keep latencies meaningful. */
  connections: number;
  options(world: SeededWorld): Omit<AutocannonOptions, "url" | "connections" | "duration">;
}

const json = { "content-type": "application/json" };

const ROUTES: LoadRoute[] = [
  {
    name: "GET v3 page/html (corpus)",
    connections: Math.max(1, Math.floor(CONNECTIONS / 2)),
    options: (w) => ({ requests: w.articles.map((a) => ({ method: "GET", path: `/w/rest.php/localhost/v3/page/html/${encodeURIComponent(a.title.replace(/ /g, "_"))}/${a.revid}` })) }),
  },
  {
    name: "POST v3 transform wikitext→html (corpus)",
    connections: Math.max(1, Math.floor(CONNECTIONS / 2)),
    options: (w) => ({
      requests: w.articles.map((a) => ({ method: "POST", path: "/w/rest.php/localhost/v3/transform/wikitext/to/html", headers: json, body: JSON.stringify({ wikitext: a.text }) })),
    }),
  },
  {
    name: "GET event participants",
    connections: CONNECTIONS,
    options: (w) => ({ method: "GET", path: `/w/rest.php/campaignevents/v0/event_registration/${w.eventId}/participants?include_private=false` }),
  },
  {
    name: "GET event registration",
    connections: CONNECTIONS,
    options: (w) => ({ method: "GET", path: `/w/rest.php/campaignevents/v0/event_registration/${w.eventId}` }),
  },
  {
    name: "PUT+DELETE participants/self",
    connections: CONNECTIONS,
    options: (w) => {
      // Distinct users: a PUT takes a user's token from the pool, the DELETE after it (same
      // pass, same context) cancels as that user and gives the token back. With at least as
      // many tokens as connections, no two connections ever act as the same user at once.
      const pool = [...w.registrantTokens];
      const path = `/w/rest.php/campaignevents/v0/event_registration/${w.eventId}/participants/self`;
      type Context = { token?: string };
      return {
        requests: [
          {
            method: "PUT",
            path,
            setupRequest: (request, context: Context) => {
              context.token = pool.pop();
              if (!context.token) throw new Error("registrant pool exhausted");
              return { ...request, headers: { ...json, authorization: `Bearer ${context.token}` }, body: JSON.stringify({ is_private: false }) };
            },
          },
          {
            method: "DELETE",
            path,
            setupRequest: (request, context: Context) => ({ ...request, headers: { ...json, authorization: `Bearer ${context.token}` }, body: "{}" }),
            onResponse: (_status, _body, context: Context) => {
              if (context.token) pool.push(context.token);
            },
          },
        ],
      };
    },
  },
  {
    name: "GET meta=WikiSearch",
    connections: CONNECTIONS,
    options: (w) => ({
      requests: w.searchTerms.map((term) => ({
        method: "GET",
        path: `/w/api.php?${new URLSearchParams({ action: "query", meta: "WikiSearch", format: "json", pageid: String(w.searchPageId), term, limit: "10", aggregations: JSON.stringify([{ type: "property", property: "Tag" }]) })}`,
      })),
    }),
  },
];

/** Corpus articles of middling size: real pages, without letting one huge article dominate. */
function pickArticles(all: Article[], count: number): Article[] {
  const bySize = [...all].sort((a, b) => a.bytes - b.bytes);
  const middle = Math.floor(bySize.length / 2);
  return bySize.slice(Math.max(0, middle - Math.floor(count / 2)), middle + Math.ceil(count / 2));
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function main(): Promise<number> {
  if (!corpusAvailable()) throw new Error("the corpus (../shared/fixtures/corpus) is missing");
  buildWeb();
  // The server runs with the same young-generation size `npm start` gives it.
  const server = await startServer({ ADMIN_PASSWORD }, { nodeArgs: ENGINE_V8_FLAGS });
  let failures = 0;
  try {
    const articles = pickArticles(loadCorpus(), 6);
    console.log(`seeding: ${articles.length} corpus articles (${articles.map((a) => `${(a.bytes / 1024).toFixed(0)} KiB`).join(", ")}), an event with 40 participants, ${Math.max(16, 2 * CONNECTIONS)} registrants, 40 search pages…`);
    const world = await seedWorld(server.url, ADMIN_PASSWORD, articles, { participants: 40, registrants: Math.max(16, 2 * CONNECTIONS), searchPages: 40 });
    const rssStart = treeRssMb(server.pid);
    const rss = sampleRss(server.pid);
    const rssAfterRound: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const rows: string[][] = [];
      for (const route of ROUTES) {
        // A short warm-up (JIT, caches), not measured; each run gets fresh options (token pools).
        await autocannon({ url: server.url, connections: route.connections, duration: 2, timeout: 30, ...route.options(world) });
        const result = await autocannon({ url: server.url, connections: route.connections, duration: SECONDS, timeout: 30, ...route.options(world) });
        const unexpected = result.non2xx + result.errors + result.timeouts;
        failures += unexpected;
        const statuses = Object.entries(result.statusCodeStats).map(([code, st]) => `${code}×${st.count}`).join(" ");
        rows.push([route.name, String(route.connections), fmt(result.requests.average), fmt(result.latency.p50), fmt(result.latency.p99), String(result.requests.total), String(unexpected), statuses, fmt(treeRssMb(server.pid))]);
      }
      rssAfterRound.push(treeRssMb(server.pid));
      const header = ["route", "conns", "req/s", "p50 ms", "p99 ms", "requests", "unexpected", "statuses", "RSS MiB"];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
      console.log(`\nround ${round}/${ROUNDS}: ${SECONDS} s per route on ${server.url} (2 s warm-up each)\n`);
      console.log(line(header));
      for (const row of rows) console.log(line(row));
    }
    rss.stop();
    const rssEnd = treeRssMb(server.pid);
    const peak = Math.max(...rss.samples, rssEnd);
    console.log(`\nserver RSS (MiB): start ${fmt(rssStart)} (after seeding), peak ${fmt(peak)}, end ${fmt(rssEnd)}; after each round: ${rssAfterRound.map((r) => fmt(r)).join(", ")}`);
    if (rssAfterRound.length > 1) {
      // Flat: once the first round has warmed everything up, repeating the same load adds little.
      const growth = rssAfterRound[rssAfterRound.length - 1]! - rssAfterRound[0]!;
      console.log(`memory from the end of round 1 to the end: ${growth >= 0 ? "+" : ""}${fmt(growth)} MiB (${fmt((growth / rssAfterRound[0]!) * 100)} %)`);
    }
    console.log(failures === 0 ? "no unexpected answers" : `${failures} unexpected answers (non-2xx, errors or timeouts)`);
  } finally {
    await server.stop();
  }
  return failures === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? "")).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
