// The wiki's configuration for the engine, from the action API's siteinfo (the same properties
// the conversion service asks remote wikis for). Kept for the worker's lifetime; offline, the
// service worker answers the request from its API cache.
import { SiteConfig, type SiteInfo } from "@wikiloom/wikitext";
import { ACTION_API } from "../shared/paths.js";

const SITEINFO_PROPS = "general|namespaces|namespacealiases|magicwords|interwikimap|extensiontags|functionhooks|protocols|variables|doubleunderscores";

let site: Promise<SiteConfig> | null = null;

export function siteUrl(baseUrl: string): string {
  const params = new URLSearchParams({ action: "query", meta: "siteinfo", siprop: SITEINFO_PROPS, format: "json", formatversion: "2" });
  return `${baseUrl}${ACTION_API}?${params}`;
}

export function siteConfig(baseUrl: string): Promise<SiteConfig> {
  site ??= fetchSite(baseUrl).catch((error: unknown) => {
    site = null;
    throw error;
  });
  return site;
}

async function fetchSite(baseUrl: string): Promise<SiteConfig> {
  const response = await fetch(siteUrl(baseUrl), { credentials: "include" });
  if (!response.ok) throw new Error(`siteinfo: HTTP ${response.status}`);
  const answer = (await response.json()) as { query?: SiteInfo };
  if (!answer.query) throw new Error("siteinfo: no query in the answer");
  return SiteConfig.fromSiteInfo(answer.query);
}
