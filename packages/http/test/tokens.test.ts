import { describe, expect, it } from "vitest";
import { createSignedToken, verifySignedToken } from "../src/signed-token.js";
import { parseExpiry } from "../src/action/expiry.js";
import { ApiError } from "../src/errors.js";
import { parseCookies, serializeCookie } from "../src/cookies.js";

describe("signed tokens", () => {
  it("verify only for the same secret, purpose and binding, within their age", async () => {
    const token = await createSignedToken("s3cret", "login", "client-a");
    expect(token.endsWith("+\\")).toBe(true);
    expect(await verifySignedToken("s3cret", "login", "client-a", token)).toBe(true);
    expect(await verifySignedToken("other", "login", "client-a", token)).toBe(false);
    expect(await verifySignedToken("s3cret", "createaccount", "client-a", token)).toBe(false);
    expect(await verifySignedToken("s3cret", "login", "client-b", token)).toBe(false);
    expect(await verifySignedToken("s3cret", "login", "client-a", token.slice(0, -2))).toBe(false);
    expect(await verifySignedToken("s3cret", "login", "client-a", "+\\")).toBe(false);
    const old = await createSignedToken("s3cret", "login", "client-a", Date.now() - 3 * 86400_000);
    expect(await verifySignedToken("s3cret", "login", "client-a", old)).toBe(false);
  });
});

describe("parseExpiry", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  it("understands infinite, relative and absolute expiries", () => {
    expect(parseExpiry("infinite", now)).toBeNull();
    expect(parseExpiry("never", now)).toBeNull();
    expect(parseExpiry(undefined, now)).toBeNull();
    expect(parseExpiry("2 days", now)?.toISOString()).toBe("2026-01-03T00:00:00.000Z");
    expect(parseExpiry("1 week", now)?.toISOString()).toBe("2026-01-08T00:00:00.000Z");
    expect(parseExpiry("2026-02-01T00:00:00Z", now)?.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(parseExpiry("20260301000000", now)?.toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
  it("rejects nonsense and past times", () => {
    expect(() => parseExpiry("soonish", now)).toThrow(ApiError);
    expect(() => parseExpiry("2020-01-01", now)).toThrow(/past/);
  });
});

describe("cookies", () => {
  it("round-trips values and always sets HttpOnly and SameSite", () => {
    const header = serializeCookie("s", "a b;c", { secure: true });
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Secure/);
    const value = header.split(";")[0]!;
    expect(parseCookies(`x=1; ${value}`).get("s")).toBe("a b;c");
  });
});
