import { clearCookie, parseCookies, serializeCookie } from "../cookies.js";
import { ANON_COOKIE, authenticate, SESSION_COOKIE } from "../auth.js";
import type { HandlerDeps } from "../deps.js";
import { ApiError, jsonResponse, RestError } from "../errors.js";
import { mediaType, parseBody } from "../request-body.js";
import { resolveWikiForHost } from "../wiki-resolution.js";
import type { ApiContext, ApiModule } from "./context.js";
import { toFormatVersion1 } from "./format.js";
import { ApiParams } from "./params.js";
import { queryModule } from "./query/query.js";
import { loginModule, logoutModule } from "./modules/login.js";
import { createAccountModule } from "./modules/createaccount.js";
import { editModule } from "./modules/edit.js";
import { deleteModule } from "./modules/delete.js";
import { userRightsModule } from "./modules/userrights.js";
import { blockModule, unblockModule } from "./modules/block.js";
import { oauthTokenModule } from "./modules/oauth.js";

const MODULES: Record<string, ApiModule> = {
  query: queryModule,
  login: loginModule,
  logout: logoutModule,
  createaccount: createAccountModule,
  edit: editModule,
  delete: deleteModule,
  userrights: userRightsModule,
  block: blockModule,
  unblock: unblockModule,
  oauthtoken: oauthTokenModule,
};

/** Parameters every request may carry; never reported as unrecognized. */
const GLOBAL_PARAMS = new Set([
  "action", "format", "formatversion", "maxlag", "assert", "assertuser", "errorformat", "errorlang",
  "utf8", "ascii", "origin", "curtimestamp", "servedby", "requestid", "uselang", "variant",
  "smaxage", "maxage", "responselanginfo", "crossorigin", "callback",
]);

async function collectParams(request: Request, deps: HandlerDeps): Promise<{ params: Map<string, string>; posted: boolean }> {
  const url = new URL(request.url);
  const params = new Map<string, string>(url.searchParams);
  const posted = request.method === "POST";
  if (posted) {
    const type = mediaType(request.headers.get("content-type"));
    if (type === "application/json") {
      throw new RestError(415, "rest-unsupported-content-type", "The action API takes form-encoded or multipart bodies, not JSON.");
    }
    const body = await parseBody(request, deps.maxBodyBytes);
    for (const [key, value] of Object.entries(body.fields)) params.set(key, String(value));
  }
  return { params, posted };
}

function checkAssert(ctx: ApiContext): void {
  const assert = ctx.params.string("assert");
  if (assert === "user" && !ctx.auth.user) {
    throw new ApiError("assertuserfailed", "You are no longer logged in, so the action could not be completed.");
  }
  if (assert === "anon" && ctx.auth.user) {
    throw new ApiError("assertanonfailed", "You are logged in, so the action could not be completed.");
  }
  if (assert === "bot" && !ctx.auth.rights.includes("bot")) {
    throw new ApiError("assertbotfailed", "You do not have the \"bot\" right, so the action could not be completed.");
  }
  const assertUser = ctx.params.string("assertuser");
  if (assertUser !== undefined && ctx.auth.user?.name !== assertUser.replace(/_/g, " ")) {
    throw new ApiError("assertnameduserfailed", `You are no longer logged in as "${assertUser}", so the action could not be completed.`);
  }
}

/** `/w/api.php`: MediaWiki's action API, GET or POST (form-encoded or multipart). */
export async function handleActionApi(request: Request, deps: HandlerDeps): Promise<Response> {
  const cookies: string[] = [];
  let formatVersion: 1 | 2 = 1;
  const warnings = new Map<string, string[]>();
  let pretty = false;
  try {
    if (request.method !== "GET" && request.method !== "POST" && request.method !== "HEAD") {
      throw new ApiError("badmethod", `The HTTP method ${request.method} is not supported by the action API.`, {}, 405);
    }
    const { params: raw, posted } = await collectParams(request, deps);
    const params = new ApiParams(raw);
    const format = params.string("format") ?? "json";
    if (format !== "json" && format !== "jsonfm") {
      throw new ApiError("badvalue", `Unrecognized value for parameter "format": ${format}.`);
    }
    pretty = format === "jsonfm";
    const fv = params.string("formatversion");
    formatVersion = fv === "2" || fv === "latest" ? 2 : 1;
    if (params.has("callback")) {
      throw new ApiError("badvalue", "JSONP callbacks are not supported.");
    }
    const action = params.string("action");
    if (action === undefined || action === "") {
      throw new ApiError("missingparam", 'The "action" parameter must be set.');
    }
    const module = MODULES[action];
    if (!module) throw new ApiError("badvalue", `Unrecognized value for parameter "action": ${action}.`);

    const { wiki, site } = await resolveWikiForHost(deps.store, request);
    const auth = await authenticate(request, deps.store);
    if (auth.invalidCredentials === "oauth") {
      throw new ApiError("mwoauth-invalid-authorization", "The authorization headers in your request are not valid: invalid or revoked access token.", {}, 401);
    }
    if (auth.invalidCredentials === "session") cookies.push(clearCookie(SESSION_COOKIE));
    const url = new URL(request.url);
    const secure = url.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
    let anonId = parseCookies(request.headers.get("cookie")).get(ANON_COOKIE);
    const ctx: ApiContext = {
      request, deps, store: deps.store, wiki, site, params, auth, posted, formatVersion, secure,
      setCookie: (cookie) => cookies.push(cookie),
      anonymousId: () => {
        if (!anonId || !/^[0-9a-f]{32}$/.test(anonId)) {
          anonId = randomHex(16);
          cookies.push(serializeCookie(ANON_COOKIE, anonId, { secure, maxAgeSeconds: 86400 }));
        }
        return anonId;
      },
      warn: (moduleName, text) => warnings.set(moduleName, [...(warnings.get(moduleName) ?? []), text]),
    };
    checkAssert(ctx);
    const result = await module(ctx);
    const unknown = [...raw.keys()].filter((key) => !params.used.has(key) && !GLOBAL_PARAMS.has(key));
    if (unknown.length > 0) ctx.warn("main", `Unrecognized parameter${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}.`);
    const body: Record<string, unknown> = { ...result };
    if (params.has("curtimestamp")) body.curtimestamp = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
    const requestId = params.string("requestid");
    if (requestId !== undefined) body.requestid = requestId;
    return respond(body, 200, {}, warnings, formatVersion, cookies, pretty);
  } catch (error) {
    const apiError = toApiError(error, deps);
    const body: Record<string, unknown> = {
      error: { code: apiError.code, info: apiError.message, ...apiError.data, docref: "See /w/api.php for API usage." },
    };
    return respond(body, apiError.status, { "mediawiki-api-error": apiError.code }, warnings, formatVersion, cookies, pretty);
  }
}

function toApiError(error: unknown, deps: HandlerDeps): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof RestError) return new ApiError(error.errorKey, error.message, {}, error.status);
  deps.log?.({ level: "error", msg: "action API internal error", error: String(error), stack: (error as Error)?.stack });
  return new ApiError("internal_api_error", "An internal error occurred.", {}, 500);
}

function respond(
  body: Record<string, unknown>,
  status: number,
  headers: Record<string, string>,
  warnings: Map<string, string[]>,
  formatVersion: 1 | 2,
  cookies: string[],
  pretty: boolean,
): Response {
  if (warnings.size > 0) {
    const key = formatVersion === 1 ? "*" : "warnings";
    body.warnings = Object.fromEntries([...warnings].map(([module, texts]) => [module, { [key]: texts.join("\n") }]));
  }
  const out = formatVersion === 1 ? toFormatVersion1(body) : body;
  const h = new Headers({
    "content-type": "application/json; charset=utf-8",
    "cache-control": "private, must-revalidate, max-age=0",
    "x-content-type-options": "nosniff",
    ...headers,
  });
  for (const cookie of cookies) h.append("set-cookie", cookie);
  return new Response(pretty ? JSON.stringify(out, null, 2) : JSON.stringify(out), { status, headers: h });
}

function randomHex(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
}

export { jsonResponse };
