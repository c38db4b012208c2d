import { optionsFromEnv, SearchError, searchForStore, type StoreSearch } from "@wikiloom/search";
import type { WikiStore } from "@wikiloom/wiki";
import type { ApiContext } from "../action/context.js";
import { ApiError } from "../errors.js";

/** The store's search (created on first use, configured from the environment), caught up with the wiki. */
export async function searchOf(ctx: ApiContext): Promise<StoreSearch> {
  const search = enableStoreSearch(ctx.store);
  await search.ensureSynced(ctx.wiki);
  return search;
}

/**
 * Starts search for a store: the index listens to the store's saves from now on. Calling it at
 * server start (rather than relying on the first search request) means no save is missed
 * between start and the first search; either way a catch-up runs before the first answer.
 */
export function enableStoreSearch(store: WikiStore, log?: (line: string) => void): StoreSearch {
  return searchForStore(store, { ...optionsFromEnv(process.env), log });
}

/** Search refusals become action API errors; anything else is left to the dispatcher. */
export async function asApiErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SearchError) throw new ApiError(error.code, error.message);
    throw error;
  }
}
