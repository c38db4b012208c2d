/**
 * Event registration benchmark: seeds one event with 10 000 participants, then reports p50/p99
 * latencies over HTTP on loopback for listing pages (public, with private participants, filtered
 * by name, organizers) and for registering and cancelling. Goal: p50 ≤ 5 ms per listing page.
 *
 *   npm run bench:events [-- --participants 10000 --json]
 */
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHandler, registerEventRoutes } from "@wikiloom/http";
import { openStore } from "@wikiloom/wiki";
import { EventsTestClient } from "../../packages/http/test/events/support/rest-client.js";
import { serveOnLoopback } from "./events-http-server.js";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PARTICIPANTS = option("participants", 10_000);
const REGISTER_ROUNDS = option("rounds", 200);
const BASE = "/campaignevents/v0";

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** cpuMs: CPU time of this process (server and client together) per request: what contention on a shared machine does not inflate. */
interface Row { name: string; count: number; p50: number; p99: number; mean: number; cpuMs?: number }
const rows: Row[] = [];

async function measure(name: string, count: number, run: (i: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < Math.min(20, count); i++) await run(i); // warm-up
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  rows.push({
    name, count, p50: percentile(times, 50), p99: percentile(times, 99), mean: times.reduce((a, b) => a + b, 0) / times.length,
    cpuMs: (cpu.user + cpu.system) / 1000 / count,
  });
}

const stamp = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, "").slice(0, 14);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-bench-events-"));
  process.env.ADMIN_PASSWORD = "bench-admin-password";
  const store = await openStore({ dataDir });
  const handler = createHandler({ store, secret: "bench" }, [registerEventRoutes]);
  const server = await serveOnLoopback(handler);
  try {
    const admin = new EventsTestClient(fetch, server.url);
    await admin.login("Admin", "bench-admin-password");
    const token = await admin.token();
    await admin.action({ action: "edit", title: "Event:Benchmark", text: "Benchmark event.", token }, "POST");
    const created = await admin.rest("POST", `${BASE}/event_registration`, {
      body: { event_page: "Event:Benchmark", timezone: "UTC", start_time: stamp(1), end_time: stamp(30), online_meeting: true, token },
    });
    if (created.status !== 201) throw new Error(`enable failed: ${JSON.stringify(created.body)}`);
    const eventId = created.body.id as number;

    // Seeding: the accounts and registrations are written straight into the database in one
    // transaction (10 000 password hashes would take minutes and measure nothing of interest).
    const seedStart = performance.now();
    const db = new Database(store.databaseFile, { timeout: 30_000 });
    // Dates as Prisma writes them to SQLite (ISO 8601 text).
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    db.transaction(() => {
      const addUser = db.prepare(`INSERT INTO "User" ("name", "passwordHash", "registration") VALUES (?, '!', ?)`);
      const addParticipant = db.prepare(`INSERT INTO "EventParticipant" ("eventId", "userId", "private", "registeredAt") VALUES (?, ?, ?, ?)`);
      for (let i = 0; i < PARTICIPANTS; i++) {
        const userId = Number(addUser.run(`Bench participant ${String(i).padStart(5, "0")}`, iso(now)).lastInsertRowid);
        addParticipant.run(eventId, userId, i % 10 === 0 ? 1 : 0, iso(now + i));
      }
    })();
    db.close();
    const seedMs = performance.now() - seedStart;

    const anonymous = new EventsTestClient(fetch, server.url);
    let cursor: number | null = null;
    let pages = 0;
    await measure("GET participants (public), walking every page", Math.ceil((PARTICIPANTS * 0.9) / 20), async () => {
      const answer = await anonymous.rest("GET", `${BASE}/event_registration/${eventId}/participants`, {
        query: { include_private: "false", ...(cursor !== null ? { last_participant_id: String(cursor) } : {}) },
      });
      if (answer.status !== 200) throw new Error(`listing failed: ${answer.status}`);
      const page = answer.body as { participant_id: number }[];
      cursor = page.length === 20 ? page[19]!.participant_id : null;
      pages++;
    });
    let privateCursor: number | null = null;
    await measure("GET participants (include_private, organizer)", 300, async () => {
      const answer = await admin.rest("GET", `${BASE}/event_registration/${eventId}/participants`, {
        query: { include_private: "true", ...(privateCursor !== null ? { last_participant_id: String(privateCursor) } : {}) },
      });
      if (answer.status !== 200) throw new Error(`listing failed: ${answer.status}`);
      const page = answer.body as { participant_id: number }[];
      privateCursor = page.length === 20 ? page[19]!.participant_id : null;
    });
    await measure("GET participants (username_filter, ~10 matches)", 200, async (i) => {
      const answer = await anonymous.rest("GET", `${BASE}/event_registration/${eventId}/participants`, {
        query: { include_private: "false", username_filter: `PARTICIPANT ${String((i * 37) % 1000).padStart(4, "0")}` },
      });
      if (answer.status !== 200) throw new Error(`filter failed: ${answer.status}`);
    });
    await measure("GET participants (username_filter, every name matches)", 50, async () => {
      const answer = await anonymous.rest("GET", `${BASE}/event_registration/${eventId}/participants`, {
        query: { include_private: "false", username_filter: "bench" },
      });
      if (answer.status !== 200 || answer.body.length !== 20) throw new Error(`filter failed: ${answer.status}`);
    });
    await measure("GET organizers", 300, async () => {
      const answer = await anonymous.rest("GET", `${BASE}/event_registration/${eventId}/organizers`);
      if (answer.status !== 200) throw new Error(`organizers failed: ${answer.status}`);
    });
    await measure("GET event_registration/{id}", 300, async () => {
      const answer = await anonymous.rest("GET", `${BASE}/event_registration/${eventId}`);
      if (answer.status !== 200) throw new Error(`details failed: ${answer.status}`);
    });

    // Register and cancel: real accounts with cookie sessions and CSRF tokens.
    const joiners: { client: EventsTestClient; token: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const name = `Bench joiner ${i}`;
      const password = `bench-joiner-password-${i}`;
      await admin.action({ action: "createaccount", username: name, password, retype: password, createtoken: await admin.token("createaccount"), createreturnurl: server.url }, "POST");
      const client = new EventsTestClient(fetch, server.url);
      await client.login(name, password);
      joiners.push({ client, token: await client.token() });
    }
    const registerTimes: number[] = [];
    const cancelTimes: number[] = [];
    const writeCpu = process.cpuUsage();
    for (let round = 0; round < REGISTER_ROUNDS + 10; round++) {
      const who = joiners[round % joiners.length]!;
      let start = performance.now();
      const reg = await who.client.rest("PUT", `${BASE}/event_registration/${eventId}/participants/self`, { body: { is_private: round % 2 === 0, token: who.token } });
      if (round >= 10) registerTimes.push(performance.now() - start);
      start = performance.now();
      const can = await who.client.rest("DELETE", `${BASE}/event_registration/${eventId}/participants/self`, { body: { token: who.token } });
      if (round >= 10) cancelTimes.push(performance.now() - start);
      if (reg.status !== 200 || can.status !== 200) throw new Error(`register/cancel failed: ${reg.status}/${can.status}`);
    }
    const writeCpuUsed = process.cpuUsage(writeCpu);
    const cpuPerWrite = (writeCpuUsed.user + writeCpuUsed.system) / 1000 / ((REGISTER_ROUNDS + 10) * 2);
    for (const [name, times] of [["PUT participants/self (register)", registerTimes], ["DELETE participants/self (cancel)", cancelTimes]] as const) {
      const sorted = [...times].sort((a, b) => a - b);
      rows.push({ name, count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length, cpuMs: cpuPerWrite });
    }

    if (args.includes("--json")) {
      console.log(JSON.stringify({ participants: PARTICIPANTS, seedMs, pagesWalked: pages, rows }, null, 2));
      return;
    }
    console.log(`Event with ${PARTICIPANTS} participants (seeded in ${(seedMs / 1000).toFixed(1)} s); HTTP on loopback (node:http + platform handler)`);
    console.log(`load average at the end: ${(await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ")} (${(await import("node:os")).cpus().length} cores)`);
    console.log(`${"operation".padEnd(56)} ${"n".padStart(5)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"mean ms".padStart(8)} ${"cpu ms".padStart(8)}`);
    for (const row of rows) {
      const cells = [row.p50, row.p99, row.mean, row.cpuMs ?? Number.NaN].map((v) => v.toFixed(2).padStart(8)).join(" ");
      console.log(`${row.name.padEnd(56)} ${String(row.count).padStart(5)} ${cells}`);
    }
    const listing = rows.find((r) => r.name.startsWith("GET participants (public)"))!;
    console.log(`goal p50 ≤ 5 ms per listing page: ${listing.p50 <= 5 ? "met" : "NOT met"} (${listing.p50.toFixed(2)} ms)`);
  } finally {
    await server.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
