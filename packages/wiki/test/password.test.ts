import { describe, expect, it } from "vitest";
import { hashPassword, parsePasswordHash, verifyPassword } from "../src/auth/password";

describe("password hashing (scrypt)", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("s3cret password");
    expect(await verifyPassword("s3cret password", hash)).toBe(true);
    expect(await verifyPassword("s3cret passworD", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("stores a self-describing string with the cost, salt and hash", async () => {
    const hash = await hashPassword("another password");
    expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    const parsed = parsePasswordHash(hash)!;
    expect(parsed.cost).toEqual({ ln: 15, r: 8, p: 1 });
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.hash).toHaveLength(32);
    expect(hash).not.toContain("another password");
  });

  it("uses a new salt for every hash", async () => {
    const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(a).not.toBe(b);
    expect(parsePasswordHash(a)!.salt.equals(parsePasswordHash(b)!.salt)).toBe(false);
    expect(await verifyPassword("same password", a)).toBe(true);
    expect(await verifyPassword("same password", b)).toBe(true);
  });

  it("honours the cost recorded in the hash, so cheaper old hashes still verify", async () => {
    const cheap = await hashPassword("legacy password", { ln: 12, r: 8, p: 1 });
    expect(cheap.startsWith("$scrypt$ln=12,r=8,p=1$")).toBe(true);
    expect(await verifyPassword("legacy password", cheap)).toBe(true);
  });

  it("treats canonically equivalent Unicode spellings as the same password", async () => {
    const composed = "caf\u00e9 au lait";
    const decomposed = "cafe\u0301 au lait";
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it("rejects malformed or tampered hash strings without throwing", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "plaintext")).toBe(false);
    expect(await verifyPassword("x", "$scrypt$ln=40,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g=")).toBe(false);
    expect(parsePasswordHash("$argon2id$v=19$m=65536$abc$def")).toBeNull();
  });
});
