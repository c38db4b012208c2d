import type { SiteConfig } from "@wikiloom/wikitext";
import type { Wiki, WikiStore } from "@wikiloom/wiki";
import { RestError } from "./errors.js";

/**
 * The action API serves the wiki whose domain is the request's host name, and the first hosted
 * wiki when the host names none (e.g. a client talking to 127.0.0.1).
 */
export async function resolveWikiForHost(store: WikiStore, request: Request): Promise<{ wiki: Wiki; site: SiteConfig }> {
  const host = (request.headers.get("host") ?? new URL(request.url).host).replace(/:\d+$/, "").toLowerCase();
  const wiki = (await store.wikis.byDomain(host)) ?? (await store.wikis.list())[0];
  if (!wiki) throw new RestError(404, "rest-no-wiki", "No wiki is hosted here.");
  return { wiki, site: await store.wikis.siteConfig(wiki) };
}
