import { SiteConfig, type DataAccess, type FileInfo, type FileRequest, type PageExistence, type PageSource, type SiteInfo } from "@wikiloom/wikitext";
import { RestError } from "../errors.js";
import type { WikiSource } from "./wiki-source.js";

/**
 * Wikis served from another MediaWiki installation through its action API. Only domains listed
 * in configuration are reachable, and the API URL always comes from that configuration, never
 * from the request, so no request can make the server fetch an arbitrary host.
 */
export interface RemoteWikiConfig {
  /** domain → action API URL, e.g. { "en.example.org": "https://en.example.org/w/api.php" } */
  wikis: Record<string, string>;
  timeoutMs?: number;
  /** How long a remote siteinfo is reused. */
  siteInfoTtlMs?: number;
}

/** Reads REMOTE_WIKIS: JSON object, or "domain=url" pairs separated by commas. */
export function parseRemoteWikis(value: string | undefined): Record<string, string> {
  if (!value || value.trim() === "") return {};
  const trimmed = value.trim();
  const entries: [string, string][] = trimmed.startsWith("{")
    ? Object.entries(JSON.parse(trimmed) as Record<string, string>)
    : trimmed.split(",").map((pair) => {
        const eq = pair.indexOf("=");
        return [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      });
  const wikis: Record<string, string> = {};
  for (const [domain, url] of entries) {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error(`REMOTE_WIKIS: ${url} is not an http(s) URL`);
    wikis[domain.toLowerCase()] = parsed.toString();
  }
  return wikis;
}

const SITEINFO_PROPS = "general|namespaces|namespacealiases|magicwords|interwikimap|extensiontags|functionhooks|protocols|variables|doubleunderscores|languagevariants";
const BATCH = 50;

interface ForwardedHeaders {
  cookie?: string | null;
  requestId?: string | null;
}

export class RemoteWikis {
  private readonly siteCache = new Map<string, { expires: number; site: Promise<SiteConfig> }>();

  constructor(private readonly config: RemoteWikiConfig) {}

  has(domain: string): boolean {
    return Object.hasOwn(this.config.wikis, domain.toLowerCase());
  }

  /** A WikiSource for one request: the client's Cookie and x-request-id travel to the remote API. */
  async source(domain: string, forwarded: ForwardedHeaders): Promise<WikiSource> {
    const apiUrl = this.config.wikis[domain.toLowerCase()];
    if (!apiUrl) throw new RestError(400, "rest-unknown-domain", `The domain "${domain}" is not a wiki served here.`, { domain });
    const api = new RemoteApi(apiUrl, forwarded, this.config.timeoutMs ?? 10_000);
    return { domain: domain.toLowerCase(), site: await this.siteConfig(domain.toLowerCase(), api, forwarded), data: new RemoteDataAccess(api) };
  }

  private siteConfig(domain: string, api: RemoteApi, forwarded: ForwardedHeaders): Promise<SiteConfig> {
    // A private wiki's configuration may depend on who asks: only cache anonymous answers.
    const cacheable = !forwarded.cookie;
    const cached = cacheable ? this.siteCache.get(domain) : undefined;
    if (cached && cached.expires > Date.now()) return cached.site;
    const site = api
      .query({ meta: "siteinfo", siprop: SITEINFO_PROPS })
      .then((answer) => SiteConfig.fromSiteInfo(answer.query as SiteInfo));
    if (cacheable) {
      this.siteCache.set(domain, { expires: Date.now() + (this.config.siteInfoTtlMs ?? 300_000), site });
      site.catch(() => this.siteCache.delete(domain));
    }
    return site;
  }
}

class RemoteApi {
  constructor(private readonly url: string, private readonly forwarded: ForwardedHeaders, private readonly timeoutMs: number) {}

  async query(params: Record<string, string>): Promise<any> {
    const body = new URLSearchParams({ action: "query", format: "json", formatversion: "2", ...params });
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", "user-agent": "Wikiloom conversion service" };
    if (this.forwarded.cookie) headers.cookie = this.forwarded.cookie;
    if (this.forwarded.requestId) headers["x-request-id"] = this.forwarded.requestId;
    let response: Response;
    try {
      response = await fetch(this.url, { method: "POST", body, headers, redirect: "error", signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new RestError(502, "rest-remote-wiki-unreachable", `The remote wiki could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) throw new RestError(502, "rest-remote-wiki-error", `The remote wiki answered HTTP ${response.status}.`);
    let answer: any;
    try {
      answer = await response.json();
    } catch {
      throw new RestError(502, "rest-remote-wiki-error", "The remote wiki did not answer with JSON.");
    }
    if (answer?.error) throw new RestError(502, "rest-remote-wiki-error", `The remote wiki answered: ${answer.error.code}: ${answer.error.info}`);
    return answer;
  }
}

/** The engine's DataAccess over a remote action API (formatversion=2 answers). */
class RemoteDataAccess implements DataAccess {
  constructor(private readonly api: RemoteApi) {}

  async getPageSource(title: string, revid?: number): Promise<PageSource | null> {
    const params: Record<string, string> = { prop: "revisions", rvprop: "ids|content", rvslots: "main" };
    if (revid !== undefined) params.revids = String(revid);
    else params.titles = title;
    const answer = await this.api.query(params);
    const page = answer.query?.pages?.[0];
    const revision = page?.revisions?.[0];
    if (!page || page.missing || page.invalid || !revision) return null;
    // A revision id names one page; asking for it under another title is a miss.
    if (revid !== undefined && normalize(page.title) !== normalize(title)) return null;
    const content = revision.slots?.main?.content ?? revision.content;
    if (typeof content !== "string") return null;
    return { title: page.title, revid: revision.revid, source: content, contentmodel: revision.slots?.main?.contentmodel };
  }

  async getPageExistence(titles: readonly string[]): Promise<Map<string, PageExistence>> {
    const result = new Map<string, PageExistence>();
    for (let i = 0; i < titles.length; i += BATCH) {
      const batch = titles.slice(i, i + BATCH);
      const answer = await this.api.query({ prop: "info", titles: batch.join("|") });
      const normalized = new Map<string, string>((answer.query?.normalized ?? []).map((n: { from: string; to: string }) => [n.to, n.from]));
      for (const page of answer.query?.pages ?? []) {
        if (page.missing || page.invalid) continue;
        const asked = normalized.get(page.title) ?? page.title;
        result.set(asked, { exists: true, redirect: Boolean(page.redirect) });
      }
    }
    return result;
  }

  async getFileInfo(requests: readonly FileRequest[]): Promise<Map<string, FileInfo>> {
    const result = new Map<string, FileInfo>();
    for (const request of requests) {
      const params: Record<string, string> = { prop: "imageinfo", titles: `File:${request.name}`, iiprop: "url|size|mime|mediatype" };
      if (request.width !== undefined) params.iiurlwidth = String(request.width);
      if (request.height !== undefined) params.iiurlheight = String(request.height);
      const answer = await this.api.query(params);
      const info = answer.query?.pages?.[0]?.imageinfo?.[0];
      if (!info) continue;
      result.set(request.name, {
        width: info.width, height: info.height, size: info.size, mime: info.mime, mediatype: info.mediatype,
        url: info.url, descriptionurl: info.descriptionurl, thumburl: info.thumburl, thumbwidth: info.thumbwidth, thumbheight: info.thumbheight,
      });
    }
    return result;
  }
}

function normalize(title: string): string {
  return title.replace(/_/g, " ");
}
