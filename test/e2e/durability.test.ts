// Durability: a client streams writes (page edits and event registrations) at the started server,
// the server is SIGKILLed in the middle of the stream, and after a restart on the same data
// directory every write that was answered as successful is there and the database passes
// SQLite's integrity check. Writes cut off by the kill (no answer) may or may not have landed.
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bearerClient, createAccount, createEvent, createOAuthToken, EVENTS_BASE, EventsTestClient, type Transport } from "../robustness/support/world.js";
import { startServer, type RunningServer } from "../support/server.js";

const ADMIN_PASSWORD = "e2e-durability-admin-password";
const PARTICIPANTS = 16;
const EDITS = 400;
const WRITERS = 4;
const transport: Transport = (request) => fetch(request, { redirect: "manual" });
const dataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-durability-"));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Write = { kind: "edit"; title: string; text: string } | { kind: "register"; userId: number; client: EventsTestClient };

interface Acknowledged {
  edits: { title: string; text: string; revid: number }[];
  registrations: number[];
}

/** Runs `writes` with a few concurrent writers; calls `onProgress` after each acknowledged write. */
async function streamWrites(writes: Write[], eventId: number, editor: EventsTestClient, csrf: string, onProgress: (ack: Acknowledged) => void): Promise<{ ack: Acknowledged; unanswered: number }> {
  const ack: Acknowledged = { edits: [], registrations: [] };
  let unanswered = 0;
  let next = 0;
  const writer = async () => {
    while (next < writes.length) {
      const write = writes[next++]!;
      try {
        if (write.kind === "edit") {
          const answer = await editor.action({ action: "edit", title: write.title, text: write.text, token: csrf }, "POST");
          if (answer.edit?.result === "Success") ack.edits.push({ title: write.title, text: write.text, revid: answer.edit.newrevid });
        } else {
          const answer = await write.client.rest("PUT", `${EVENTS_BASE}/event_registration/${eventId}/participants/self`, { body: { is_private: write.userId % 2 === 0 } });
          if (answer.status === 200) ack.registrations.push(write.userId);
        }
        onProgress(ack);
      } catch {
        // The connection died with the server: this write has no answer, so no promise was made.
        // The writer stops there, as a client would once its server is gone.
        unanswered++;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return { ack, unanswered };
}

async function participantIds(organizer: EventsTestClient, eventId: number): Promise<Set<number>> {
  const ids = new Set<number>();
  let last: number | undefined;
  for (;;) {
    const page = await organizer.rest("GET", `${EVENTS_BASE}/event_registration/${eventId}/participants`, {
      query: { include_private: "true", ...(last ? { last_participant_id: String(last) } : {}) },
    });
    expect(page.status).toBe(200);
    if (page.body.length === 0) return ids;
    for (const item of page.body) ids.add(item.user_id);
    last = page.body[page.body.length - 1].participant_id;
  }
}

describe("durability under SIGKILL", () => {
  it("keeps every acknowledged edit and registration, and the database stays intact", async () => {
    server = await startServer({ ADMIN_PASSWORD }, { dataDir });
    const admin = new EventsTestClient(transport, server.url);
    await admin.login("Admin", ADMIN_PASSWORD);
    const eventId = await createEvent(admin, "Event:Durability");
    const participants: Write[] = [];
    for (let i = 0; i < PARTICIPANTS; i++) {
      const account = await createAccount(admin, transport, `Durable ${i}`, `durable-password-${i}-xyz`);
      const { token } = await createOAuthToken(account.client);
      participants.push({ kind: "register", userId: account.id, client: bearerClient(transport, server.url, token) });
    }
    // Edits and registrations interleaved, so the kill lands in the middle of both kinds.
    const writes: Write[] = [];
    for (let i = 0; i < EDITS; i++) {
      writes.push({ kind: "edit", title: `Durable page ${i % 50}`, text: `durable write ${i}` });
      if (i % 20 === 10 && participants.length > 0) writes.push(participants.shift()!);
    }
    writes.push(...participants);

    const running = server;
    let killed: Promise<void> | undefined;
    const { ack, unanswered } = await streamWrites(writes, eventId, admin, await admin.token(), (sofar) => {
      // Kill once a good part of the stream is acknowledged, with writes still in flight.
      if (!killed && sofar.edits.length >= 60 && sofar.registrations.length >= 2) killed = running.kill();
    });
    await killed;
    expect(killed, "the server was killed during the stream").toBeDefined();
    expect(ack.edits.length).toBeLessThan(EDITS);
    expect(unanswered).toBeGreaterThan(0);

    // The integrity check runs on the files exactly as the kill left them (opening replays the WAL).
    const db = new Database(path.join(dataDir, "wikiloom.db"));
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      db.close();
    }

    server = await startServer({ ADMIN_PASSWORD }, { dataDir });
    const reader = new EventsTestClient(transport, server.url);
    await reader.login("Admin", ADMIN_PASSWORD);
    // Every acknowledged revision exists with the text it was saved with.
    const revids = ack.edits.map((e) => e.revid);
    for (let i = 0; i < revids.length; i += 50) {
      const batch = ack.edits.slice(i, i + 50);
      const answer = await reader.action({ action: "query", prop: "revisions", revids: batch.map((e) => e.revid).join("|"), rvprop: "ids|content", rvslots: "main" });
      const found = new Map<number, string>();
      for (const page of answer.query.pages) for (const rev of page.revisions ?? []) found.set(rev.revid, rev.slots.main.content);
      for (const edit of batch) expect(found.get(edit.revid), `revision ${edit.revid} of ${edit.title}`).toBe(edit.text);
    }
    const registered = await participantIds(reader, eventId);
    for (const userId of ack.registrations) expect(registered.has(userId), `registration of user ${userId}`).toBe(true);
    console.log(`durability: ${ack.edits.length} edits and ${ack.registrations.length} registrations acknowledged before SIGKILL, ${unanswered} cut off; all present after restart, integrity ok`);
  }, 240_000);
});
