import { RestError } from "../errors.js";

export type RestHandler = (request: Request, params: Record<string, string>) => Promise<Response>;

interface Route {
  method: string;
  segments: string[];
  greedy: boolean;
  handler: RestHandler;
}

/**
 * A small path router for `/w/rest.php/...`: patterns like `/{domain}/v3/page/{format}/{title}`,
 * with `{name?}` for an optional trailing segment and `{name+}` for the rest of the path (slashes
 * included). Segment values are percent-decoded.
 */
export class RestRouter {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: RestHandler): this {
    const segments = pattern.split("/").filter(Boolean);
    this.routes.push({ method: method.toUpperCase(), segments, greedy: segments.some((s) => s.endsWith("+}")), handler });
    return this;
  }

  async handle(request: Request, path: string): Promise<Response> {
    const parts = path.split("/").filter((part, i, all) => part !== "" || i === all.length - 1).filter(Boolean);
    let decoded: string[];
    try {
      decoded = parts.map((part) => decodeURIComponent(part));
    } catch {
      throw new RestError(400, "rest-bad-path", "The request path is not correctly percent-encoded.");
    }
    // Catch-all routes ({name+}) only get paths that no specific route knows, so that a specific
    // path with the wrong method answers 405 rather than falling into a catch-all.
    for (const greedy of [false, true]) {
      const allowed = new Set<string>();
      for (const route of this.routes) {
        if (route.greedy !== greedy) continue;
        const params = match(route.segments, decoded);
        if (!params) continue;
        if (route.method === request.method || (route.method === "GET" && request.method === "HEAD")) {
          return route.handler(request, params);
        }
        allowed.add(route.method);
      }
      if (allowed.size > 0) {
        throw new RestError(405, "rest-wrong-method", `The request method (${request.method}) is not allowed for this path.`, {
          method: request.method,
          allowed: [...allowed],
        }, { allow: [...allowed].join(", ") });
      }
    }
    throw new RestError(404, "rest-no-match", "The requested relative path did not match any known handler.");
  }
}

function match(pattern: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  let i = 0;
  for (; i < pattern.length; i++) {
    const seg = pattern[i]!;
    const part = parts[i];
    const variable = /^\{(\w+)([?+])?\}$/.exec(seg);
    if (variable?.[2] === "+") {
      if (part === undefined) return null;
      params[variable[1]!] = parts.slice(i).join("/");
      return params;
    }
    if (variable) {
      if (part === undefined) {
        if (variable[2] === "?") continue;
        return null;
      }
      params[variable[1]!] = part;
    } else if (part !== seg) {
      return null;
    }
  }
  return parts.length <= pattern.length ? params : null;
}
