/** Hosted wikis: lookup by domain or prefix, creation with the standard namespaces, siteinfo. */
import { SiteConfig, type SiteInfo } from "@wikiloom/wikitext";
import { StoreError } from "../errors";
import type { Db, Tx } from "../db/client";
import { standardInterwikis } from "../site/interwikis";
import { standardNamespaceAliases, standardNamespaces } from "../site/namespaces";
import { DEFAULT_SETTINGS, parseSettingsJson } from "../site/settings";
import { buildSiteInfo } from "../site/site-info";
import type { Wiki } from "../types";
import type { StoreContext } from "./context";

type WikiRow = { id: number; prefix: string; domain: string; siteName: string; lang: string; settings: string };

function toWiki(row: WikiRow): Wiki {
  return { id: row.id, prefix: row.prefix, domain: row.domain, siteName: row.siteName, lang: row.lang, settings: parseSettingsJson(row.settings) };
}

/** Host names compare case-insensitively and a trailing dot names the same host. */
export function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, "");
}

export interface NewWiki {
  prefix: string;
  domain: string;
  siteName: string;
  lang: string;
  settings?: Record<string, unknown>;
}

const PREFIX = /^[a-z][a-z0-9_-]{0,63}$/;
const DOMAIN = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?)*$/;

/** Creates a wiki with MediaWiki's standard namespaces and interwikis, inside the caller's transaction. */
export async function insertWiki(tx: Tx, input: NewWiki): Promise<Wiki> {
  const domain = normalizeDomain(input.domain);
  if (!PREFIX.test(input.prefix)) throw new StoreError("badvalue", `"${input.prefix}" is not a valid wiki id.`);
  if (!DOMAIN.test(domain)) throw new StoreError("badvalue", `"${input.domain}" is not a valid domain.`);
  const clash = await tx.wiki.findFirst({ where: { OR: [{ prefix: input.prefix }, { domain }] } });
  if (clash) throw new StoreError("wikiexists", `A wiki with id "${input.prefix}" or domain "${domain}" already exists.`);
  const row = await tx.wiki.create({
    data: {
      prefix: input.prefix,
      domain,
      siteName: input.siteName,
      lang: input.lang,
      settings: JSON.stringify({ ...DEFAULT_SETTINGS, ...input.settings }),
      namespaces: {
        create: standardNamespaces(input.siteName).map((ns) => ({
          number: ns.number,
          name: ns.name ?? ns.canonical,
          canonical: ns.canonical,
          caseRule: ns.caseRule,
          subpages: ns.subpages,
          content: ns.content,
        })),
      },
      aliases: { create: standardNamespaceAliases() },
      interwikis: { create: standardInterwikis().map((iw) => ({ prefix: iw.prefix, url: iw.url, local: iw.local ?? false, language: iw.language ?? null })) },
    },
  });
  return toWiki(row);
}

async function loadSiteInfo(db: Db | Tx, wiki: Wiki, server?: string): Promise<SiteInfo> {
  const row = await db.wiki.findUnique({
    where: { id: wiki.id },
    include: { namespaces: true, aliases: { orderBy: { id: "asc" } }, interwikis: { orderBy: { id: "asc" } } },
  });
  if (!row) throw new StoreError("nosuchwiki", `The wiki "${wiki.prefix}" does not exist.`);
  return buildSiteInfo({ wiki: toWiki(row), namespaces: row.namespaces, aliases: row.aliases, interwikis: row.interwikis }, server ? { server } : {});
}

export function wikisService(ctx: StoreContext) {
  // A wiki's configuration only changes through this service, so caching per wiki id is safe.
  const siteInfoCache = new Map<number, Promise<SiteInfo>>();
  const siteConfigCache = new Map<number, Promise<SiteConfig>>();

  function siteInfo(wiki: Wiki, opts: { server?: string } = {}): Promise<SiteInfo> {
    if (opts.server) return ctx.queue.run(() => loadSiteInfo(ctx.db, wiki, opts.server));
    let cached = siteInfoCache.get(wiki.id);
    if (!cached) {
      cached = ctx.queue.run(() => loadSiteInfo(ctx.db, wiki));
      cached.catch(() => siteInfoCache.delete(wiki.id));
      siteInfoCache.set(wiki.id, cached);
    }
    return cached;
  }

  function siteConfig(wiki: Wiki): Promise<SiteConfig> {
    let cached = siteConfigCache.get(wiki.id);
    if (!cached) {
      cached = siteInfo(wiki).then((info) => SiteConfig.fromSiteInfo(info));
      cached.catch(() => siteConfigCache.delete(wiki.id));
      siteConfigCache.set(wiki.id, cached);
    }
    return cached;
  }

  return {
    async byDomain(domain: string): Promise<Wiki | null> {
      if (typeof domain !== "string" || domain.length > 253) return null;
      const row = await ctx.queue.run(() => ctx.db.wiki.findUnique({ where: { domain: normalizeDomain(domain) } }));
      return row ? toWiki(row) : null;
    },

    async byPrefix(prefix: string): Promise<Wiki | null> {
      if (typeof prefix !== "string" || prefix.length > 64) return null;
      const row = await ctx.queue.run(() => ctx.db.wiki.findUnique({ where: { prefix } }));
      return row ? toWiki(row) : null;
    },

    async list(): Promise<Wiki[]> {
      const rows = await ctx.queue.run(() => ctx.db.wiki.findMany({ orderBy: { id: "asc" } }));
      return rows.map(toWiki);
    },

    /** Creates a wiki with the standard namespaces ('wikiexists', 'badvalue' on bad input). */
    create(input: NewWiki): Promise<Wiki> {
      return ctx.transaction((tx) => insertWiki(tx, input));
    },

    /**
     * The wiki's meta=siteinfo answer. `server` overrides the stored server (the HTTP layer knows
     * the scheme and port the client used); without it the answer is cached.
     */
    siteInfo,

    /** The engine's SiteConfig for the wiki, built once from its siteinfo. */
    siteConfig,
  };
}

/** A wiki's SiteConfig read inside a transaction (seeding configures and fills a wiki at once). */
export async function siteConfigWithin(tx: Tx, wiki: Wiki): Promise<SiteConfig> {
  return SiteConfig.fromSiteInfo(await loadSiteInfo(tx, wiki));
}
