import type { SiteInfo, SiteInfoInterwiki, SiteInfoMagicWord, SiteInfoNamespace } from "../../env/siteinfo.js";
import {
  type ParserTestCase,
  caseConfig,
  caseExternalLinkTarget,
  caseOptions,
} from "./parser-test-case.js";

/**
 * Builds the siteinfo a parser test runs against. The engine's only configuration channel is the
 * siteinfo shape, so every setting the parser-test environment changes is expressed in it:
 * MediaWiki's parser-test globals (server example.org, article path /wiki/$1), the test interwiki
 * map, the extra magic words the tests register, and the per-test settings (magic links,
 * interwiki magic, thumbnail size, subpages, external link target, ...).
 */
export interface ParserTestEnvironmentData {
  /** testenv.json's `interwiki`: replaces the wiki's own interwiki map. */
  interwiki: SiteInfoInterwiki[];
  /** parsertests.siteconfig.json's `magicwords`: added to the wiki's. */
  extraMagicWords: SiteInfoMagicWord[];
}

/** MediaWiki's parser tests set `$wgSitename = 'MediaWiki'` ({{SITENAME}} renders it). */
export const PARSER_TEST_SITE_NAME = "MediaWiki";

/** Thumbnail width MediaWiki's parser tests use when a test does not set `thumbsize`. */
export const PARSER_TEST_DEFAULT_THUMB_SIZE = 180;

/** Interwiki added by the `pmid-interwiki` option (magic PMID links then go through it). */
const PMID_INTERWIKI: SiteInfoInterwiki = {
  prefix: "pmid",
  local: true,
  url: "//www.ncbi.nlm.nih.gov/pubmed/$1?dopt=Abstract",
};

const MAGIC_LINK_KINDS = ["ISBN", "PMID", "RFC"] as const;

/** What a test's options and config change in the site configuration. */
export interface ParserTestSiteSettings {
  interwikiMagic: boolean;
  magicLinks: Record<(typeof MAGIC_LINK_KINDS)[number], boolean>;
  thumbSize: number;
  mainNamespaceSubpages: boolean;
  externalLinkTarget: string | false;
  /** Whether bare image URLs render as images (MediaWiki's parser tests allow every prefix). */
  allowExternalImages: boolean;
  pmidInterwiki: boolean;
  /** `wgRawHtml`: the `<html>` tag is registered (raw HTML in the page). */
  rawHtml: boolean;
  /** Option `styletag`: the `<style>` tag is registered as an extension. */
  styleTag: boolean;
  /** Namespaces whose pages cannot be transcluded (`wgNonincludableNamespaces`), sorted ids. */
  nonIncludableNamespaces: number[];
  /** Settings passed through to `general` as they are (fragment mode, display title, nofollow...). */
  passThrough: Record<string, unknown>;
}

/** Config keys copied into `general` under MediaWiki's siteinfo-style lowercase name. */
const PASS_THROUGH_CONFIG: Record<string, string> = {
  wgFragmentMode: "fragmentmode",
  wgAllowDisplayTitle: "allowdisplaytitle",
  wgRestrictDisplayTitle: "restrictdisplaytitle",
  wgNoFollowLinks: "nofollowlinks",
  wgNoFollowDomainExceptions: "nofollowdomainexceptions",
  wgSVGNativeRendering: "svgnativerendering",
  wgParsoidMaximumImages: "parsoidmaximumimages",
};

/**
 * Namespace ids from `wgNonincludableNamespaces`: a test option (`wgnonincludablenamespaces=10`,
 * possibly several ids) or a config array. Sorted so equal settings share a SiteConfig.
 */
function nonIncludableNamespaces(options: Record<string, unknown>, config: Record<string, unknown>): number[] {
  const raw = options["wgnonincludablenamespaces"] ?? config["wgNonincludableNamespaces"];
  if (raw === undefined || raw === null) return [];
  const parts = Array.isArray(raw) ? raw.map(String) : String(raw).split(/[\s,]+/);
  const ids = parts.filter((part) => /^-?\d+$/.test(part.trim())).map((part) => Number(part.trim()));
  return [...new Set(ids)].sort((a, b) => a - b);
}

export function siteSettingsForCase(testCase: ParserTestCase): ParserTestSiteSettings {
  const options = caseOptions(testCase);
  const config = caseConfig(testCase);
  const enabledMagicLinks = (config["wgEnableMagicLinks"] ?? {}) as Record<string, unknown>;
  const thumbSize = Number(options["thumbsize"]);
  const passThrough: Record<string, unknown> = {};
  for (const [configKey, generalKey] of Object.entries(PASS_THROUGH_CONFIG)) {
    if (configKey in config) passThrough[generalKey] = config[configKey];
  }
  return {
    interwikiMagic: config["wgInterwikiMagic"] !== false,
    magicLinks: {
      ISBN: enabledMagicLinks["ISBN"] !== false,
      PMID: enabledMagicLinks["PMID"] !== false,
      RFC: enabledMagicLinks["RFC"] !== false,
    },
    thumbSize: Number.isFinite(thumbSize) && thumbSize > 0 ? thumbSize : PARSER_TEST_DEFAULT_THUMB_SIZE,
    mainNamespaceSubpages: "subpage" in options,
    externalLinkTarget: caseExternalLinkTarget(testCase),
    // `wgAllowExternalImages=0` (or any value but 1/true/empty) turns them off for one test.
    allowExternalImages: !("wgallowexternalimages" in options) || /^(?:1|true|)$/.test(String(options["wgallowexternalimages"])),
    pmidInterwiki: "pmid-interwiki" in options,
    rawHtml: /^(?:1|true)$/.test(String(options["wgrawhtml"] ?? config["wgRawHtml"] ?? "")),
    styleTag: /^(?:1|true)$/.test(String(options["styletag"] ?? "")),
    nonIncludableNamespaces: nonIncludableNamespaces(options, config),
    passThrough,
  };
}

/** A stable key: cases with equal keys can share one SiteConfig. */
export function siteSettingsKey(language: string, settings: ParserTestSiteSettings): string {
  return `${language}|${JSON.stringify(settings)}`;
}

function withNamespace(
  namespaces: Record<string, SiteInfoNamespace>,
  ns: SiteInfoNamespace,
): Record<string, SiteInfoNamespace> {
  return { ...namespaces, [String(ns.id)]: ns };
}

/** The base wiki's namespaces with the parser-test changes (MemoryAlpha, "Base MW" project). */
function parserTestNamespaces(base: SiteInfo, settings: ParserTestSiteSettings): Record<string, SiteInfoNamespace> {
  let namespaces = withNamespace(base.namespaces, {
    id: 100,
    name: "MemoryAlpha",
    canonical: "MemoryAlpha",
    case: "first-letter",
    subpages: false,
  });
  // The English test wiki is called "Base MW": its project namespaces carry that name.
  if (base.general.wikiid === "enwiki") {
    namespaces = withNamespace(namespaces, { id: 4, name: "Base MW", canonical: "Project", case: "first-letter", subpages: true });
    namespaces = withNamespace(namespaces, { id: 5, name: "Base MW talk", canonical: "Project talk", case: "first-letter", subpages: true });
  }
  const main = namespaces["0"];
  if (main) namespaces = withNamespace(namespaces, { ...main, subpages: settings.mainNamespaceSubpages });
  for (const id of settings.nonIncludableNamespaces) {
    const ns = namespaces[String(id)];
    if (ns) namespaces = withNamespace(namespaces, { ...ns, nonincludable: true });
  }
  return namespaces;
}

/** thumblimits + defaultoptions.thumbsize (an index into it) is how siteinfo states the default. */
function thumbLimitsWith(base: SiteInfo, thumbSize: number): { thumblimits: number[]; index: number } {
  const limits = Array.isArray(base.general["thumblimits"]) ? [...(base.general["thumblimits"] as number[])] : [];
  let index = limits.indexOf(thumbSize);
  if (index < 0) {
    limits.push(thumbSize);
    index = limits.length - 1;
  }
  return { thumblimits: limits, index };
}

/** The extension tags MediaWiki's parser tests register (their handlers: ext/parser-test-tags.ts). */
const PARSER_TEST_EXTENSION_TAGS = ["<tag>", "<tåg>", "<statictag>", "<spantag>", "<asidetag>", "<embedtag>", "<i18ntag>", "<i18nattr>"];

function parserTestExtensionTags(base: SiteInfo, settings: ParserTestSiteSettings): string[] {
  const own = base.extensiontags ?? [];
  const added = [...PARSER_TEST_EXTENSION_TAGS];
  if (settings.rawHtml) added.push("<html>");
  if (settings.styleTag) added.push("<style>");
  return [...own, ...added.filter((tag) => !own.includes(tag))];
}

export function buildParserTestSiteInfo(
  base: SiteInfo,
  environment: ParserTestEnvironmentData,
  settings: ParserTestSiteSettings,
): SiteInfo {
  const { thumblimits, index } = thumbLimitsWith(base, settings.thumbSize);
  const interwikimap = settings.pmidInterwiki ? [...environment.interwiki, PMID_INTERWIKI] : [...environment.interwiki];
  const knownWords = new Set(base.magicwords.map((word) => word.name));
  const magicwords = [...base.magicwords, ...environment.extraMagicWords.filter((word) => !knownWords.has(word.name))];
  const defaultoptions = { ...((base["defaultoptions"] as Record<string, unknown> | undefined) ?? {}), thumbsize: index };

  return {
    ...base,
    general: {
      ...base.general,
      // MediaWiki's parser-test globals.
      sitename: PARSER_TEST_SITE_NAME,
      server: "http://example.org",
      servername: "example.org",
      scriptpath: "/",
      script: "/index.php",
      articlepath: "/wiki/$1",
      timezone: "UTC",
      timeoffset: 0,
      interwikimagic: settings.interwikiMagic,
      magiclinks: { ...settings.magicLinks },
      externallinktarget: settings.externalLinkTarget,
      allowexternalimages: settings.allowExternalImages,
      thumblimits,
      ...settings.passThrough,
    },
    namespaces: parserTestNamespaces(base, settings),
    extensiontags: parserTestExtensionTags(base, settings),
    // Annotation tags the parser tests register (ext/annotations.ts).
    annotationtags: ["dummyanno", "ann2"],
    interwikimap,
    magicwords,
    defaultoptions,
  };
}

/** Siteinfo files wrap the answer in `{ query: ... }` as the action API does; accept both. */
export function unwrapSiteInfo(json: unknown): SiteInfo {
  const record = json as { query?: SiteInfo } & SiteInfo;
  return record.query ?? record;
}
