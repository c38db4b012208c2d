import { afterEach, describe, expect, it } from "vitest";
import { StoreError } from "../src/index";
import { manualClock, rawSql, seededStore, type Harness } from "./helpers";

let h: Harness;
afterEach(async () => h?.cleanup());

describe("sessions", () => {
  it("creates an opaque random id and stores only its hash", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const session = await h.store.sessions.create(alice);
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect((await h.store.sessions.create(alice)).id).not.toBe(session.id);
    expect(session.expires.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    const found = await h.store.sessions.get(session.id);
    expect(found?.user.name).toBe("Alice");
    expect(found?.sessionId).toBe(session.id);

    const stored = (await rawSql(h.store, `SELECT "idHash" FROM "Session"`)) as { idHash: string }[];
    expect(stored.some((row) => row.idHash === session.id)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.idHash))).toBe(true);
  });

  it("forgets destroyed, unknown and expired sessions", async () => {
    const clock = manualClock();
    h = await seededStore({ now: clock.now, sessionTtlMs: 3600_000 });
    const alice = await h.newUser("Alice");
    const a = await h.store.sessions.create(alice);
    const b = await h.store.sessions.create(alice);
    await h.store.sessions.destroy(a.id);
    expect(await h.store.sessions.get(a.id)).toBeNull();
    expect(await h.store.sessions.get(b.id)).not.toBeNull();
    expect(await h.store.sessions.get("not-a-session-id-at-all")).toBeNull();
    expect(await h.store.sessions.get("")).toBeNull();

    clock.advance(3600_000 + 1);
    expect(await h.store.sessions.get(b.id)).toBeNull();
  });

  it("keeps anonymous sessions apart from logged-in ones", async () => {
    h = await seededStore();
    const anon = await h.store.sessions.createAnonymous();
    expect(await h.store.sessions.get(anon.id)).toBeNull();
    expect((await h.store.sessions.lookup(anon.id))?.user).toBeNull();
  });
});

describe("CSRF and other session tokens", () => {
  it("issues a MediaWiki-style token that verifies for its own session only", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const bob = await h.newUser("Bob");
    const sa = await h.store.sessions.create(alice);
    const sb = await h.store.sessions.create(bob);
    const token = await h.store.tokens.csrf(sa.id);
    expect(token).toMatch(/^[0-9a-f]{32}\+\\$/);
    expect(await h.store.tokens.csrf(sa.id)).toBe(token); // stable within the session
    expect(await h.store.tokens.verifyCsrf(sa.id, token)).toBe(true);

    // Wrong, truncated, another user's, the anonymous token.
    expect(await h.store.tokens.verifyCsrf(sa.id, token.replace(/^./, token[0] === "a" ? "b" : "a"))).toBe(false);
    expect(await h.store.tokens.verifyCsrf(sa.id, token.slice(0, -2))).toBe(false);
    expect(await h.store.tokens.verifyCsrf(sb.id, token)).toBe(false);
    expect(await h.store.tokens.verifyCsrf(sb.id, await h.store.tokens.csrf(sb.id))).toBe(true);
    expect(await h.store.tokens.verifyCsrf(sa.id, h.store.tokens.anonymousCsrf)).toBe(false);
    expect(h.store.tokens.anonymousCsrf).toBe("+\\");
  });

  it("stops verifying when the session ends, and a new session gets a new token", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const s1 = await h.store.sessions.create(alice);
    const t1 = await h.store.tokens.csrf(s1.id);
    await h.store.sessions.destroy(s1.id);
    expect(await h.store.tokens.verifyCsrf(s1.id, t1)).toBe(false);
    expect(await h.store.tokens.csrf(s1.id)).toBe("+\\");
    const s2 = await h.store.sessions.create(alice);
    expect(await h.store.tokens.csrf(s2.id)).not.toBe(t1);
  });

  it("derives a different token per type (login, createaccount, csrf)", async () => {
    h = await seededStore();
    const anon = await h.store.sessions.createAnonymous();
    const login = await h.store.tokens.token(anon.id, "login");
    const create = await h.store.tokens.token(anon.id, "createaccount");
    const csrf = await h.store.tokens.csrf(anon.id);
    expect(new Set([login, create, csrf]).size).toBe(3);
    expect(await h.store.tokens.verify(anon.id, "login", login)).toBe(true);
    expect(await h.store.tokens.verify(anon.id, "login", csrf)).toBe(false);
  });

  it("expires with the session", async () => {
    const clock = manualClock();
    h = await seededStore({ now: clock.now, sessionTtlMs: 60_000 });
    const alice = await h.newUser("Alice");
    const s = await h.store.sessions.create(alice);
    const token = await h.store.tokens.csrf(s.id);
    clock.advance(60_001);
    expect(await h.store.tokens.verifyCsrf(s.id, token)).toBe(false);
  });
});

describe("OAuth bearer tokens", () => {
  it("authenticates as the owner and is shown only once (only a hash is kept)", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const { id, token } = await h.store.oauth.create(alice, { name: "My bot" });
    expect(token).toMatch(/^wlo_[A-Za-z0-9_-]{43}$/);
    expect((await h.store.oauth.verify(token))?.name).toBe("Alice");
    const listed = await h.store.oauth.list(alice);
    expect(listed).toEqual([expect.objectContaining({ id, name: "My bot" })]);
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  it("rejects wrong and malformed tokens", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const { token } = await h.store.oauth.create(alice);
    expect(await h.store.oauth.verify(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"))).toBeNull();
    expect(await h.store.oauth.verify("")).toBeNull();
    expect(await h.store.oauth.verify("Bearer " + token)).toBeNull();
    expect(await h.store.oauth.verify("wlo_" + "x".repeat(500))).toBeNull();
  });

  it("can be revoked by its owner only", async () => {
    h = await seededStore();
    const alice = await h.newUser("Alice");
    const mallory = await h.newUser("Mallory");
    const { id, token } = await h.store.oauth.create(alice);
    await expect(h.store.oauth.revoke(mallory, id)).rejects.toMatchObject({ code: "nosuchtoken" });
    expect(await h.store.oauth.verify(token)).not.toBeNull();
    expect(await h.store.oauth.list(mallory)).toEqual([]);
    await h.store.oauth.revoke(alice, id);
    expect(await h.store.oauth.verify(token)).toBeNull();
    expect(await h.store.oauth.list(alice)).toEqual([]);
  });

  it("expires", async () => {
    const clock = manualClock();
    h = await seededStore({ now: clock.now });
    const alice = await h.newUser("Alice");
    const { token } = await h.store.oauth.create(alice, { expires: new Date(clock.now().getTime() + 1000) });
    expect(await h.store.oauth.verify(token)).not.toBeNull();
    clock.advance(1001);
    expect(await h.store.oauth.verify(token)).toBeNull();
    await expect(h.store.oauth.create(alice, { expires: new Date(clock.now().getTime() - 1) })).rejects.toBeInstanceOf(StoreError);
  });
});
