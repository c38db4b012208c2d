// Thin clients of the platform's HTTP APIs as the UI uses them: the action API (cookie session,
// CSRF tokens) and the REST routes. Errors come back as ApiError with the server's code.
import { ACTION_API, REST_API } from "../shared/paths.js";

export class ApiError extends Error {
  constructor(readonly code: string, message: string, readonly status = 0, readonly body: unknown = null) {
    super(message);
  }
}

/** Thrown when the request never reached the server (offline, connection refused). */
export class NetworkError extends ApiError {
  constructor(cause: unknown) {
    super("network", `The server could not be reached: ${(cause as Error)?.message ?? cause}`);
  }
}

type Params = Record<string, string | number | boolean | undefined>;

function encode(params: Params): URLSearchParams {
  const out = new URLSearchParams({ format: "json", formatversion: "2" });
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === false) continue;
    out.set(key, value === true ? "1" : String(value));
  }
  return out;
}

async function send(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, { credentials: "include", ...init });
  } catch (error) {
    throw new NetworkError(error);
  }
}

async function actionAnswer(response: Response): Promise<any> {
  const body = await response.json().catch(() => null);
  if (body?.error) throw new ApiError(body.error.code, body.error.info, response.status, body);
  if (!response.ok || body === null) throw new ApiError("http", `HTTP ${response.status}`, response.status, body);
  return body;
}

export async function actionGet(params: Params): Promise<any> {
  return actionAnswer(await send(`${ACTION_API}?${encode(params)}`, { method: "GET" }));
}

export async function actionPost(params: Params): Promise<any> {
  return actionAnswer(await send(ACTION_API, { method: "POST", body: encode(params) }));
}

export async function csrfToken(): Promise<string> {
  const answer = await actionGet({ action: "query", meta: "tokens" });
  return answer.query.tokens.csrftoken as string;
}

/** A REST call under /w/rest.php; JSON in and out; MediaWiki REST errors become ApiError. */
export async function rest(method: string, path: string, body?: unknown): Promise<any> {
  const init: RequestInit = { method, headers: { accept: "application/json" } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, "content-type": "application/json" };
  }
  const response = await send(`${REST_API}${path}`, init);
  const text = await response.text();
  const parsed = text ? safeJson(text) : null;
  if (!response.ok) {
    const code = parsed?.errorKey ?? "http";
    const message = parsed?.messageTranslations?.en ?? parsed?.message ?? `HTTP ${response.status}`;
    throw new ApiError(code, message, response.status, parsed);
  }
  return parsed;
}

/** GET of a REST resource that answers HTML (the conversion service's page/html route). */
export async function restHtml(path: string): Promise<string> {
  const response = await send(`${REST_API}${path}`, { method: "GET", headers: { accept: "text/html" } });
  if (!response.ok) {
    const parsed = safeJson(await response.text());
    throw new ApiError(parsed?.errorKey ?? "http", parsed?.messageTranslations?.en ?? `HTTP ${response.status}`, response.status, parsed);
  }
  return response.text();
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
