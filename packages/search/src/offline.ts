// The isomorphic part of the search domain (no SQLite, no Node API): the query builder, the
// in-memory executor and the answer shaping. The PWA's offline search imports this entry; the
// server's service uses the same modules.
export { buildSearchRequest, type BuildEnv, type SearchInput } from "./query/build-request";
export { MemoryExecutor, MemoryIndex, type MemoryDoc, type MemoryExecutorOptions } from "./executor/memory";
export { searchAnswer, type SearchAnswer } from "./answer";
export { StaticPropertyTable, type PropertyInfo, type PropertyType } from "./properties";
export { SearchError } from "./errors";
export type { SearchConfig, SearchParameterKey } from "./config/parse-config";
export type { Json, JsonObject, SearchRequest } from "./query/dsl";
export type { SearchResponse, SearchHit } from "./executor/types";
