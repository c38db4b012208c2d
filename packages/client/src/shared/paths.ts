// Where the built PWA's assets live on the server. The build script (scripts/build.mjs) writes
// them to the same places, so app, worker and service worker agree on one set of URLs.

/** Folder of the bundled app, worker, wasm and icons. */
export const ASSET_BASE = "/pwa/";
export const WORKER_URL = `${ASSET_BASE}worker.js`;
export const TOKENIZER_WASM_URL = `${ASSET_BASE}tokenizer.wasm`;
export const SERVICE_WORKER_URL = "/sw.js";
export const ACTION_API = "/w/api.php";
export const REST_API = "/w/rest.php";
/** The hosted demo wiki's domain in the conversion routes. */
export const WIKI_DOMAIN = "localhost";
