/**
 * The per-request plumbing of the campaignevents routes: reading the body, knowing the caller,
 * the CSRF rule for writes, the wiki scope and the events service of the store.
 */
import { EventsError, openEventsService, type Actor, type EventsService, type WikiScope } from "@wikiloom/events";
import type { WikiStore } from "@wikiloom/wiki";
import { authenticate, type AuthState } from "../auth.js";
import type { HandlerDeps } from "../deps.js";
import { RestError } from "../errors.js";
import { parseBody } from "../request-body.js";
import { resolveWikiForHost } from "../wiki-resolution.js";
import { BodyReader } from "./params.js";

const services = new WeakMap<WikiStore, Promise<EventsService>>();

/** One events service per store, opened on first use (it migrates the events tables). */
export function eventsServiceFor(store: WikiStore): Promise<EventsService> {
  let service = services.get(store);
  if (!service) {
    service = openEventsService(store);
    services.set(store, service);
    service.catch(() => services.delete(store));
  }
  return service;
}

const SCOPE_TTL_MS = 10_000;
const scopes = new WeakMap<EventsService, Map<string, { scope: WikiScope; until: number }>>();

function hostOf(request: Request): string {
  return (request.headers.get("host") ?? new URL(request.url).host).replace(/:\d+$/, "").toLowerCase();
}

/**
 * The wiki the request is for, as the events domain sees it. Kept for a few seconds per host:
 * resolving the host and building the site configuration would otherwise cost several store
 * queries on every listing page.
 */
export async function scopeFor(service: EventsService, store: WikiStore, request: Request): Promise<WikiScope> {
  let cache = scopes.get(service);
  if (!cache) scopes.set(service, (cache = new Map()));
  const host = hostOf(request);
  const hit = cache.get(host);
  if (hit && hit.until > Date.now()) return hit.scope;
  const { wiki } = await resolveWikiForHost(store, request);
  const scope = await service.scope(wiki);
  if (cache.size > 1000) cache.clear();
  cache.set(host, { scope, until: Date.now() + SCOPE_TTL_MS });
  return scope;
}

export function actorOf(auth: AuthState): Actor | null {
  if (!auth.user) return null;
  return { id: auth.user.id, name: auth.user.name, rights: auth.rights, blocked: auth.block !== null };
}

/** Reads the body; a JSON body that is not an object is a parse error, as in MediaWiki. */
export async function readBody(request: Request, deps: HandlerDeps): Promise<BodyReader> {
  try {
    const body = await parseBody(request, deps.maxBodyBytes);
    return new BodyReader(body.fields, body.kind === "json" || body.kind === "none");
  } catch (error) {
    if (error instanceof RestError && error.errorKey === "rest-bad-json-body") {
      throw new RestError(400, "rest-json-body-parse-error", "The JSON body must be an object.");
    }
    throw error;
  }
}

/**
 * Writes from cookie sessions (and from callers with no credentials) need the session's CSRF
 * token in the `token` field; OAuth requests are CSRF-safe and must not send one.
 */
export async function checkCsrf(store: WikiStore, auth: AuthState, body: BodyReader): Promise<void> {
  const token = body.token;
  if (auth.method === "oauth") {
    if (typeof token === "string" && token !== "") {
      throw new RestError(400, "rest-extraneous-csrf-token", "A CSRF token must not be sent with OAuth requests.");
    }
    return;
  }
  if (typeof token !== "string" || token === "") {
    throw new RestError(400, "rest-badtoken", "The request needs a CSRF token in the \"token\" field.", { messageKey: "rest-badtoken-missing" });
  }
  if (!auth.sessionId) {
    throw new RestError(400, "rest-badtoken", "There is no session, so the CSRF token cannot be checked: log in first.", {
      messageKey: "rest-badtoken-nosession",
    });
  }
  if (!(await store.tokens.verifyCsrf(auth.sessionId, token))) {
    throw new RestError(400, "rest-badtoken", "The CSRF token is not valid for this session.");
  }
}

/** Credentials that did not check out are refused rather than silently treated as anonymous. */
export async function callerOf(request: Request, store: WikiStore): Promise<AuthState> {
  const auth = await authenticate(request, store);
  if (auth.invalidCredentials === "oauth") {
    throw new RestError(401, "rest-oauth-invalid-token", "The OAuth access token is not valid or has expired.");
  }
  return auth;
}

/** Domain refusals become MediaWiki REST errors with the CampaignEvents message key. */
export function asRestError(error: unknown): unknown {
  return error instanceof EventsError ? new RestError(error.status, error.key, error.message) : error;
}
