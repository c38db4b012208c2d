/**
 * The search API's action modules. `enableSearch(store)` is the one call a server makes: it
 * registers meta=WikiSearch and meta=WikiSearchHighlight with action=query and starts indexing
 * the store's saves.
 */
import type { WikiStore } from "@wikiloom/wiki";
import type { StoreSearch } from "@wikiloom/search";
import { registerQueryMeta } from "../action/query/query.js";
import { wikiSearchHighlightMeta } from "./highlight.js";
import { enableStoreSearch } from "./service.js";
import { wikiSearchMeta } from "./wikisearch.js";

export function registerSearchModules(): void {
  // As in the WikiSearch extension, the answers sit at the top level (`result`, `words`).
  registerQueryMeta("WikiSearch", wikiSearchMeta, { topLevel: true });
  registerQueryMeta("WikiSearchHighlight", wikiSearchHighlightMeta, { topLevel: true });
}

export function enableSearch(store: WikiStore, log?: (line: string) => void): StoreSearch {
  registerSearchModules();
  return enableStoreSearch(store, log);
}
