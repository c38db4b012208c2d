/**
 * Builds a hosted wiki's `meta=siteinfo` answer from its stored rows. This object is the single
 * description of the wiki's configuration: the action API returns it, and the engine's
 * SiteConfig is derived from it.
 */
import type { SiteInfo, SiteInfoNamespace } from "@wikiloom/wikitext";
import { EXTENSION_TAGS, URL_PROTOCOLS } from "./extension-tags";
import { DOUBLE_UNDERSCORE_IDS, FUNCTION_HOOK_IDS, VARIABLE_IDS, magicWords } from "./magic-words";
import { settingsOf } from "./settings";
import { LANGUAGE_VARIANTS, variantsOf } from "./language-variants";

export interface SiteInfoSource {
  wiki: { prefix: string; domain: string; siteName: string; lang: string; settings: Record<string, unknown> };
  namespaces: { number: number; name: string; canonical: string; caseRule: string; subpages: boolean; content: boolean; nonincludable: boolean }[];
  aliases: { number: number; alias: string }[];
  interwikis: { prefix: string; url: string; local: boolean; language: string | null }[];
}

/** Version string reported as `generator`; clients read the MediaWiki version from it. */
export const GENERATOR = "MediaWiki 1.43.0 (Wikiloom)";
const RTL_LANGUAGES = new Set(["ar", "arc", "dv", "fa", "ha", "he", "khw", "ks", "ku", "ps", "sd", "ur", "yi"]);

export function buildSiteInfo(source: SiteInfoSource, options: { server?: string } = {}): SiteInfo {
  const { wiki } = source;
  const settings = settingsOf(wiki.settings);
  const server = options.server || settings.server || `//${wiki.domain}`;
  const articlePath = "/wiki/$1";
  const mainPageUrl = articlePath.replace("$1", encodeURIComponent(settings.mainPage.replace(/ /g, "_")).replace(/%2F/g, "/").replace(/%3A/g, ":"));

  const namespaces: Record<string, SiteInfoNamespace> = {};
  for (const ns of [...source.namespaces].sort((a, b) => a.number - b.number)) {
    namespaces[String(ns.number)] = {
      id: ns.number,
      name: ns.name,
      ...(ns.number !== 0 ? { canonical: ns.canonical } : {}),
      case: ns.caseRule,
      subpages: ns.subpages,
      content: ns.content,
      nonincludable: ns.nonincludable,
    };
  }

  return {
    general: {
      mainpage: settings.mainPage,
      base: `${server}${mainPageUrl}`,
      sitename: wiki.siteName,
      generator: GENERATOR,
      case: "first-letter",
      lang: wiki.lang,
      rtl: RTL_LANGUAGES.has(wiki.lang),
      legaltitlechars: settings.legalTitleChars,
      linktrail: settings.linkTrail,
      linkprefixcharset: "",
      server,
      servername: wiki.domain,
      articlepath: articlePath,
      scriptpath: "/w",
      script: "/w/index.php",
      wikiid: wiki.prefix,
      timezone: settings.timezone,
      timeoffset: 0,
      maxarticlesize: settings.maxArticleSize,
      externallinktarget: false,
      magiclinks: { ISBN: false, PMID: false, RFC: false },
      ...(LANGUAGE_VARIANTS[wiki.lang] ? { variants: variantsOf(wiki.lang) } : {}),
    },
    namespaces,
    namespacealiases: source.aliases.map((a) => ({ id: a.number, alias: a.alias })),
    magicwords: magicWords(),
    interwikimap: source.interwikis.map((iw) => ({
      prefix: iw.prefix,
      url: iw.url,
      ...(iw.local ? { local: true } : {}),
      ...(iw.language !== null ? { language: iw.language } : {}),
    })),
    extensiontags: EXTENSION_TAGS.map((tag) => `<${tag}>`),
    functionhooks: [...FUNCTION_HOOK_IDS],
    protocols: [...URL_PROTOCOLS],
    variables: [...VARIABLE_IDS],
    doubleunderscores: [...DOUBLE_UNDERSCORE_IDS],
    languagevariants: LANGUAGE_VARIANTS,
  };
}
