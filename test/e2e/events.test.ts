// The event registration API against the started server: every case of validation-cases.json
// over real HTTP (accounts, sessions, tokens and pages made through the action API), and the
// limits under 50 concurrent organizer and participant writes to one event.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CaseWorld, loadCases } from "../../packages/http/test/events/support/cases.js";
import { EventsTestClient, type Transport } from "../../packages/http/test/events/support/rest-client.js";
import { startServer, type RunningServer } from "../support/server.js";

const ADMIN_PASSWORD = "e2e-events-admin-password";
const BASE = "/campaignevents/v0";
let server: RunningServer;
let admin: EventsTestClient;
const transport: Transport = (request) => fetch(request, { redirect: "manual" });

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  admin = new EventsTestClient(transport, server.url);
  await admin.login("Admin", ADMIN_PASSWORD);
});

afterAll(async () => {
  await server?.stop();
});


describe("campaignevents validation cases against the started server", () => {
  for (const testCase of loadCases()) {
    it(`${testCase.id}: ${testCase.description}`, async () => {
      const world = new CaseWorld(transport, server.url, admin, { databaseFile: path.join(server.dataDir, "wikiloom.db") }, testCase);
      const outcome = await world.run();
      expect(outcome.problems).toEqual([]);
    }, 90_000);
  }
});

describe("concurrent writes to one event", () => {
  const stamp = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, "").slice(0, 14);

  type Account = { id: number; name: string; client: EventsTestClient };

  async function account(name: string, groups: string[]): Promise<Account> {
    const password = `pw-${name.replace(/\W/g, "")}-concurrency`;
    const made = await admin.action(
      { action: "createaccount", username: name, password, retype: password, createtoken: await admin.token("createaccount"), createreturnurl: server.url },
      "POST",
    );
    expect(made.createaccount.status).toBe("PASS");
    if (groups.length) await admin.action({ action: "userrights", user: name, add: groups.join("|"), token: await admin.token() }, "POST");
    const client = new EventsTestClient(transport, server.url);
    await client.login(name, password);
    return { id: (await client.action({ action: "query", meta: "userinfo" })).query.userinfo.id, name, client };
  }

  it("keeps at most 10 organizers, no duplicate participants and consistent counts under 50 concurrent writes", async () => {
    const creator = await account("Conc Creator", ["event-organizer"]);
    const edit = await creator.client.action({ action: "edit", title: "Event:Concurrency", text: "x", token: await creator.client.token() }, "POST");
    expect(edit.edit.result).toBe("Success");
    const created = await creator.client.rest("POST", `${BASE}/event_registration`, {
      body: { event_page: "Event:Concurrency", timezone: "UTC", start_time: stamp(1), end_time: stamp(2), online_meeting: true, token: await creator.client.token() },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const candidates: Account[] = [];
    for (let i = 1; i <= 14; i++) candidates.push(await account(`Conc Org${i}`, ["event-organizer"]));
    const joiners: Account[] = [];
    for (let i = 1; i <= 12; i++) joiners.push(await account(`Conc Joiner${i}`, []));
    const tokens = new Map<EventsTestClient, string>();
    for (const who of [creator, ...joiners]) tokens.set(who.client, await who.client.token());

    const writes = Array.from({ length: 50 }, (_, i) => {
      if (i % 2 === 0) {
        const names = [creator.name, ...candidates.slice(0, 1 + (i % 13)).map((c) => c.name)];
        return creator.client.rest("PUT", `${BASE}/event_registration/${id}/organizers`, { body: { organizer_usernames: names, token: tokens.get(creator.client) } });
      }
      const who = joiners[i % joiners.length]!;
      const body = { token: tokens.get(who.client) };
      return i % 3 === 0
        ? who.client.rest("DELETE", `${BASE}/event_registration/${id}/participants/self`, { body })
        : who.client.rest("PUT", `${BASE}/event_registration/${id}/participants/self`, { body: { ...body, is_private: i % 4 === 1 } });
    });
    const answers = await Promise.all(writes);
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(500);
      if (answer.status >= 400) expect(answer.body.errorKey).toBe("campaignevents-edit-too-many-organizers");
    }

    const organizers = await creator.client.rest("GET", `${BASE}/event_registration/${id}/organizers`);
    expect(organizers.status).toBe(200);
    expect(organizers.body.length).toBeGreaterThanOrEqual(1);
    expect(organizers.body.length).toBeLessThanOrEqual(10);
    const organizerIds = new Set((organizers.body as { user_id: number }[]).map((o) => o.user_id));
    for (const candidate of candidates) {
      const theirs = await admin.rest("GET", `${BASE}/organizer/${candidate.id}/event_registrations`);
      expect(theirs.body.some((e: { event_id: number }) => e.event_id === id)).toBe(organizerIds.has(candidate.id));
    }

    const listed = await creator.client.rest("GET", `${BASE}/event_registration/${id}/participants`, { query: { include_private: "true" } });
    expect(listed.status).toBe(200);
    const listedIds = (listed.body as { user_id: number }[]).map((p) => p.user_id);
    expect(new Set(listedIds).size).toBe(listedIds.length);
    for (const who of joiners) {
      const own = await who.client.rest("GET", `${BASE}/event_registration/${id}/participants/self`);
      expect(own.status).toBe(listedIds.includes(who.id) ? 200 : 404);
    }
    const publicOnly = await admin.rest("GET", `${BASE}/event_registration/${id}/participants`, { query: { include_private: "false" } });
    expect(publicOnly.body.length).toBe((listed.body as { private: boolean }[]).filter((p) => !p.private).length);
  }, 180_000);
});
