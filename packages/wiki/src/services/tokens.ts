/**
 * MediaWiki-style tokens bound to a session. Each is an HMAC of the token type under the
 * session's random secret, followed by "+\" (MediaWiki appends it so that proxies mangling
 * backslashes or plus signs break the token visibly). Nothing is stored per token: a session
 * has one secret, and its tokens stay valid for the session's lifetime.
 */
import { hmacHex, sameSecret } from "../auth/secrets";
import type { StoreContext } from "./context";
import { findSessionRow } from "./sessions";

export const TOKEN_SUFFIX = "+\\";
/** What MediaWiki hands out as the CSRF token when there is no session. */
export const ANONYMOUS_CSRF = TOKEN_SUFFIX;
export const TOKEN_TYPES = ["csrf", "login", "createaccount", "patrol", "rollback", "userrights", "watch"] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

function tokenFor(secret: string, type: string): string {
  return hmacHex(secret, `token:${type}`).slice(0, 32) + TOKEN_SUFFIX;
}

export function tokensService(ctx: StoreContext) {
  const secretOf = (sessionId: string) =>
    ctx.queue.run(async () => (await findSessionRow(ctx.db, sessionId, ctx.now()))?.secret ?? null);

  /** A token of `type` for the session; the anonymous "+\" when the session does not exist. */
  async function token(sessionId: string, type: TokenType): Promise<string> {
    const secret = await secretOf(sessionId);
    return secret === null ? ANONYMOUS_CSRF : tokenFor(secret, type);
  }

  /** True when `value` is the session's token of `type`. Never true without a live session. */
  async function verify(sessionId: string, type: TokenType, value: string): Promise<boolean> {
    if (typeof value !== "string" || !value.endsWith(TOKEN_SUFFIX)) return false;
    const secret = await secretOf(sessionId);
    return secret !== null && sameSecret(value, tokenFor(secret, type));
  }

  return {
    anonymousCsrf: ANONYMOUS_CSRF as "+\\",
    token,
    verify,
    csrf: (sessionId: string) => token(sessionId, "csrf"),
    verifyCsrf: (sessionId: string, value: string) => verify(sessionId, "csrf", value),
  };
}
