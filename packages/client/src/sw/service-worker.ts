// The PWA's service worker (bundled by esbuild; workbox injectManifest fills in __WB_MANIFEST).
// - precaches the shell, the bundles, the wasm and the icons;
// - answers navigations with the precached shell, so the app opens offline;
// - serves API reads network-first with a cache fallback (siteinfo: cache first, refreshed behind);
// - waits after an update until the page asks it to take over (the UI offers a reload).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { clientsClaim } from "workbox-core";
import { isApiRead, isSiteInfoRead, SHELL_EXCLUDED_PATHS } from "./routes.js";

interface ServiceWorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}
declare const self: ServiceWorkerScope;

export const API_CACHE = "wikiloom-api-reads";

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: SHELL_EXCLUDED_PATHS }));
registerRoute(({ url, request }) => isSiteInfoRead(url, request.method, self.location.origin), new StaleWhileRevalidate({ cacheName: API_CACHE }));
registerRoute(
  ({ url, request }) => isApiRead(url, request.method, self.location.origin),
  // No timeout: a slow server is still better than a stale answer; offline fails fast anyway.
  new NetworkFirst({ cacheName: API_CACHE }),
);

// The first installation controls the open page at once; later versions wait for SKIP_WAITING.
clientsClaim();
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
