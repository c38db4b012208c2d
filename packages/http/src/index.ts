export { createHandler, type Handler } from "./handler.js";
export type { HandlerDeps } from "./deps.js";
export { RestRouter, type RestHandler } from "./rest/router.js";
export { RestError, ApiError, parameterError, jsonResponse, restErrorResponse } from "./errors.js";
export { parseBody, DEFAULT_MAX_BODY_BYTES } from "./request-body.js";
export { authenticate, type AuthState } from "./auth.js";
export { registerQueryMeta } from "./action/query/query.js";
export { resolveWikiByDomain, resolveWikiForHost } from "./wiki-resolution.js";
