import { Title, TitleError, type DataAccess, type Env, type SiteConfig } from "@wikiloom/wikitext";
import type { Wiki, WikiStore } from "@wikiloom/wiki";
import { RestError } from "../errors.js";

/**
 * A wiki the conversion service can work on: its configuration and data access. Hosted wikis
 * come from the store; the design leaves room for allow-listed remote wikis behind the same shape.
 */
export interface WikiSource {
  domain: string;
  site: SiteConfig;
  data: DataAccess;
}

export async function wikiSource(store: WikiStore, wiki: Wiki): Promise<WikiSource> {
  return { domain: wiki.domain, site: await store.wikis.siteConfig(wiki), data: store.dataAccess(wiki) };
}

export async function hostedWikiSource(store: WikiStore, domain: string): Promise<WikiSource | null> {
  const wiki = await store.wikis.byDomain(domain.toLowerCase());
  return wiki ? wikiSource(store, wiki) : null;
}

export function parsePathTitle(source: WikiSource, text: string): Title {
  try {
    const title = Title.parse(text, source.site);
    if (title.isExternal || title.ns < 0) throw new TitleError("title-invalid-characters", text);
    return title;
  } catch (error) {
    if (error instanceof TitleError) {
      throw new RestError(400, "rest-invalid-title", `"${text}" is not a valid page title (${error.code}).`, { title: text });
    }
    throw error;
  }
}

/** The latest revision of a page, or 404. */
export async function latestRevision(source: WikiSource, title: Title): Promise<{ revid: number; text: string }> {
  const page = await source.data.getPageSource(title.prefixedText);
  if (!page) throw new RestError(404, "rest-nonexistent-title", `The page "${title.prefixedText}" does not exist.`, { title: title.prefixedText });
  return { revid: page.revid, text: page.source };
}

/** A revision of a given page, or 404 (also when the revision belongs to another page). */
export async function pageRevision(source: WikiSource, title: Title, revid: number): Promise<{ revid: number; text: string }> {
  const page = await source.data.getPageSource(title.prefixedText, revid);
  if (!page) {
    throw new RestError(404, "rest-nonexistent-revision", `The revision ${revid} of "${title.prefixedText}" does not exist.`, { title: title.prefixedText, revision: revid });
  }
  return { revid: page.revid, text: page.source };
}

/** The engine's environment for one conversion; `deadline` (epoch ms) bounds its wall time. */
export function engineEnv(source: WikiSource, title: Title | null, revid?: number, deadline?: number): Env {
  return {
    site: source.site,
    page: { title: title?.prefixedText ?? source.site.mainPage, ...(revid !== undefined ? { revid } : {}) },
    data: source.data,
    ...(deadline !== undefined ? { deadline } : {}),
  };
}
