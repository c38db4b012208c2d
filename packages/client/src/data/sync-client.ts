/**
 * The sync client: pulls changes into the Dexie database with per-collection cursors, queues
 * writes made offline, pushes them when back online and keeps every answer. Conflicts stay in
 * the queue (status `conflicted`, with the server's version) until the user resolves them;
 * rejected writes stay too, with the server's reason. Nothing is dropped silently.
 */
import type { CollectionAnswer, PullAnswer } from "@wikiloom/http/sync";
import { readMeta, writeMeta, type ClientDb } from "./db.js";
import type { EventRow, PageRow, QueueRow, QueuedWrite, RegistrationRow } from "./records.js";
import { createSyncApi } from "./trpc.js";

export interface SyncClientOptions {
  db: ClientDb;
  /** Origin of the platform, e.g. "http://127.0.0.1:3000". */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Domain of the wiki to sync (default: the one the server serves at baseUrl). */
  wiki?: string;
  /** Items per collection per round trip. */
  limit?: number;
}

export interface PullReport {
  /** Items written per collection. */
  received: Record<string, number>;
  /** Items removed per collection. */
  removed: Record<string, number>;
  user: { id: number; name: string } | null;
}

export interface PushReport {
  applied: number;
  conflicted: number;
  rejected: number;
}

/** How the user settles a conflicted write. */
export type ConflictChoice =
  /** Keep the server's version: the queued write is discarded, the local copy takes the server's. */
  | "server"
  /** Same as "server". */
  | "theirs"
  /** Keep mine: the write is queued again on top of the server's revision (it overwrites it). */
  | "mine"
  /** A merged text: queued on top of the server's revision. */
  | { text: string };

const CURSORS = "cursors";
const USER = "user";
const FOLLOWED_CONFIGS = "searchConfigTitles";
/** Bumped whenever search documents change, so offline search rebuilds its in-memory index. */
export const SEARCH_DOCS_VERSION = "searchDocsVersion";
const MAX_ROUNDS = 50;
/** The router's limits on one pull's titles. */
const MAX_PAGES = 500;
const MAX_CONFIGS = 50;

/** One write's answer as it arrives over the wire. */
interface WriteAnswer {
  id: string;
  status: "applied" | "conflicted" | "rejected";
  result?: unknown;
  server?: unknown;
  error?: { code: string; info: string };
}

type Cursors = Partial<Record<"pages" | "templates" | "events" | "registrations" | "searchDocs", string>>;

function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `w-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function createSyncClient(options: SyncClientOptions) {
  const { db } = options;
  const api = createSyncApi(options.baseUrl, options.fetch);
  const limit = options.limit ?? 200;

  /** Titles with a write still waiting (queued or conflicted): pulls must not overwrite their local text. */
  async function pendingTitles(): Promise<Set<string>> {
    const rows = await db.queue.where("status").anyOf("queued", "conflicted").toArray();
    return new Set(rows.flatMap((row) => (row.kind === "edit" ? [row.title] : [])));
  }

  async function applyCollection<T, K extends string | number>(
    answer: CollectionAnswer<T, K> | undefined,
    apply: (answer: CollectionAnswer<T, K>) => Promise<void>,
    report: PullReport,
    name: string,
  ): Promise<boolean> {
    if (!answer) return false;
    await apply(answer);
    report.received[name] = (report.received[name] ?? 0) + answer.items.length;
    report.removed[name] = (report.removed[name] ?? 0) + answer.deleted.length;
    return answer.more;
  }

  async function applyPull(answer: PullAnswer, report: PullReport, firstRound: boolean): Promise<{ cursors: Cursors; more: boolean }> {
    const cursors: Cursors = {};
    let more = false;
    const pending = await pendingTitles();
    await db.transaction("rw", [db.pages, db.templates, db.existence, db.events, db.registrations, db.searchDocs, db.searchConfigs, db.meta, db.queue], async () => {
      more = (await applyCollection(answer.pages, async (pages) => {
        for (const item of pages.items) {
          if (pending.has(item.title)) continue;
          const old = await db.pages.get(item.title);
          await db.pages.put({ title: item.title, revid: item.revid, wikitext: item.wikitext, timestamp: item.timestamp, openedAt: old?.openedAt ?? 0 });
          await db.existence.put({ title: item.title, exists: true, redirect: false, checkedAt: Date.now() });
          // The pages it links to: red links render right offline.
          const now = Date.now();
          await db.existence.bulkPut(Object.entries(item.links ?? {}).map(([title, exists]) => ({ title, exists, redirect: false, checkedAt: now })));
        }
        for (const title of pages.deleted) {
          if (pending.has(title)) continue;
          await db.pages.delete(title);
          await db.existence.put({ title, exists: false, redirect: false, checkedAt: Date.now() });
        }
        cursors.pages = pages.cursor;
      }, report, "pages")) || more;

      more = (await applyCollection(answer.templates, async (templates) => {
        for (const { title, revid, wikitext, timestamp } of templates.items) {
          await db.templates.put({ title, revid, wikitext, timestamp });
          await db.existence.put({ title, exists: true, redirect: false, checkedAt: Date.now() });
        }
        for (const title of templates.deleted) {
          await db.templates.delete(title);
          await db.existence.put({ title, exists: false, redirect: false, checkedAt: Date.now() });
        }
        cursors.templates = templates.cursor;
      }, report, "templates")) || more;

      more = (await applyCollection(answer.events, async (events) => {
        // A restarted collection is sent whole: what it does not list is gone.
        if (events.reset && firstRound) await db.events.clear();
        await db.events.bulkPut(events.items as EventRow[]);
        await db.events.bulkDelete(events.deleted);
        cursors.events = events.cursor;
      }, report, "events")) || more;

      more = (await applyCollection(answer.registrations, async (registrations) => {
        if (registrations.reset && firstRound) await db.registrations.clear();
        await db.registrations.bulkPut(registrations.items);
        await db.registrations.bulkDelete(registrations.deleted);
        // Writes the server has not seen yet keep their local effect over the server's copy.
        for (const row of await db.queue.where("status").equals("queued").sortBy("seq")) {
          if (row.kind === "register") {
            const current = await db.registrations.get(row.eventId);
            await db.registrations.put({ eventId: row.eventId, private: row.private, registeredAt: current?.registeredAt ?? new Date(row.createdAt).toISOString(), answers: current?.answers });
          } else if (row.kind === "cancel") await db.registrations.delete(row.eventId);
        }
        cursors.registrations = registrations.cursor;
      }, report, "registrations")) || more;

      if (answer.searchDocs) {
        const docs = answer.searchDocs;
        await db.searchConfigs.bulkPut(docs.configs.map((c) => ({ ...c, config: { ...c.config, parameters: [...c.config.parameters] } })));
        await db.searchConfigs.bulkDelete(docs.missingConfigs);
        more = (await applyCollection(docs, async () => {
          if (docs.reset && firstRound) await db.searchDocs.clear();
          await db.searchDocs.bulkPut(docs.items);
          await db.searchDocs.bulkDelete(docs.deleted);
          if (docs.cursor) cursors.searchDocs = docs.cursor;
        }, report, "searchDocs")) || more;
        if (docs.items.length > 0 || docs.deleted.length > 0 || docs.reset) {
          await writeMeta(db, SEARCH_DOCS_VERSION, ((await readMeta<number>(db, SEARCH_DOCS_VERSION)) ?? 0) + 1);
        }
      }
      const previous = (await readMeta<Cursors>(db, CURSORS)) ?? {};
      await writeMeta(db, CURSORS, { ...previous, ...cursors });
      await writeMeta(db, USER, answer.user);
    });
    return { cursors, more };
  }

  /** Pulls every collection until nothing more waits. Throws when the server cannot be reached. */
  async function pull(): Promise<PullReport> {
    const report: PullReport = { received: {}, removed: {}, user: null };
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const cursors = (await readMeta<Cursors>(db, CURSORS)) ?? {};
      // Templates are followed through the pages that use them; pages by title, the most
      // recently opened first (the router takes at most MAX_PAGES titles).
      const [pages, configTitles] = await Promise.all([
        db.pages.orderBy("openedAt").reverse().limit(MAX_PAGES).primaryKeys(),
        readMeta<string[]>(db, FOLLOWED_CONFIGS),
      ]);
      const answer = await api.sync.pull.query({
        wiki: options.wiki,
        cursors,
        pages: pages as string[],
        searchConfigs: [...new Set([...(configTitles ?? []), ...((await db.searchConfigs.toCollection().primaryKeys()) as string[])])].slice(0, MAX_CONFIGS),
        limit,
      });
      report.user = answer.user;
      const { more } = await applyPull(answer, report, round === 0);
      if (!more) break;
    }
    return report;
  }

  async function enqueue(write: QueuedWrite, extra: Partial<QueueRow> = {}): Promise<QueueRow> {
    const row = { ...write, ...extra, id: newId(), status: "queued", createdAt: Date.now() } as QueueRow;
    await db.queue.add(row);
    return row;
  }

  /** Local effect of a write that the server has not seen yet, so offline views show it. */
  async function queueEdit(edit: { title: string; baseRevid: number; text: string; summary?: string }): Promise<QueueRow> {
    return db.transaction("rw", [db.queue, db.pages], async () => {
      const page = await db.pages.get(edit.title);
      await db.pages.put({
        title: edit.title, revid: page?.revid ?? edit.baseRevid, wikitext: edit.text, timestamp: page?.timestamp ?? new Date().toISOString(),
        openedAt: page?.openedAt || Date.now(),
      });
      return enqueue({ kind: "edit", ...edit }, { previous: page ?? null });
    });
  }

  async function queueRegistration(input: { eventId: number; private: boolean; answers?: Record<string, unknown> }): Promise<QueueRow> {
    return db.transaction("rw", [db.queue, db.registrations], async () => {
      const previous = (await db.registrations.get(input.eventId)) ?? null;
      await db.registrations.put({ eventId: input.eventId, private: input.private, registeredAt: previous?.registeredAt ?? new Date().toISOString(), answers: previous?.answers });
      return enqueue({ kind: "register", ...input }, { previous });
    });
  }

  async function queueCancel(input: { eventId: number }): Promise<QueueRow> {
    return db.transaction("rw", [db.queue, db.registrations], async () => {
      const previous = (await db.registrations.get(input.eventId)) ?? null;
      await db.registrations.delete(input.eventId);
      return enqueue({ kind: "cancel", eventId: input.eventId }, { previous });
    });
  }

  /** Records one answer: the local copies follow what the server now holds. */
  async function record(row: QueueRow, answer: WriteAnswer): Promise<void> {
    await db.transaction("rw", [db.queue, db.pages, db.registrations], async () => {
      const previous = row.previous as PageRow | RegistrationRow | null | undefined;
      if (answer.status === "applied") {
        await db.queue.update(row.seq!, { status: "applied", result: answer.result });
        const result = answer.result as Record<string, unknown>;
        if (row.kind === "edit") {
          const page = await db.pages.get(row.title);
          await db.pages.put({
            title: row.title, revid: Number(result.revid), wikitext: String(result.wikitext), timestamp: String(result.timestamp), openedAt: page?.openedAt ?? Date.now(),
          });
        } else if (row.kind === "register" && result.registration) {
          await db.registrations.put(result.registration as RegistrationRow);
        } else if (row.kind === "cancel") {
          await db.registrations.delete(row.eventId);
        }
      } else if (answer.status === "conflicted") {
        await db.queue.update(row.seq!, { status: "conflicted", server: answer.server });
      } else {
        await db.queue.update(row.seq!, { status: "rejected", error: answer.error ?? { code: "unknown", info: "The server refused the write." } });
        // The optimistic local effect is undone: the server did not take the write.
        if (row.kind === "edit") {
          if (previous) await db.pages.put(previous as PageRow);
        } else if (previous) await db.registrations.put(previous as RegistrationRow);
        else await db.registrations.delete(row.eventId);
      }
    });
  }

  /** Sends every queued write (oldest first) and records each answer. Throws when offline. */
  async function push(): Promise<PushReport> {
    const queued = await db.queue.where("status").equals("queued").sortBy("seq");
    const report: PushReport = { applied: 0, conflicted: 0, rejected: 0 };
    if (queued.length === 0) return report;
    const session = await api.sync.session.query();
    const writes = queued.map((row) => {
      if (row.kind === "edit") return { id: row.id, kind: "edit" as const, title: row.title, baseRevid: row.baseRevid, text: row.text, summary: row.summary };
      if (row.kind === "register") return { id: row.id, kind: "register" as const, eventId: row.eventId, private: row.private, answers: row.answers };
      return { id: row.id, kind: "cancel" as const, eventId: row.eventId };
    });
    const answers = await api.sync.push.mutate({ wiki: options.wiki, token: session.csrfToken ?? undefined, writes });
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    for (const row of queued) {
      const answer = byId.get(row.id);
      // The server answers every write; one missing answer leaves the write queued for the next push.
      if (!answer) continue;
      await record(row, answer);
      report[answer.status]++;
    }
    return report;
  }

  async function conflicts(): Promise<QueueRow[]> {
    return db.queue.where("status").equals("conflicted").sortBy("seq");
  }

  async function resolveConflict(id: string, choice: ConflictChoice): Promise<void> {
    await db.transaction("rw", [db.queue, db.pages], async () => {
      const row = await db.queue.where("id").equals(id).first();
      if (!row || row.status !== "conflicted") throw new Error(`No conflicted write ${id}.`);
      const server = (row.server ?? {}) as { revid?: number; wikitext?: string; timestamp?: string | null; exists?: boolean };
      if (choice === "server" || choice === "theirs") {
        await db.queue.delete(row.seq!);
        if (row.kind === "edit") {
          const page = await db.pages.get(row.title);
          if (server.exists === false) await db.pages.delete(row.title);
          else {
            await db.pages.put({
              title: row.title, revid: server.revid ?? 0, wikitext: server.wikitext ?? "", timestamp: server.timestamp ?? new Date().toISOString(), openedAt: page?.openedAt ?? Date.now(),
            });
          }
        }
        return;
      }
      if (row.kind !== "edit") {
        // Registrations are never conflicted; keeping "mine" just sends them again.
        await db.queue.update(row.seq!, { status: "queued", server: undefined });
        return;
      }
      const text = choice === "mine" ? row.text : choice.text;
      const requeued: QueueRow = { ...row, status: "queued", baseRevid: server.revid ?? 0, text, server: undefined };
      await db.queue.put(requeued);
      const page = await db.pages.get(row.title);
      await db.pages.put({ title: row.title, revid: server.revid ?? 0, wikitext: text, timestamp: server.timestamp ?? new Date().toISOString(), openedAt: page?.openedAt ?? Date.now() });
    });
  }

  /** Drops a write the user gave up on (a rejected one, typically). */
  async function discard(id: string): Promise<void> {
    await db.queue.where("id").equals(id).delete();
  }

  /** Follows a search configuration page: its documents come with every pull from now on. */
  async function followSearchConfig(title: string): Promise<void> {
    const titles = (await readMeta<string[]>(db, FOLLOWED_CONFIGS)) ?? [];
    if (!titles.includes(title)) await writeMeta(db, FOLLOWED_CONFIGS, [...titles, title]);
  }

  /** The signed-in user as the last pull reported them. */
  async function user(): Promise<{ id: number; name: string } | null> {
    return (await readMeta<{ id: number; name: string } | null>(db, USER)) ?? null;
  }

  /** Pushes what is queued, then pulls: the usual round when the app comes (back) online. */
  async function sync(): Promise<{ push: PushReport; pull: PullReport }> {
    const pushed = await push();
    return { push: pushed, pull: await pull() };
  }

  return { sync, pull, push, queueEdit, queueRegistration, queueCancel, conflicts, resolveConflict, discard, followSearchConfig, user, api };
}

export type SyncClient = ReturnType<typeof createSyncClient>;
