/**
 * The `pages` and `templates` collections of sync.pull: the pages the user opened (latest
 * revision and wikitext) and every template they transclude, found by running the engine's
 * preprocessor over each page with a data access that records what it was asked for.
 *
 * Position: the highest revision id the client holds. Fingerprint: the set of titles the
 * position is relative to (opened titles for pages, the transcluded set for templates), so
 * opening another page, or a page starting to use another template, restarts the collection.
 */
import type { Revision, Wiki, WikiStore } from "@wikiloom/wiki";
import { preprocess, Title, type DataAccess, type SiteConfig } from "@wikiloom/wikitext";
import { decodeCursor, encodeCursor, fingerprint, type CollectionAnswer } from "./cursor.js";
import { linkTargets } from "./links.js";

export interface PageItem {
  title: string;
  revid: number;
  wikitext: string;
  /** ISO 8601 time of the revision. */
  timestamp: string;
  /** Templates the page transcludes (prefixed titles), directly or through other templates. */
  templates: string[];
  /** Whether each page the (expanded) text links to exists: red links offline. */
  links: Record<string, boolean>;
}

export type TemplateItem = Omit<PageItem, "templates" | "links">;

interface Resolved {
  title: string;
  revision: Revision | null;
}

/** The data access the preprocessor runs with: the store's, remembering every title it fetched. */
function recording(data: DataAccess, seen: Map<string, number | null>): DataAccess {
  return {
    async getPageSource(title, revid) {
      const source = await data.getPageSource(title, revid);
      seen.set(source?.title ?? title, source ? source.revid : null);
      return source;
    },
    getPageExistence: (titles) => data.getPageExistence(titles),
    getFileInfo: (requests) => data.getFileInfo(requests),
  };
}

async function resolveTitles(store: WikiStore, wiki: Wiki, site: SiteConfig, titles: readonly string[]): Promise<Resolved[]> {
  const seen = new Set<string>();
  const out: Resolved[] = [];
  for (const text of titles) {
    const title = Title.tryParse(text, site);
    if (!title || title.isExternal || title.ns < 0) {
      out.push({ title: text, revision: null });
      continue;
    }
    if (seen.has(title.prefixedText)) continue;
    seen.add(title.prefixedText);
    out.push({ title: title.prefixedText, revision: await store.pages.latest(wiki, title) });
  }
  return out;
}

/** What preprocessing found for one page revision: templates with the revisions read, link targets. */
interface Dependencies {
  templates: Map<string, number | null>;
  targets: string[];
}

/**
 * Preprocessing results by page revision, kept while the templates they read are unchanged
 * (the set of templates a revision uses only changes when one of them does). Bounded: the
 * oldest entries go first.
 */
const CACHE_SIZE = 2000;
const cache = new Map<string, Dependencies>();

async function stillCurrent(store: WikiStore, wiki: Wiki, site: SiteConfig, deps: Dependencies): Promise<boolean> {
  for (const [text, revid] of deps.templates) {
    const title = Title.tryParse(text, site);
    const latest = title ? await store.pages.get(wiki, title) : null;
    if ((latest?.latestRevId ?? null) !== revid) return false;
  }
  return true;
}

/**
 * Templates a page's text transcludes (title → latest revision id, or null when missing), and
 * the existence of the pages its expanded text links to.
 */
async function dependencies(store: WikiStore, wiki: Wiki, site: SiteConfig, page: Revision): Promise<{ templates: Map<string, number | null>; links: Record<string, boolean> }> {
  const key = `${store.databaseFile}\u0000${wiki.id}\u0000${page.id}`;
  let found = cache.get(key);
  if (!found || !(await stillCurrent(store, wiki, site, found))) {
    const templates = new Map<string, number | null>();
    const expanded = await preprocess(page.text, { site, page: { title: page.title, revid: page.id }, data: recording(store.dataAccess(wiki), templates) });
    templates.delete(page.title);
    found = { templates, targets: linkTargets(expanded.text, site) };
    cache.delete(key);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, found);
  }
  // Existence changes without the page changing: always read afresh (one batched query).
  const existing = await store.dataAccess(wiki).getPageExistence(found.targets);
  return { templates: found.templates, links: Object.fromEntries(found.targets.map((title) => [title, existing.get(title)?.exists ?? false])) };
}

function item(revision: Revision): TemplateItem {
  return { title: revision.title, revid: revision.id, wikitext: revision.text, timestamp: revision.timestamp.toISOString() };
}

/** Items past `base`, in revision order, at most `limit`; the cursor moves to the last one sent. */
function page<T extends { revid: number }>(candidates: T[], base: number, limit: number): { items: T[]; more: boolean; position: number } {
  const fresh = candidates.filter((c) => c.revid > base).sort((a, b) => a.revid - b.revid);
  const items = fresh.slice(0, limit);
  const more = fresh.length > items.length;
  const position = Math.max(base, ...items.map((i) => i.revid));
  return { items, more, position };
}

export interface PagesPull {
  pages: CollectionAnswer<PageItem>;
  templates: CollectionAnswer<TemplateItem>;
}

export async function pullPages(
  store: WikiStore,
  wiki: Wiki,
  site: SiteConfig,
  input: { titles: readonly string[]; pagesCursor?: string; templatesCursor?: string; limit: number },
): Promise<PagesPull> {
  const resolved = await resolveTitles(store, wiki, site, input.titles);
  const existing = resolved.filter((r): r is Resolved & { revision: Revision } => r.revision !== null);

  const templateRevs = new Map<string, number | null>();
  const pageItems: PageItem[] = [];
  for (const { revision } of existing) {
    const { templates: used, links } = await dependencies(store, wiki, site, revision);
    for (const [title, revid] of used) templateRevs.set(title, revid);
    pageItems.push({ ...item(revision), templates: [...used.keys()].sort(), links });
  }

  const pagePrint = fingerprint(["pages", wiki.id, ...resolved.map((r) => r.title).sort()]);
  const pageBase = decodeCursor(input.pagesCursor, "p1", 1, pagePrint);
  const pages = page(pageItems, pageBase?.[0] ?? 0, input.limit);

  const templateTitles = [...templateRevs.keys()].sort();
  const templatePrint = fingerprint(["templates", wiki.id, ...templateTitles]);
  const templateBase = decodeCursor(input.templatesCursor, "t1", 1, templatePrint);
  const templateItems: TemplateItem[] = [];
  for (const title of templateTitles) {
    const revid = templateRevs.get(title);
    if (revid === null || revid === undefined || revid <= (templateBase?.[0] ?? 0)) continue;
    const revision = await store.pages.revision(wiki, revid);
    if (revision) templateItems.push(item(revision));
  }
  const templates = page(templateItems, templateBase?.[0] ?? 0, input.limit);

  return {
    pages: {
      items: pages.items,
      // Missing titles are always reported: the client drops them if it holds them.
      deleted: resolved.filter((r) => r.revision === null).map((r) => r.title),
      cursor: encodeCursor("p1", [pages.position], pagePrint),
      more: pages.more,
      reset: pageBase === null,
    },
    templates: {
      items: templates.items,
      deleted: templateTitles.filter((title) => templateRevs.get(title) === null),
      cursor: encodeCursor("t1", [templates.position], templatePrint),
      more: templates.more,
      reset: templateBase === null,
    },
  };
}
