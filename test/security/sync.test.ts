// The PWA's sync router (/api/trpc) under the same rules as the other APIs: sync.push from a
// cookie session needs the session's CSRF token (and applies nothing without it), bearer tokens
// need none; sync.pull never hands out another user's private participation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPlatform, ORIGIN, type TestPlatform } from "../robustness/support/platform.js";
import { bearerClient, createAccount, createEvent, createOAuthToken, editPage, EVENTS_BASE, type Account } from "../robustness/support/world.js";

let platform: TestPlatform;
let writer: Account;
let secret: Account;
let eventId: number;
let baseRevid: number;

beforeAll(async () => {
  platform = await openTestPlatform();
  writer = await createAccount(platform.admin, platform.transport, "Sync writer", "sync-writer-password");
  secret = await createAccount(platform.admin, platform.transport, "Sync Hiddenname", "sync-secret-password");
  eventId = await createEvent(platform.admin, "Event:Sync meetup");
  baseRevid = (await editPage(platform.admin, "Sync page", "original")).revid;
  const oauth = bearerClient(platform.transport, ORIGIN, (await createOAuthToken(secret.client)).token);
  expect((await oauth.rest("PUT", `${EVENTS_BASE}/event_registration/${eventId}/participants/self`, { body: { is_private: true } })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

/** The session cookie a client holds, read back from a login on a fresh cookie jar. */
async function loginCookie(account: Account): Promise<string> {
  const tokens = await platform.handler(new Request(`${ORIGIN}/w/api.php?action=query&meta=tokens&type=login&format=json`));
  const anon = tokens.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const login = await platform.handler(
    new Request(`${ORIGIN}/w/api.php`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: anon },
      body: new URLSearchParams({ action: "login", lgname: account.name, lgpassword: account.password, lgtoken: (await tokens.json()).query.tokens.logintoken, format: "json" }),
    }),
  );
  return [anon, ...login.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
}

async function trpc(procedure: string, input: unknown, headers: Record<string, string>, method: "GET" | "POST" = "POST"): Promise<{ status: number; body: any }> {
  const url = method === "GET" ? `${ORIGIN}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}` : `${ORIGIN}/api/trpc/${procedure}`;
  const response = await platform.handler(
    new Request(url, { method, headers: { ...headers, ...(method === "POST" ? { "content-type": "application/json" } : {}) }, body: method === "POST" ? JSON.stringify(input) : undefined }),
  );
  return { status: response.status, body: await response.json() };
}

async function pageText(): Promise<string> {
  const answer = await platform.admin.action({ action: "query", prop: "revisions", titles: "Sync page", rvprop: "content", rvslots: "main" });
  return answer.query.pages[0].revisions[0].slots.main.content;
}

describe("sync.push", () => {
  it("refuses a cookie session without its CSRF token and applies nothing", async () => {
    const cookie = await loginCookie(writer);
    const otherToken = await secret.client.token();
    const writes = [
      { id: "w1", kind: "edit", title: "Sync page", baseRevid, text: "written through sync" },
      { id: "w2", kind: "register", eventId, private: false },
    ];
    for (const token of [undefined, "", "+\\", otherToken, "deadbeef+\\"]) {
      const answer = await trpc("sync.push", { writes, ...(token === undefined ? {} : { token }) }, { cookie });
      expect([token, answer.status]).toEqual([token, 403]);
    }
    expect(await pageText()).toBe("original");
    const list = await platform.admin.rest("GET", `${EVENTS_BASE}/event_registration/${eventId}/participants`, { query: { include_private: "true" } });
    expect(list.body.map((p: { user_id: number }) => p.user_id)).not.toContain(writer.id);

    // With the session's own token the same writes go through.
    const session = await trpc("sync.session", undefined, { cookie }, "GET");
    const csrf = session.body.result.data.csrfToken as string;
    const applied = await trpc("sync.push", { writes, token: csrf }, { cookie });
    expect(applied.status).toBe(200);
    expect(applied.body.result.data.map((w: { status: string }) => w.status)).toEqual(["applied", "applied"]);
    expect(await pageText()).toBe("written through sync");
  });

  it("refuses anonymous pushes", async () => {
    const answer = await trpc("sync.push", { writes: [{ id: "a", kind: "cancel", eventId }] }, {});
    expect(answer.status).toBe(401);
  });
});

describe("sync.pull", () => {
  it("never carries another user's private participation", async () => {
    const callers: Record<string, string>[] = [{}, { cookie: await loginCookie(writer) }];
    for (const headers of callers) {
      const answer = await trpc("sync.pull", { cursors: {}, collections: ["events", "registrations"] }, headers, "GET");
      expect(answer.status).toBe(200);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain("Hiddenname");
      const registrations = answer.body.result.data.registrations?.items ?? [];
      expect(registrations.every((r: { private: boolean }) => !r.private)).toBe(true);
    }
    // The private participant sees their own registration.
    const own = await trpc("sync.pull", { cursors: {}, collections: ["registrations"] }, { cookie: await loginCookie(secret) }, "GET");
    expect(own.body.result.data.registrations.items.map((r: { eventId: number; private: boolean }) => [r.eventId, r.private])).toEqual([[eventId, true]]);
  });
});
