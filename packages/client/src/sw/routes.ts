// Which requests the service worker answers how. Pure predicates, so they can be unit-tested.
import { ACTION_API, REST_API } from "../shared/paths.js";

/** API reads the UI and the worker make: served network-first, from the cache when offline. */
export function isApiRead(url: URL, method: string, origin: string): boolean {
  if (method !== "GET" || url.origin !== origin) return false;
  if (url.pathname === ACTION_API) return !isPrivateAction(url.searchParams);
  return url.pathname.startsWith(`${REST_API}/`);
}

/**
 * The wiki's configuration (siteinfo) changes rarely and the conversion worker needs it before its
 * first conversion: served from the cache at once and refreshed in the background.
 */
export function isSiteInfoRead(url: URL, method: string, origin: string): boolean {
  return isApiRead(url, method, origin) && url.pathname === ACTION_API && (url.searchParams.get("meta") ?? "").split("|").includes("siteinfo");
}

/** Tokens and login state must never come from a cache. */
function isPrivateAction(params: URLSearchParams): boolean {
  const meta = params.get("meta") ?? "";
  return meta.split("|").includes("tokens") || params.get("action") === "login" || params.get("action") === "logout";
}

/** Navigations the app shell must not answer: the APIs and Next's own assets. */
export const SHELL_EXCLUDED_PATHS = [/^\/w\//, /^\/api\//, /^\/_next\//];
