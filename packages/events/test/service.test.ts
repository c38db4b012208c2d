// The events domain over a real store and database file (no HTTP): answers, paging, privacy,
// hidden and deleted accounts, and the limits under concurrent writes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, rightsOf, type User, type Wiki, type WikiStore } from "@wikiloom/wiki";
import { Title } from "@wikiloom/wikitext";
import {
  createEventsService,
  EventsError,
  openEventsDatabase,
  storeUserDirectory,
  storeWikiScope,
  type Actor,
  type EventsService,
  type UserDirectory,
  type WikiScope,
} from "../src/index";
import { Prisma } from "../src/generated/prisma/client";

let dataDir: string;
let store: WikiStore;
let events: EventsService;
let wiki: Wiki;
let scope: WikiScope;
const hidden = new Set<number>();
let counter = 0;

const DAY = 86_400_000;
const tsMw = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().replace(/[-:T]/g, "").slice(0, 14);

async function account(groups: string[] = []): Promise<{ user: User; actor: Actor }> {
  const user = await store.users.create(`Svc User ${++counter}`, "service-test-password", { groups });
  return { user, actor: { id: user.id, name: user.name, rights: rightsOf(user, null), blocked: false } };
}

async function eventBy(owner: { user: User; actor: Actor }, overrides: Record<string, unknown> = {}): Promise<number> {
  const title = Title.parse(`Event:Service test ${++counter}`, scope.site);
  await store.pages.save({ wiki, title, text: "An event.", user: owner.user });
  return events.enable(scope, owner.actor, {
    page: title,
    timezone: "UTC",
    startTime: tsMw(DAY),
    endTime: tsMw(2 * DAY),
    onlineMeeting: true,
    ...overrides,
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EventsError) return `${error.status} ${error.key}`;
    throw error;
  }
  return "no error";
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "wikiloom-events-svc-"));
  process.env.ADMIN_PASSWORD = "admin-password-for-service-tests";
  store = await openStore({ dataDir });
  const database = await openEventsDatabase(store.database);
  const real = storeUserDirectory(store, database);
  // Account suppression is not in the store: the test marks accounts hidden in a directory wrapper.
  const directory: UserDirectory = {
    ...real,
    async visibility(ids) {
      const seen = await real.visibility(ids);
      for (const id of ids) if (hidden.has(id) && seen.has(id)) seen.set(id, { status: "hidden" });
      return seen;
    },
    async usersWithNameContaining(fragment, limit) {
      return (await real.usersWithNameContaining(fragment, limit))?.filter((id) => !hidden.has(id)) ?? null;
    },
    async namesContaining(ids, fragment) {
      const found = await real.namesContaining(ids, fragment);
      for (const id of hidden) found.delete(id);
      return found;
    },
  };
  events = createEventsService({ database, directory, scope: (w) => storeWikiScope(store, database, w) });
  wiki = (await store.wikis.list())[0]!;
  scope = await events.scope(wiki!);
});

afterAll(async () => {
  await events.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("events service", () => {
  it("creates an open registration with every question, the performer as creator", async () => {
    const owner = await account(["event-organizer"]);
    const id = await eventBy(owner, { timezone: "europe/rome", meetingUrl: " https://meet.example.org/x " });
    const details = await events.details(scope, id);
    expect(details).toMatchObject({ status: "open", timezone: "europe/rome", meeting_url: "https://meet.example.org/x", questions: [1, 2, 3, 4, 5] });
    expect(details.event_page).toMatch(/^Event:Service test \d+$/);
    const organizers = await events.listOrganizers(scope, id, null);
    expect(organizers).toEqual([expect.objectContaining({ user_id: owner.user.id, roles: ["creator"] })]);
  });

  it("stores answers by question id, replaces them, and reports whether anything changed", async () => {
    const owner = await account(["event-organizer"]);
    const id = await eventBy(owner);
    const who = await account();
    expect(await events.register(who.actor, id, false, { gender: { value: 2 }, affiliate: { value: 1, other: "Group" }, nope: { value: 1 } })).toBe(true);
    expect(await events.ownRegistration(who.actor, id)).toEqual({ private: false, answers: { "1": { option: 2 }, "5": { option: 1, text: "Group" } } });
    expect(await events.register(who.actor, id, false, { gender: { value: 2 }, affiliate: { value: 1, other: "Group" } })).toBe(false);
    expect(await events.register(who.actor, id, false, undefined)).toBe(true);
    expect((await events.ownRegistration(who.actor, id)).answers).toEqual({});
    expect(await refusal(events.register(who.actor, id, false, { age: { value: 99 } }))).toBe("400 campaignevents-rest-register-invalid-answer");
    expect(await refusal(events.register(who.actor, id, false, { age: "3" }))).toBe("400 campaignevents-rest-register-invalid-answer");
  });

  it("pages participants by record id, 20 at a time, and hides private ones from non-organizers", async () => {
    const owner = await account(["event-organizer"]);
    const id = await eventBy(owner);
    const people = [];
    for (let i = 0; i < 45; i++) people.push(await account());
    for (const [i, p] of people.entries()) await events.register(p.actor, id, i % 5 === 0, undefined);
    const query = { includePrivate: false, afterId: null as number | null, usernameFilter: null, excludeUserIds: [] };
    const seen: number[] = [];
    for (;;) {
      const page = await events.listParticipants(scope, null, id, query);
      expect(page.length).toBeLessThanOrEqual(20);
      if (page.length === 0) break;
      seen.push(...page.map((p) => p.user_id));
      expect(page.every((p) => !p.private)).toBe(true);
      query.afterId = page[page.length - 1]!.participant_id;
    }
    expect(seen).toEqual(people.filter((_, i) => i % 5 !== 0).map((p) => p.user.id));
    expect(await refusal(events.listParticipants(scope, people[1]!.actor, id, { ...query, afterId: null, includePrivate: true }))).toBe(
      "403 campaignevents-rest-list-participants-cannot-see-private",
    );
    const all = await events.listParticipants(scope, owner.actor, id, { ...query, afterId: null, includePrivate: true });
    expect(all.filter((p) => p.private).map((p) => p.user_id)).toEqual([people[0]!.user.id, people[5]!.user.id, people[10]!.user.id, people[15]!.user.id]);
    // Organizers of an event that has not ended see the non-PII answers.
    expect(all[0]!.non_pii_answers).toEqual([
      { questionID: 4, message: "No answer given" },
      { questionID: 5, message: "No answer given" },
    ]);
    expect((await events.eventsByParticipant(scope, people[0]!.user.id)).length).toBe(0);
    expect((await events.eventsByParticipant(scope, people[1]!.user.id)).map((e) => e.event_id)).toEqual([id]);
  }, 120_000);

  it("shows hidden and deleted participants without their names, and skips such organizers", async () => {
    const owner = await account(["event-organizer"]);
    const co = await account(["event-organizer"]);
    const id = await eventBy(owner);
    await events.setOrganizers(owner.actor, id, [owner.user.name, co.user.name]);
    const [a, b] = [await account(), await account()];
    await events.register(a.actor, id, false, undefined);
    await events.register(b.actor, id, false, undefined);
    hidden.add(a.user.id);
    hidden.add(co.user.id);
    await events.database.write((tx) => tx.$executeRawUnsafe(`DELETE FROM "User" WHERE "id" = ${b.user.id}`));
    const list = await events.listParticipants(scope, null, id, { includePrivate: false, afterId: null, usernameFilter: null, excludeUserIds: [] });
    expect(list).toEqual([
      expect.objectContaining({ user_id: a.user.id, hidden: true }),
      expect.objectContaining({ user_id: b.user.id, not_found: true }),
    ]);
    expect(list[0]).not.toHaveProperty("user_name");
    expect(list[1]).not.toHaveProperty("user_page");
    expect((await events.listOrganizers(scope, id, null)).map((o) => o.user_id)).toEqual([owner.user.id]);
    expect(await refusal(events.eventsByOrganizer(scope, co.user.id))).toBe("404 campaignevents-rest-user-not-found");
    const filtered = await events.listParticipants(scope, null, id, { includePrivate: false, afterId: null, usernameFilter: "svc", excludeUserIds: [] });
    expect(filtered).toEqual([]);
  });

  it("links the user page of a name too long to be a page title", async () => {
    const owner = await account(["event-organizer"]);
    const id = await eventBy(owner);
    const user = await store.users.create(`L${"o".repeat(250)}ng`, "service-test-password");
    await events.register({ id: user.id, name: user.name, rights: rightsOf(user, null), blocked: false }, id, false, undefined);
    const [item] = await events.listParticipants(scope, null, id, { includePrivate: false, afterId: null, usernameFilter: null, excludeUserIds: [] });
    expect(item).toMatchObject({ user_name: user.name, user_page: { title: `User:${user.name} (page does not exist)`, classes: "new mw-userlink" } });
  });

  it("filters by name literally and case-insensitively, also when very many users match", async () => {
    const owner = await account(["event-organizer"]);
    const id = await eventBy(owner);
    // 1 200 accounts and registrations written directly (hashing 1 200 passwords measures nothing).
    const names = Array.from({ length: 1200 }, (_, i) => `Bulk_Filter ${String(i).padStart(4, "0")}${i === 7 ? " 100%" : ""}`);
    const ids = await events.database.write(async (tx) => {
      // One statement for all accounts, portable (SQLite and PostgreSQL): bound parameters, the
      // column's default registration time.
      const rows = await tx.$queryRaw<{ id: bigint | number; name: string }[]>`INSERT INTO "User" ("name", "passwordHash")
        VALUES ${Prisma.join(names.map((name) => Prisma.sql`(${name}, '!')`))} RETURNING "id", "name"`;
      const idByName = new Map(rows.map((row) => [row.name, Number(row.id)]));
      const made = names.map((name) => idByName.get(name)!);
      // In id order, so participant record ids follow the account order as before.
      await tx.eventParticipant.createMany({ data: made.map((userId) => ({ eventId: id, userId, private: false, registeredAt: new Date() })) });
      return made;
    });
    const list = (filter: string, afterId: number | null = null) =>
      events.listParticipants(scope, null, id, { includePrivate: false, afterId, usernameFilter: filter, excludeUserIds: [] });
    const expected = (filter: string) => ids.filter((_, i) => names[i]!.toLowerCase().includes(filter.toLowerCase()));
    // Few matches: one query on their ids; "%" and "_" are literal characters.
    expect((await list("100%")).map((p) => p.user_id)).toEqual(expected("100%"));
    expect((await list("R_0")).map((p) => p.user_id)).toEqual(expected("R_0").slice(0, 20));
    // Every user matches: batches of candidates, paged 20 at a time.
    const all: number[] = [];
    let after: number | null = null;
    for (;;) {
      const next = await list("BULK_filter", after);
      expect(next.length).toBeLessThanOrEqual(20);
      if (next.length === 0) break;
      all.push(...next.map((p) => p.user_id));
      after = next[next.length - 1]!.participant_id;
    }
    expect(all).toEqual(expected("bulk_filter"));
    expect(all.length).toBe(1200);
  }, 60_000);

  it("keeps the limits under 50 concurrent organizer and participant writes", async () => {
    const owner = await account(["event-organizer"]);
    const id = await eventBy(owner);
    const candidates = [];
    for (let i = 0; i < 14; i++) candidates.push(await account(["event-organizer"]));
    const joiners = [];
    for (let i = 0; i < 12; i++) joiners.push(await account());
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 50; i++) {
      if (i % 2 === 0) {
        // Organizer lists of 2 to 11 names, some over the limit.
        const size = 1 + (i % 11);
        const names = [owner.user.name, ...candidates.slice(0, size).map((c) => c.user.name)];
        writes.push(events.setOrganizers(owner.actor, id, names));
      } else {
        const who = joiners[i % joiners.length]!;
        writes.push(i % 3 === 0 ? events.cancel(who.actor, id) : events.register(who.actor, id, i % 4 === 1, undefined));
      }
    }
    const results = await Promise.allSettled(writes);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(EventsError);
    const rows = await events.database.read(async (db) => ({
      organizers: await db.eventOrganizer.count({ where: { eventId: id, removedAt: null } }),
      participants: await db.eventParticipant.findMany({ where: { eventId: id } }),
    }));
    expect(rows.organizers).toBeLessThanOrEqual(10);
    expect(rows.organizers).toBeGreaterThanOrEqual(1);
    const userIds = rows.participants.map((p) => p.userId);
    expect(new Set(userIds).size).toBe(userIds.length);
    const active = rows.participants.filter((p) => p.cancelledAt === null);
    const listed = await events.listParticipants(scope, owner.actor, id, { includePrivate: true, afterId: null, usernameFilter: null, excludeUserIds: [] });
    expect(listed.length).toBe(active.length);
    expect((await events.listOrganizers(scope, id, null)).length).toBe(rows.organizers);
  }, 120_000);
});
