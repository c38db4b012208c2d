import type { User, WikiStore } from "@wikiloom/wiki";
import { rightsOf } from "@wikiloom/wiki";
import { parseCookies } from "./cookies.js";

export const SESSION_COOKIE = "wikiloom_session";
/** Anonymous client id that login and account-creation tokens are bound to. */
export const ANON_COOKIE = "wikiloom_anon";

export type AuthMethod = "session" | "oauth" | "anonymous";

export interface BlockInfo {
  id: number;
  reason: string;
  by: string;
  expiry: Date | null;
  timestamp: Date;
}

export interface AuthState {
  user: User | null;
  method: AuthMethod;
  sessionId: string | null;
  block: BlockInfo | null;
  rights: string[];
  /** Set when the request carried credentials that did not check out. */
  invalidCredentials: "session" | "oauth" | null;
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : "";
}

/**
 * Works out who is calling: an OAuth bearer token wins over a session cookie (it is the
 * CSRF-safe way in); an expired or unknown session just makes the caller anonymous.
 */
export async function authenticate(request: Request, store: WikiStore): Promise<AuthState> {
  const bearer = bearerToken(request);
  if (bearer !== null) {
    const user = bearer ? await store.oauth.verify(bearer) : null;
    if (!user) return anonymous("oauth");
    return withRights(user, "oauth", null, store);
  }
  const sessionId = parseCookies(request.headers.get("cookie")).get(SESSION_COOKIE);
  if (sessionId) {
    const session = await store.sessions.get(sessionId);
    if (session) return withRights(session.user, "session", session.sessionId, store);
    return anonymous("session");
  }
  return anonymous(null);
}

function anonymous(invalid: AuthState["invalidCredentials"]): AuthState {
  return { user: null, method: "anonymous", sessionId: null, block: null, rights: rightsOf(null), invalidCredentials: invalid };
}

async function withRights(user: User, method: AuthMethod, sessionId: string | null, store: WikiStore): Promise<AuthState> {
  const block = await store.blocks.active(user);
  return { user, method, sessionId, block, rights: rightsOf(user, block), invalidCredentials: null };
}
