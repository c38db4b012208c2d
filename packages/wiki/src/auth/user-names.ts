/**
 * User name rules, as MediaWiki applies them: a user name is the text of a page title in the
 * User namespace (first letter upper case, underscores read as spaces), and some characters are
 * reserved because they mean something elsewhere ("@" in reply pings and SUL names, ":" for
 * namespaces and interwikis, ">" and "=" in log and rights syntax).
 */
import { StoreError } from "../errors";

const MAX_NAME_BYTES = 255;
// Characters illegal in any title, plus $wgInvalidUsernameCharacters, plus "/" (names must not
// look like subpages of another user's page).
const INVALID = /[#<>[\]|{}@:=/\u0000-\u001f\u007f\ufffd]/u;
const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.(?:\d{1,3}|xxx)$/;
const IPV6 = /^[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}$/i;
const WHITESPACE = /[\s_\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;

function upperFirst(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const char = String.fromCodePoint(first);
  const upper = char.toUpperCase();
  return [...upper].length === 1 ? upper + text.slice(char.length) : text;
}

/** The canonical form of a user name, without validating it. */
export function normalizeUserName(name: string): string {
  return upperFirst(name.normalize("NFC").replace(WHITESPACE, " ").trim());
}

/** Normalises and validates a name for a new account; throws StoreError('invalidusername'). */
export function validUserName(name: string): string {
  const normal = normalizeUserName(name);
  const fail = (why: string): never => {
    throw new StoreError("invalidusername", `"${name}" is not a valid user name: ${why}`);
  };
  if (normal === "") fail("it is empty");
  if (Buffer.byteLength(normal, "utf8") > MAX_NAME_BYTES) fail(`it is longer than ${MAX_NAME_BYTES} bytes`);
  if (INVALID.test(normal)) fail("it contains a reserved character");
  if (IPV4.test(normal) || IPV6.test(normal)) fail("it looks like an IP address");
  return normal;
}

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 4096;

/** The password policy: length bounds, and not the user name itself. */
export function checkPasswordPolicy(name: string, password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new StoreError("passwordtooshort", `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new StoreError("passwordtoolong", `Passwords must be shorter than ${MAX_PASSWORD_LENGTH} characters.`);
  }
  if (password.toLowerCase() === name.toLowerCase()) {
    throw new StoreError("password-name-match", "The password must be different from the user name.");
  }
}
