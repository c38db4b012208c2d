/**
 * The `searchDocs` collection of sync.pull: the configurations of the requested search pages and
 * the wiki's search documents (every indexed page: a configuration searches them all), in the
 * form the PWA's in-memory executor evaluates. Documents are public page content: the same
 * data meta=WikiSearch serves to anyone.
 *
 * Position: (revision id, document id) of the last document sent, and the last deletion-log id
 * seen (deleted pages leave the index; their ids go out in `deleted`). Fingerprint: the wiki's
 * property table (a retyped property re-normalises documents without new revisions, so a change
 * restarts the collection).
 */
import { indexName, type PropertyInfo, type SearchConfig } from "@wikiloom/search";
import type { Wiki, WikiStore } from "@wikiloom/wiki";
import { Title, type SiteConfig } from "@wikiloom/wikitext";
import { enableStoreSearch } from "../search/service.js";
import { decodeCursor, encodeCursor, fingerprint, type CollectionAnswer } from "./cursor.js";

export interface SearchDocItem {
  docId: number;
  ns: number;
  title: string;
  prefixed: string;
  revId: number;
  source: Record<string, unknown>;
  textRaw: string;
  textCopy: string;
  values: { propId: number; keyword: string; num: number | null }[];
}

export interface SearchConfigItem {
  title: string;
  pageId: number;
  index: string;
  config: SearchConfig;
  properties: PropertyInfo[];
  namespaces: Record<string, string>;
}

export interface SearchDocsAnswer extends CollectionAnswer<SearchDocItem, number> {
  /** The requested configurations (always sent whole: they are small). */
  configs: SearchConfigItem[];
  /** Requested titles that hold no search configuration (any more). */
  missingConfigs: string[];
}

export async function pullSearchDocs(
  store: WikiStore,
  wiki: Wiki,
  site: SiteConfig,
  input: { configTitles: readonly string[]; cursor?: string; limit: number },
): Promise<SearchDocsAnswer> {
  const search = enableStoreSearch(store);
  await search.ensureSynced(wiki);
  const ref = await search.ref(wiki);
  const properties = search.search.tables.properties(wiki.id);
  const info = await store.wikis.siteInfo(wiki);
  const namespaces = Object.fromEntries(Object.keys(info.namespaces).map((ns) => [ns, site.namespaceName(Number(ns)) ?? ""]));

  const configs: SearchConfigItem[] = [];
  const missingConfigs: string[] = [];
  for (const text of input.configTitles) {
    const title = Title.tryParse(text, site);
    const page = title && !title.isExternal && title.ns >= 0 ? await store.pages.get(wiki, title) : null;
    const config = page ? search.search.config(ref, page.id) : null;
    if (!page || !config) missingConfigs.push(text);
    else configs.push({ title: page.title, pageId: page.id, index: indexName(wiki.prefix), config, properties, namespaces });
  }
  if (configs.length === 0) {
    return { items: [], deleted: [], cursor: input.cursor ?? "", more: false, reset: false, configs, missingConfigs };
  }

  const print = fingerprint(["searchDocs", wiki.id, ...properties.map((p) => `${p.id}:${p.name}:${p.type}`).sort()]);
  const position = decodeCursor(input.cursor, "s1", 3, print);
  const [revId, docId, deletionId] = position ?? [0, 0, await store.pages.lastDeletionId(wiki)];
  const rows = search.search.tables.docsAfter(wiki.id, { revId: revId!, docId: docId! }, input.limit + 1);
  const batch = rows.slice(0, input.limit);
  const deletions = position ? await store.pages.deletionsSince(wiki, deletionId!, 5000) : [];
  const last = batch[batch.length - 1];
  return {
    items: batch.map((row) => ({
      docId: row.docId, ns: row.ns, title: row.title, prefixed: row.prefixed, revId: row.revId,
      source: JSON.parse(row.source) as Record<string, unknown>, textRaw: row.textRaw, textCopy: row.textCopy, values: row.values,
    })),
    // A page deleted and saved again later comes back under a new page id, so dropping is safe.
    deleted: deletions.map((d) => d.pageId),
    cursor: encodeCursor("s1", [last?.revId ?? revId!, last?.docId ?? docId!, deletions[deletions.length - 1]?.logId ?? deletionId!], print),
    more: rows.length > batch.length,
    reset: position === null,
    configs,
    missingConfigs,
  };
}
