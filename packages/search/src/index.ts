// Search domain (WikiSearch-compatible): see issue 9 and ../shared/interfaces/search.md.
export { WikiSearch, indexName, type WikiSearchOptions, type WikiRef, type SearchParams, type SearchAnswer, type HighlightParams } from "./service";
export { searchAnswer } from "./answer";
export { MemoryExecutor, MemoryIndex, type MemoryDoc } from "./executor/memory";
export type { DocRow } from "./index/database";
export { SearchError } from "./errors";
export { scanAnnotations, type Annotation, type ScanResult } from "./annotations/scan";
export { parseConfigArgs, isEmptyConfig, SEARCH_PARAMETER_KEYS, type SearchConfig } from "./config/parse-config";
export { readSearchParameters, type SearchParameters } from "./config/search-parameters";
export { buildSearchRequest, buildHighlightRequest, type BuildEnv, type SearchInput, type HighlightInput } from "./query/build-request";
export { prepareTerm, insertWildcards } from "./query/prepare-term";
export type { Json, JsonObject, SearchRequest } from "./query/dsl";
export { EmbeddedExecutor } from "./executor/embedded";
export { ElasticsearchExecutor, ElasticsearchSink, elasticsearchRemote } from "./executor/elasticsearch";
export { OpenSearchExecutor, OpenSearchSink, opensearchRemote, type OpenSearchClient } from "./executor/opensearch";
export { RemoteExecutor, RemoteSink, correctedBody, toSearchResponse, type RemoteSearchClient } from "./executor/remote";
export { remoteFor, BACKEND_NAMES, type BackendName, type BackendOptions } from "./executor/select";
export type { SearchExecutor, SearchResponse, SearchHit } from "./executor/types";
export { NS_PROPERTY, type PageInput, type IndexOutcome } from "./index/indexer";
export {
  StaticPropertyTable, PREDEFINED, MODIFICATION_DATE, DISPLAY_TITLE, normalizePropertyName, valueField, keywordField,
  type PropertyInfo, type PropertyTable, type PropertyType,
} from "./properties";
export { julianDay, parseDate, parseNumber, normalizeValue } from "./values";
export { StoreSearch, searchForStore, optionsFromEnv, wikiRef, DEFAULT_RESYNC_SECONDS, type StoreSearchOptions, type SyncReport } from "./store-sync";
