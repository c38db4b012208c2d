// OAuth bearer tokens act only as their owner, win over a cookie sent along, cannot revoke other
// users' tokens, and stop working when revoked or expired (401 with MediaWiki's OAuth error).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPlatform, type TestPlatform } from "../robustness/support/platform.js";
import { bearerClient, createAccount, createEvent, createOAuthToken, EVENTS_BASE, type Account } from "../robustness/support/world.js";

let platform: TestPlatform;
let alice: Account;
let bob: Account;
let eventId: number;

beforeAll(async () => {
  platform = await openTestPlatform();
  alice = await createAccount(platform.admin, platform.transport, "Oauth alice", "oauth-alice-password");
  bob = await createAccount(platform.admin, platform.transport, "Oauth bob", "oauth-bob-password");
  eventId = await createEvent(platform.admin, "Event:Oauth");
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

async function lastAuthor(title: string): Promise<string> {
  const answer = await platform.admin.action({ action: "query", prop: "revisions", titles: title, rvprop: "user" });
  return answer.query.pages[0].revisions[0].user;
}

describe("OAuth bearer tokens", () => {
  it("act as their owner only, even with another user's session cookie alongside", async () => {
    const { token } = await createOAuthToken(alice.client);
    const oauth = bearerClient(platform.transport, alice.client.origin, token);
    expect((await oauth.action({ action: "query", meta: "userinfo" })).query.userinfo.name).toBe(alice.name);
    const edit = await oauth.action({ action: "edit", title: "Oauth page", text: "by alice's token" }, "POST");
    expect(edit.edit.result).toBe("Success");
    expect(await lastAuthor("Oauth page")).toBe(alice.name);

    // Bob's session cookie plus Alice's token: the request is Alice's, never Bob's.
    const bobCookie = await sessionCookieOf(bob);
    const cookieOnly = await platform.handler(
      new Request(`${alice.client.origin}/w/api.php?action=query&meta=userinfo&format=json&formatversion=2`, { headers: { cookie: bobCookie } }),
    );
    expect((await cookieOnly.json()).query.userinfo.name).toBe(bob.name);
    const mixed = await platform.handler(
      new Request(`${alice.client.origin}/w/api.php?action=query&meta=userinfo&format=json&formatversion=2`, {
        headers: { authorization: `Bearer ${token}`, cookie: bobCookie },
      }),
    );
    expect((await mixed.json()).query.userinfo.name).toBe(alice.name);

    const registered = await oauth.rest("PUT", `${EVENTS_BASE}/event_registration/${eventId}/participants/self`, { body: { is_private: false } });
    expect(registered.status).toBe(200);
    const list = await platform.admin.rest("GET", `${EVENTS_BASE}/event_registration/${eventId}/participants`, { query: { include_private: "true" } });
    expect(list.body.map((p: { user_name: string }) => p.user_name)).toEqual([alice.name]);
  });

  it("cannot be listed or revoked by another user", async () => {
    const { id } = await createOAuthToken(alice.client);
    const bobsList = (await bob.client.action({ action: "oauthtoken", operation: "list" })).oauthtoken.tokens;
    expect(bobsList.map((t: { id: number }) => t.id)).not.toContain(id);
    const revoke = await bob.client.action({ action: "oauthtoken", operation: "revoke", id: String(id), token: await bob.client.token() }, "POST");
    expect(revoke.error?.code).toBe("nosuchtoken");
    const alicesList = (await alice.client.action({ action: "oauthtoken", operation: "list" })).oauthtoken.tokens;
    expect(alicesList.map((t: { id: number }) => t.id)).toContain(id);
  });

  it("stop working once revoked", async () => {
    const { id, token } = await createOAuthToken(alice.client);
    const oauth = bearerClient(platform.transport, alice.client.origin, token);
    expect((await oauth.action({ action: "query", meta: "userinfo" })).query.userinfo.name).toBe(alice.name);
    const revoked = await alice.client.action({ action: "oauthtoken", operation: "revoke", id: String(id), token: await alice.client.token() }, "POST");
    expect(revoked.oauthtoken.revoked).toBe(id);
    await expectRejected(token);
  });

  it("stop working once expired", async () => {
    const user = (await platform.store.users.byName(alice.name))!;
    // The store refuses expiries in the past, so the token gets a short life and outlives it.
    const shortLived = await platform.store.oauth.create(user, { name: "short-lived", expires: new Date(Date.now() + 1_000) });
    const oauth = bearerClient(platform.transport, alice.client.origin, shortLived.token);
    expect((await oauth.action({ action: "query", meta: "userinfo" })).query.userinfo.name).toBe(alice.name);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await expectRejected(shortLived.token);
  });

  it("reject unknown and malformed tokens", async () => {
    for (const token of ["", "x", `${"a".repeat(64)}`, "wlo_0000000000000000000000000000000000000000"]) await expectRejected(token);
  });
});

async function sessionCookieOf(account: Account): Promise<string> {
  // The client keeps its cookies privately; a login on a fresh client shows the Set-Cookie.
  const answer = await platform.handler(new Request(`${account.client.origin}/w/api.php?action=query&meta=tokens&type=login&format=json`));
  const anon = answer.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const loginToken = (await answer.json()).query.tokens.logintoken;
  const login = await platform.handler(
    new Request(`${account.client.origin}/w/api.php`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: anon },
      body: new URLSearchParams({ action: "login", lgname: account.name, lgpassword: account.password, lgtoken: loginToken, format: "json" }),
    }),
  );
  return login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function expectRejected(token: string): Promise<void> {
  const oauth = bearerClient(platform.transport, alice.client.origin, token);
  const action = await platform.handler(
    new Request(`${alice.client.origin}/w/api.php?action=query&meta=userinfo&format=json`, { headers: { authorization: `Bearer ${token}` } }),
  );
  expect(action.status).toBe(401);
  expect((await action.json()).error.code).toBe("mwoauth-invalid-authorization");
  const rest = await oauth.rest("PUT", `${EVENTS_BASE}/event_registration/${eventId}/participants/self`, { body: { is_private: false } });
  expect(rest.status).toBeGreaterThanOrEqual(400);
  expect(rest.status).toBeLessThan(500);
  expect(typeof rest.body.errorKey).toBe("string");
}
