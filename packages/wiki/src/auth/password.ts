/**
 * Password hashing with scrypt (node:crypto). The stored string describes itself, so the cost can
 * be raised later without breaking existing hashes:
 *
 *   $scrypt$ln=15,r=8,p=1$<salt, base64>$<hash, base64>
 *
 * ln is log2 of scrypt's N. ln=15 costs about 32 MiB and ~85 ms per hash on this machine's cores,
 * which is what makes guessing expensive; the work runs on libuv's thread pool, not the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

export interface ScryptCost {
  ln: number;
  r: number;
  p: number;
}

export const DEFAULT_COST: ScryptCost = { ln: 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** cost.ln, r: cost.r, p: cost.p, maxmem: 256 * 2 ** cost.ln * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, cost, HASH_BYTES);
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** Parses a stored hash; null when it is not one of ours (or its parameters are absurd). */
export function parsePasswordHash(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | null {
  const match = FORMAT.exec(stored);
  if (!match) return null;
  const cost = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  // Bounds keep a tampered row from making verification allocate gigabytes.
  if (cost.ln < 10 || cost.ln > 20 || cost.r < 1 || cost.r > 32 || cost.p < 1 || cost.p > 16) return null;
  const salt = Buffer.from(match[4]!, "base64");
  const hash = Buffer.from(match[5]!, "base64");
  if (salt.length < 8 || hash.length < 16) return null;
  return { cost, salt, hash };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.cost, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

/**
 * A hash of a random password, verified against when the account does not exist so that a
 * login attempt costs the same time whether or not the name is taken.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString("base64"));
  return decoy;
}
