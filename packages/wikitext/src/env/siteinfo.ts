/**
 * The shape of MediaWiki's `action=query&meta=siteinfo` answer (the `query` object), restricted to
 * the properties the engine reads. It is the one source of truth for a wiki's configuration: the
 * store produces it for hosted wikis, the action API returns it as is, and the engine builds its
 * SiteConfig from it (the parser-test fixtures ship the same shape in env/*.siteinfo.json).
 */
export interface SiteInfoGeneral {
  mainpage: string;
  sitename: string;
  lang: string;
  /** Protocol-relative or absolute server, e.g. "//en.wikipedia.org" or "http://localhost:3000". */
  server: string;
  servername: string;
  articlepath: string;
  scriptpath: string;
  script?: string;
  wikiid: string;
  /** "first-letter" or "case-sensitive": the default for namespaces. */
  case?: string;
  legaltitlechars?: string;
  /** PHP-style regex source, e.g. "/^([a-z]+)(.*)$/sD". */
  linktrail?: string;
  linkprefixcharset?: string;
  rtl?: boolean;
  timezone?: string;
  timeoffset?: number;
  maxarticlesize?: number;
  magiclinks?: Record<string, boolean>;
  externallinktarget?: string | false;
  [key: string]: unknown;
}

export interface SiteInfoNamespace {
  id: number;
  /** Local name ("" for the main namespace). */
  name: string;
  canonical?: string;
  case: string;
  subpages?: boolean;
  content?: boolean;
  nonincludable?: boolean;
}

export interface SiteInfoNamespaceAlias {
  id: number;
  alias: string;
}

export interface SiteInfoMagicWord {
  name: string;
  aliases: string[];
  "case-sensitive": boolean;
}

export interface SiteInfoInterwiki {
  prefix: string;
  url: string;
  local?: boolean;
  localinterwiki?: boolean;
  /** Present on language links (the language's autonym). */
  language?: string;
  protorel?: boolean;
  extralanglink?: boolean;
  linktext?: string;
  sitename?: string;
}

export interface SiteInfo {
  general: SiteInfoGeneral;
  namespaces: Record<string, SiteInfoNamespace>;
  namespacealiases: SiteInfoNamespaceAlias[];
  magicwords: SiteInfoMagicWord[];
  interwikimap: SiteInfoInterwiki[];
  /** Tag names written with angle brackets, e.g. "<ref>". */
  extensiontags: string[];
  functionhooks: string[];
  protocols?: string[];
  variables?: string[];
  doubleunderscores?: string[];
  languagevariants?: Record<string, Record<string, { fallbacks: string[] }>>;
  [key: string]: unknown;
}
