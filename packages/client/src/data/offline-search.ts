/**
 * `meta=WikiSearch` offline: the same query builder as the server turns the configuration and
 * the call's parameters into the same Elasticsearch request, and the search package's in-memory
 * executor evaluates it over the synced documents with the embedded executor's semantics. The
 * answer has the action API's shape (`result.hits` JSON text, `result.total`, `result.aggs`).
 */
import {
  buildSearchRequest, MemoryExecutor, MemoryIndex, searchAnswer, SearchError, StaticPropertyTable,
  type MemoryDoc, type PropertyInfo, type SearchAnswer, type SearchConfig, type SearchInput,
} from "@wikiloom/search/offline";
import { readMeta, type ClientDb } from "./db.js";
import type { SearchConfigRow } from "./records.js";
import { SEARCH_DOCS_VERSION } from "./sync-client.js";

export { SearchError };

/** The parameters of a meta=WikiSearch call; structured ones as JSON text, as the API takes them. */
export type OfflineSearchParams = SearchInput;

/** Elasticsearch's default result window, as the action API enforces it. */
const MAX_WINDOW = 10_000;

/** The in-memory index of a database, rebuilt when a pull changed the documents. */
const indexes = new WeakMap<ClientDb, { version: number; index: MemoryIndex }>();

async function indexOf(db: ClientDb): Promise<MemoryIndex> {
  const version = (await readMeta<number>(db, SEARCH_DOCS_VERSION)) ?? 0;
  const cached = indexes.get(db);
  if (cached && cached.version === version) return cached.index;
  const docs = (await db.searchDocs.toArray()) as unknown as MemoryDoc[];
  const index = new MemoryIndex(docs);
  indexes.set(db, { version, index });
  return index;
}

/**
 * Canonical page titles without the wiki's site configuration: spaces for underscores, the
 * namespace recognised by its local name, first letters upper case (the default case rule).
 */
function titleNormalizer(namespaces: Record<string, string>): (text: string) => string | null {
  const byName = new Map(Object.values(namespaces).filter((n) => n !== "").map((name) => [name.toLowerCase(), name]));
  const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return (text) => {
    const clean = text.replace(/_/g, " ").replace(/\s+/g, " ").trim();
    if (clean === "" || /[<>[\]{}|#]/.test(clean)) return null;
    const colon = clean.indexOf(":");
    const ns = colon > 0 ? byName.get(clean.slice(0, colon).trim().toLowerCase()) : undefined;
    if (ns) {
      const rest = clean.slice(colon + 1).trim();
      return rest === "" ? null : `${ns}:${upperFirst(rest)}`;
    }
    return upperFirst(clean);
  };
}

function checkWindow(params: OfflineSearchParams): void {
  for (const [name, value] of [["from", params.from], ["limit", params.limit]] as const) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new SearchError("badinteger", `Invalid value "${value}" for integer parameter "${name}".`);
    }
  }
  if ((params.from ?? 0) + (params.limit ?? 10) > MAX_WINDOW) {
    throw new SearchError("wikisearch-invalid-window", `"from" + "limit" must not exceed ${MAX_WINDOW}.`);
  }
}

/**
 * Runs the search of configuration page `configTitle` over the local documents. Throws a
 * SearchError (`code`, message) where the server would answer an action API error.
 */
export async function searchOffline(db: ClientDb, configTitle: string, params: OfflineSearchParams = {}): Promise<SearchAnswer> {
  checkWindow(params);
  const row: SearchConfigRow | undefined =
    (await db.searchConfigs.get(configTitle)) ?? (await db.searchConfigs.where("title").equalsIgnoreCase(configTitle.replace(/_/g, " ")).first());
  if (!row) {
    throw new SearchError("wikisearch-api-invalid-pageid", "The given page ID is invalid: the page does not exist or has no config associated with it.");
  }
  const index = await indexOf(db);
  const executor = new MemoryExecutor(index, { index: row.index });
  const request = await buildSearchRequest(row.config as SearchConfig, { ...params, from: params.from ?? 0, limit: params.limit ?? 10 }, {
    index: row.index,
    properties: new StaticPropertyTable(row.properties as PropertyInfo[]),
    normalizeTitle: titleNormalizer(row.namespaces),
    pageIdOf: async (title) => index.docs.find((doc) => doc.prefixed === title)?.docId ?? null,
    resolveChain: async (sub) => executor.searchSync(sub).hits.hits.map((hit) => Number(hit._id)).filter(Number.isFinite),
  });
  const response = executor.searchSync(request);
  return searchAnswer(request, response, (ns) => row.namespaces[String(ns)] ?? "");
}
