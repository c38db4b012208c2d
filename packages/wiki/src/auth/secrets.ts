/** Random identifiers and the one-way forms in which they are stored. */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 random bits, URL-safe: session ids, OAuth tokens, per-session secrets. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** What the database keeps instead of a bearer secret: a leaked table does not log anyone in. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

export function hmacHex(key: string, message: string): string {
  return createHmac("sha256", key).update(message, "utf8").digest("hex");
}

/** Constant-time comparison of two strings (false when their lengths differ). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}
