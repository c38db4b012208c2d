/**
 * Stateless tokens signed with the server secret (HMAC-SHA-256 via Web Crypto), bound to a
 * purpose and to a client cookie. Used where MediaWiki needs a token before there is a session:
 * the login and account-creation tokens.
 */
const encoder = new TextEncoder();
const keyCache = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keyCache.set(secret, key);
  }
  return key;
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(message));
  return Buffer.from(signature).toString("hex");
}

/** MediaWiki tokens end with "+\\" so that clients mangling the suffix are detected. */
export const TOKEN_SUFFIX = "+\\";

export async function createSignedToken(secret: string, purpose: string, binding: string, now = Date.now()): Promise<string> {
  const issued = Math.floor(now / 1000).toString(16);
  return `${await hmacHex(secret, `${purpose}|${binding}|${issued}`)}${issued}${TOKEN_SUFFIX}`;
}

export async function verifySignedToken(
  secret: string,
  purpose: string,
  binding: string,
  token: string,
  maxAgeSeconds = 24 * 3600,
  now = Date.now(),
): Promise<boolean> {
  if (!token.endsWith(TOKEN_SUFFIX)) return false;
  const body = token.slice(0, -TOKEN_SUFFIX.length);
  if (body.length <= 64) return false;
  const mac = body.slice(0, 64);
  const issued = body.slice(64);
  if (!/^[0-9a-f]{1,12}$/.test(issued)) return false;
  const age = Math.floor(now / 1000) - parseInt(issued, 16);
  if (age < 0 || age > maxAgeSeconds) return false;
  const expected = await hmacHex(secret, `${purpose}|${binding}|${issued}`);
  return timingSafeEqualHex(mac, expected);
}

function timingSafeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
