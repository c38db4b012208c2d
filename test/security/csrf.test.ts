// CSRF: every write made with a cookie session needs the session's CSRF token (missing, wrong,
// or another session's token are all refused, and nothing changes); the conversion routes write
// nothing, so they need none. Bearer-token writes are CSRF-safe and need none either.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPlatform, type TestPlatform } from "../robustness/support/platform.js";
import { bearerClient, createAccount, createEvent, createOAuthToken, editPage, EVENTS_BASE, EventsTestClient, type Account } from "../robustness/support/world.js";

let platform: TestPlatform;
let organizer: Account;
let victim: Account;
let otherSessionToken: string;
let eventId: number;
let spareTokenId: number;

beforeAll(async () => {
  platform = await openTestPlatform();
  const { admin, transport } = platform;
  organizer = await createAccount(admin, transport, "Csrf organizer", "csrf-organizer-password", ["event-organizer", "sysop"]);
  victim = await createAccount(admin, transport, "Csrf victim", "csrf-victim-password");
  otherSessionToken = await victim.client.token();
  await editPage(organizer.client, "Csrf page", "original text");
  eventId = await createEvent(organizer.client, "Event:Csrf");
  spareTokenId = (await createOAuthToken(organizer.client)).id;
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const BAD_TOKENS: { label: string; token: () => string | undefined }[] = [
  { label: "no token", token: () => undefined },
  { label: "empty token", token: () => "" },
  { label: "the anonymous token", token: () => "+\\" },
  { label: "a forged token", token: () => "0123456789abcdef0123456789abcdef+\\" },
  { label: "another session's token", token: () => otherSessionToken },
];

const withToken = (fields: Record<string, string>, token: string | undefined) => (token === undefined ? fields : { ...fields, token });

async function pageText(title: string): Promise<string | null> {
  const answer = await platform.admin.action({ action: "query", prop: "revisions", titles: title, rvprop: "content", rvslots: "main" });
  const page = answer.query.pages[0];
  return page.missing ? null : page.revisions[0].slots.main.content;
}

describe("CSRF on cookie-authenticated action API writes", () => {
  const writes: { module: string; fields: () => Record<string, string> }[] = [
    { module: "edit", fields: () => ({ action: "edit", title: "Csrf page", text: "forged edit" }) },
    { module: "delete", fields: () => ({ action: "delete", title: "Csrf page", reason: "forged" }) },
    { module: "userrights", fields: () => ({ action: "userrights", user: victim.name, add: "sysop" }) },
    { module: "block", fields: () => ({ action: "block", user: victim.name, expiry: "infinite" }) },
    { module: "unblock", fields: () => ({ action: "unblock", user: victim.name }) },
    { module: "oauthtoken create", fields: () => ({ action: "oauthtoken", operation: "create", name: "forged" }) },
    { module: "oauthtoken revoke", fields: () => ({ action: "oauthtoken", operation: "revoke", id: String(spareTokenId) }) },
    { module: "logout", fields: () => ({ action: "logout" }) },
  ];
  for (const write of writes) {
    it(`${write.module} is refused without the session's token`, async () => {
      for (const bad of BAD_TOKENS) {
        const answer = await organizer.client.action(withToken(write.fields(), bad.token()), "POST");
        expect([bad.label, answer.error?.code]).toEqual([bad.label, bad.token() ? "badtoken" : "missingparam"]);
      }
    });
  }

  it("left everything as it was, and the real token still works", async () => {
    expect(await pageText("Csrf page")).toBe("original text");
    const groups = (await victim.client.action({ action: "query", meta: "userinfo", uiprop: "groups|blockinfo" })).query.userinfo;
    expect(groups.groups).not.toContain("sysop");
    expect(groups.blockid).toBeUndefined();
    const tokens = (await organizer.client.action({ action: "oauthtoken", operation: "list" })).oauthtoken.tokens;
    expect(tokens.map((t: { id: number }) => t.id)).toEqual([spareTokenId]);
    const still = (await organizer.client.action({ action: "query", meta: "userinfo" })).query.userinfo;
    expect(still.name).toBe(organizer.name);
    const edit = await organizer.client.action({ action: "edit", title: "Csrf page", text: "real edit", token: await organizer.client.token() }, "POST");
    expect(edit.edit.result).toBe("Success");
  });

  it("createaccount needs the createaccount token", async () => {
    for (const token of [undefined, "+\\", otherSessionToken]) {
      const fields = { action: "createaccount", username: "Csrf forged account", password: "forged-password-1", retype: "forged-password-1", createreturnurl: "http://127.0.0.1/" };
      const answer = await organizer.client.action(token === undefined ? fields : { ...fields, createtoken: token }, "POST");
      expect(answer.createaccount?.status === "PASS", JSON.stringify(answer)).toBe(false);
    }
    // No account came of it: logging in with it fails.
    const login = new EventsTestClient(platform.transport, organizer.client.origin);
    await expect(login.login("Csrf forged account", "forged-password-1")).rejects.toThrow();
  });
});

describe("CSRF on cookie-authenticated event writes", () => {
  const body = (extra: Record<string, unknown> = {}) => ({ event_page: "Event:Csrf", timezone: "UTC", start_time: "20990101000000", end_time: "20990102000000", online_meeting: true, status: "open", ...extra });
  const writes: { label: string; method: string; path: () => string; body: () => Record<string, unknown> }[] = [
    { label: "enable", method: "POST", path: () => `${EVENTS_BASE}/event_registration`, body: () => { const { status: _status, ...enable } = body({ event_page: "Event:Csrf new" }); return enable; } },
    { label: "edit", method: "PUT", path: () => `${EVENTS_BASE}/event_registration/${eventId}`, body: () => body({ meeting_url: "https://forged.example/" }) },
    { label: "delete", method: "DELETE", path: () => `${EVENTS_BASE}/event_registration/${eventId}`, body: () => ({}) },
    { label: "organizers", method: "PUT", path: () => `${EVENTS_BASE}/event_registration/${eventId}/organizers`, body: () => ({ organizer_usernames: [victim.name] }) },
    { label: "remove participants", method: "DELETE", path: () => `${EVENTS_BASE}/event_registration/${eventId}/participants`, body: () => ({ user_ids: [victim.id] }) },
    { label: "register", method: "PUT", path: () => `${EVENTS_BASE}/event_registration/${eventId}/participants/self`, body: () => ({ is_private: false }) },
    { label: "cancel", method: "DELETE", path: () => `${EVENTS_BASE}/event_registration/${eventId}/participants/self`, body: () => ({}) },
  ];
  for (const write of writes) {
    it(`${write.label} is refused without the session's token`, async () => {
      for (const bad of BAD_TOKENS) {
        const token = bad.token();
        const answer = await organizer.client.rest(write.method, write.path(), { body: token === undefined ? write.body() : { ...write.body(), token } });
        expect([bad.label, answer.status, answer.body.errorKey]).toEqual([bad.label, 400, "rest-badtoken"]);
      }
    });
  }

  it("left the event as it was", async () => {
    const event = await organizer.client.rest("GET", `${EVENTS_BASE}/event_registration/${eventId}`);
    expect(event.status).toBe(200);
    expect(event.body.meeting_url ?? "").not.toContain("forged");
    const organizers = await organizer.client.rest("GET", `${EVENTS_BASE}/event_registration/${eventId}/organizers`);
    expect(organizers.body.map((o: { user_name: string }) => o.user_name)).toEqual([organizer.name]);
    const self = await organizer.client.rest("GET", `${EVENTS_BASE}/event_registration/${eventId}/participants/self`);
    expect(self.status).toBe(404);
  });

  it("a bearer token writes without a CSRF token, and refuses one", async () => {
    const { token } = await createOAuthToken(victim.client);
    const oauth = bearerClient(platform.transport, organizer.client.origin, token);
    const registered = await oauth.rest("PUT", `${EVENTS_BASE}/event_registration/${eventId}/participants/self`, { body: { is_private: true } });
    expect(registered.status).toBe(200);
    const withCsrf = await oauth.rest("DELETE", `${EVENTS_BASE}/event_registration/${eventId}/participants/self`, { body: { token: otherSessionToken } });
    expect(withCsrf.body.errorKey).toBe("rest-extraneous-csrf-token");
  });
});

describe("conversion routes do not write", () => {
  it("convert for a cookie session without a token, and change no page", async () => {
    const before = (await platform.admin.action({ action: "query", list: "allpages", aplimit: "max" })).query.allpages.length;
    const html = await organizer.client.rest("POST", "/localhost/v3/transform/wikitext/to/html/Csrf_page", { body: { wikitext: "converted '''only'''" } });
    expect(html.status).toBe(200);
    const wt = await organizer.client.rest("POST", "/localhost/v3/transform/html/to/wikitext/Csrf_page", { body: { html: "<p>converted</p>" } });
    expect(wt.status).toBe(200);
    const after = (await platform.admin.action({ action: "query", list: "allpages", aplimit: "max" })).query.allpages.length;
    expect(after).toBe(before);
    expect(await pageText("Csrf page")).toBe("real edit");
  });
});
