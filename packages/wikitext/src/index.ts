// Public surface of the engine. The environment contract comes first: everything that hosts the
// engine (server store, PWA worker, fixtures) implements or builds these.
export * from "./env/siteinfo.js";
export * from "./env/data-access.js";
export * from "./env/site-config.js";
export * from "./env/title.js";
