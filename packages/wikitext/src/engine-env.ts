// What the engine is handed by its host: the wiki's configuration, the page being converted,
// and access to other pages and files. The engine never reaches for a store itself.
import type { SiteConfig } from "./env/site-config.js";
import type { PageConfig, DataAccess } from "./env/data-access.js";

export interface Env {
  site: SiteConfig;
  page: PageConfig;
  data: DataAccess;
  /**
   * Wall-clock deadline (epoch milliseconds) after which the conversion stops with a
   * ResourceLimitError (see limits.ts); none when absent.
   */
  deadline?: number;
}

/** The page's language: its own when it has one, else the wiki's. */
export function pageLanguage(site: SiteConfig, page: PageConfig): string {
  return page.pagelanguage ?? site.lang;
}
