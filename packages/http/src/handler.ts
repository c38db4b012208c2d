import { ResourceLimitError } from "@wikiloom/wikitext";
import { handleActionApi } from "./action/api.js";
import type { HandlerDeps } from "./deps.js";
import { RestError, restErrorResponse } from "./errors.js";
import { RestRouter } from "./rest/router.js";

export type Handler = (request: Request) => Promise<Response>;

const REST_PREFIX = "/w/rest.php";
const ACTION_PATH = "/w/api.php";

/**
 * Builds the platform's request handler: `/w/api.php` (action API) and `/w/rest.php/...` (REST
 * routes registered by each domain). Unexpected failures are logged with the request id and
 * answered with the REST error shape, never with a stack trace.
 */
export function createHandler(deps: HandlerDeps, registerRoutes: ((router: RestRouter, deps: HandlerDeps) => void)[] = []): Handler {
  const router = new RestRouter();
  for (const register of registerRoutes) register(router, deps);

  return async (request) => {
    const requestId = request.headers.get("x-request-id") ?? crypto.randomUUID();
    let response: Response;
    try {
      const url = new URL(request.url);
      if (url.pathname === ACTION_PATH) response = await handleActionApi(request, deps);
      else if (url.pathname === REST_PREFIX || url.pathname.startsWith(`${REST_PREFIX}/`)) {
        response = await router.handle(request, url.pathname.slice(REST_PREFIX.length));
      } else throw new RestError(404, "rest-no-match", "The requested relative path did not match any known handler.");
    } catch (error) {
      if (error instanceof RestError) response = restErrorResponse(error);
      else if (error instanceof ResourceLimitError) response = restErrorResponse(resourceLimitError(error));
      else {
        deps.log?.({ level: "error", requestId, msg: "unhandled error", error: String(error), stack: (error as Error)?.stack });
        response = restErrorResponse(new RestError(500, "rest-internal-error", "An internal error occurred."));
      }
    }
    return finalize(request, response, requestId);
  };
}

/**
 * A conversion that ran into a resource limit (its time budget) is the input's doing: 413, as
 * Parsoid answers its resource-limit exceptions, not a server error.
 */
function resourceLimitError(error: ResourceLimitError): RestError {
  return new RestError(413, "parsoid-resource-limit-exceeded", error.message, { limit: error.limit });
}

/** Headers every answer carries: the request id, and no shared caching of cookie requests. */
function finalize(request: Request, response: Response, requestId: string): Response {
  const headers = new Headers(response.headers);
  headers.set("x-request-id", requestId);
  if (request.headers.has("cookie") || request.headers.has("authorization")) {
    headers.set("cache-control", "private, must-revalidate, max-age=0");
    headers.append("vary", "Cookie");
  }
  return new Response(request.method === "HEAD" ? null : response.body, { status: response.status, statusText: response.statusText, headers });
}
