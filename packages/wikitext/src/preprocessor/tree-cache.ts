// Parse trees of template texts, shared by every conversion of the process. A tree depends only
// on the text and the tree options (the site's extension tags, language conversion), and nothing
// changes a tree once built, so conversions that use the same templates (a server rendering many
// pages of one wiki) parse each template text once. Keyed by the text itself: an edited template
// is a new text. Bounded by the total length of the cached texts, least recently used first out.
import { buildTree } from "./build-tree.js";
import type { PPTree } from "./tree.js";
import { memoizedPerObject } from "../util/memo.js";

/** Total UTF-16 length of the cached template texts. */
const MAX_CACHED_CHARS = 4 * 1024 * 1024;

/** Texts this long are parsed but not kept: they would crowd out everything else. */
const MAX_TEXT_CHARS = MAX_CACHED_CHARS / 8;

/** One cache per option set (sites are few); Map order is the recency order. */
const caches = new Map<string, Map<string, PPTree>>();
let cachedChars = 0;

/** The inclusion-mode tree of a template text. */
export function templateTree(source: string, extensionTags: readonly string[], languageConversion: boolean): PPTree {
  const optionsKey = `${languageConversion ? "1" : "0"}|${tagListKey(extensionTags)}`;
  let cache = caches.get(optionsKey);
  if (!cache) {
    cache = new Map();
    caches.set(optionsKey, cache);
  }
  let tree = cache.get(source);
  if (tree) {
    // Most recently used goes last.
    cache.delete(source);
    cache.set(source, tree);
    return tree;
  }
  tree = buildTree(source, { forInclusion: true, extensionTags, languageConversion });
  if (source.length <= MAX_TEXT_CHARS) {
    cache.set(source, tree);
    cachedChars += source.length;
    evict();
  }
  return tree;
}

/** The joined tag names, once per tag array (callers pass one array per site). */
const tagListKey = memoizedPerObject((tags: readonly string[]): string => tags.join("|"));

function evict(): void {
  for (const [key, cache] of caches) {
    for (const text of cache.keys()) {
      if (cachedChars <= MAX_CACHED_CHARS) return;
      cache.delete(text);
      cachedChars -= text.length;
    }
    if (cache.size === 0) caches.delete(key);
  }
}
