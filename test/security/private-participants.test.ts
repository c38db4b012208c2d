// Private participants are seen only by the event's organizers (and themselves): not in the
// participant list for anonymous users or other participants, not in a user's public list of
// registrations, and not through search.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPlatform, type TestPlatform } from "../robustness/support/platform.js";
import { bearerClient, createAccount, createEvent, createOAuthToken, editPage, EVENTS_BASE, EventsTestClient, type Account } from "../robustness/support/world.js";

let platform: TestPlatform;
let organizer: Account;
let secret: Account;
let open: Account;
let eventId: number;

beforeAll(async () => {
  platform = await openTestPlatform();
  const { admin, transport } = platform;
  organizer = await createAccount(admin, transport, "Private organizer", "private-organizer-password", ["event-organizer"]);
  secret = await createAccount(admin, transport, "Zebulon Hiddenname", "private-secret-password");
  open = await createAccount(admin, transport, "Public participant", "private-open-password");
  eventId = await createEvent(organizer.client, "Event:Private meetup");
  for (const [who, isPrivate] of [[secret, true], [open, false]] as const) {
    const oauth = bearerClient(transport, who.client.origin, (await createOAuthToken(who.client)).token);
    const answer = await oauth.rest("PUT", `${EVENTS_BASE}/event_registration/${eventId}/participants/self`, { body: { is_private: isPrivate } });
    expect(answer.status).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

async function listedNames(client: EventsTestClient, query: Record<string, string>): Promise<{ names: string[]; ids: number[]; raw: string }> {
  const answer = await client.rest("GET", `${EVENTS_BASE}/event_registration/${eventId}/participants`, { query });
  // Asking for private participants without the right is refused outright (403), which shows nothing.
  if (answer.status === 403) {
    expect(answer.body.errorKey).toBe("campaignevents-rest-list-participants-cannot-see-private");
    return { names: [], ids: [], raw: JSON.stringify(answer.body) };
  }
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { names: answer.body.map((p: { user_name?: string }) => p.user_name), ids: answer.body.map((p: { user_id: number }) => p.user_id), raw: JSON.stringify(answer.body) };
}

describe("private participants", () => {
  it("are listed to organizers only", async () => {
    const anonymous = new EventsTestClient(platform.transport, organizer.client.origin);
    for (const [label, client] of [["anonymous", anonymous], ["other participant", open.client], ["private participant", secret.client]] as const) {
      for (const query of [{ include_private: "true" } as Record<string, string>, { include_private: "false" }, { include_private: "true", username_filter: "Zebulon" }, { include_private: "false", username_filter: "Zebulon" }]) {
        const seen = await listedNames(client, query);
        expect([label, query, seen.ids.includes(secret.id), seen.raw.includes("Hiddenname")]).toEqual([label, query, false, false]);
      }
    }
    expect((await listedNames(open.client, { include_private: "false" })).names).toEqual([open.name]);
    const organizers = await listedNames(organizer.client, { include_private: "true" });
    expect(organizers.names.sort()).toEqual([open.name, secret.name].sort());
  });

  it("are not in the user's public list of registrations", async () => {
    for (const client of [new EventsTestClient(platform.transport, organizer.client.origin), open.client]) {
      const mine = await client.rest("GET", `${EVENTS_BASE}/participant/${secret.id}/event_registrations`);
      expect(mine.status).toBe(201);
      expect(mine.body).toEqual([]);
    }
    const visible = await open.client.rest("GET", `${EVENTS_BASE}/participant/${open.id}/event_registrations`);
    expect(visible.body.map((e: { event_id: number }) => e.event_id)).toEqual([eventId]);
  });

  it("are not found through search", async () => {
    await editPage(platform.admin, "Private search", "{{#wikisearchconfig:?Title}}\nA search page.");
    const pageid = (await platform.admin.action({ action: "query", prop: "info", titles: "Private search" })).query.pages[0].pageid;
    for (const term of ["Zebulon", "Hiddenname", "Private meetup"]) {
      const answer = await open.client.action({ action: "query", meta: "WikiSearch", pageid: String(pageid), term, limit: "50" });
      expect(answer.error, JSON.stringify(answer)).toBeUndefined();
      expect(JSON.stringify(answer)).not.toContain("Hiddenname");
    }
  });

  it("do not show in the event's own details", async () => {
    const details = await open.client.rest("GET", `${EVENTS_BASE}/event_registration/${eventId}`);
    expect(details.status).toBe(200);
    expect(JSON.stringify(details.body)).not.toContain("Hiddenname");
  });
});
