// Isomorphic helpers for judging the engine against the parser-test fixtures: the fixture-backed
// environment (siteinfo, data access, mock media) built from already-loaded JSON, and Parsoid's
// HTML normalisers. Nothing here reads files; callers hand in parsed data.
export * from "./fixture-env/parser-test-case.js";
export * from "./fixture-env/parser-test-site-info.js";
export * from "./fixture-env/fixture-data-access.js";
export * from "./fixture-env/mock-media.js";
export { md5Hex } from "./fixture-env/md5.js";
export { normalizeOut, type NormalizeOutOptions } from "./html-normalize/normalize-out.js";
export { normalizeLegacyExpected } from "./html-normalize/normalize-legacy-expected.js";
export { decodeUriLeniently } from "./html-normalize/decode-uri.js";
export * from "./compare-wt2html.js";
export * from "./fixture-env/parser-test-env.js";
