import type {
  SiteInfo,
  SiteInfoInterwiki,
  SiteInfoMagicWord,
  SiteInfoNamespace,
} from "./siteinfo.js";

/** The character class MediaWiki uses when a wiki does not say otherwise. */
export const DEFAULT_LEGAL_TITLE_CHARS = " %!\"$&'()*,\\-.\\/0-9:;=?@A-Z\\\\^_`a-z~\\x80-\\xFF+";

export type NamespaceCase = "first-letter" | "case-sensitive";

export interface NamespaceEntry {
  id: number;
  name: string;
  canonical: string | undefined;
  case: NamespaceCase;
  subpages: boolean;
  content: boolean;
}

/**
 * Normalises a namespace or interwiki prefix for lookup: MediaWiki compares them
 * case-insensitively and treats spaces and underscores alike.
 */
export function normalizePrefix(prefix: string): string {
  return prefix.replace(/[ _]+/g, " ").trim().toLowerCase();
}

/**
 * A wiki's configuration as the engine and the store need it, derived once from a siteinfo
 * object. Lookups are precomputed into maps because links and titles hit them constantly.
 */
export class SiteConfig {
  readonly info: SiteInfo;
  private readonly namespacesById = new Map<number, NamespaceEntry>();
  private readonly namespaceIdByName = new Map<string, number>();
  private readonly interwikisByPrefix = new Map<string, SiteInfoInterwiki>();
  private readonly extensionTagSet: Set<string>;
  private readonly extensionTagList: readonly string[];
  private readonly magicWordsByName = new Map<string, SiteInfoMagicWord>();
  private readonly caseSensitiveAliases = new Map<string, string>();
  private readonly caseInsensitiveAliases = new Map<string, string>();
  private linkTrailCache: RegExp | null | undefined;

  private constructor(info: SiteInfo) {
    this.info = info;
    const defaultCase = toNamespaceCase(info.general.case);
    for (const ns of Object.values(info.namespaces)) this.addNamespace(ns, defaultCase);
    for (const alias of info.namespacealiases ?? []) {
      this.namespaceIdByName.set(normalizePrefix(alias.alias), alias.id);
    }
    for (const iw of info.interwikimap ?? []) {
      this.interwikisByPrefix.set(normalizePrefix(iw.prefix), iw);
    }
    this.extensionTagSet = new Set(
      (info.extensiontags ?? []).map((tag) => tag.replace(/^<|>$/g, "").toLowerCase()),
    );
    this.extensionTagList = Object.freeze([...this.extensionTagSet]);
    for (const word of info.magicwords ?? []) this.addMagicWord(word);
  }

  static fromSiteInfo(info: SiteInfo): SiteConfig {
    return new SiteConfig(info);
  }

  private addNamespace(ns: SiteInfoNamespace, defaultCase: NamespaceCase): void {
    const entry: NamespaceEntry = {
      id: ns.id,
      name: ns.name,
      canonical: ns.canonical,
      case: ns.case ? toNamespaceCase(ns.case) : defaultCase,
      subpages: ns.subpages ?? false,
      content: ns.content ?? false,
    };
    this.namespacesById.set(ns.id, entry);
    if (ns.id !== 0) {
      this.namespaceIdByName.set(normalizePrefix(ns.name), ns.id);
      if (ns.canonical) this.namespaceIdByName.set(normalizePrefix(ns.canonical), ns.id);
    }
  }

  private addMagicWord(word: SiteInfoMagicWord): void {
    this.magicWordsByName.set(word.name, word);
    for (const alias of word.aliases) {
      if (word["case-sensitive"]) this.caseSensitiveAliases.set(alias, word.name);
      else this.caseInsensitiveAliases.set(alias.toLowerCase(), word.name);
    }
  }

  get siteName(): string {
    return this.info.general.sitename;
  }
  get lang(): string {
    return this.info.general.lang;
  }
  /**
   * Whether the content language has variants (LanguageConverter): only then is `-{…}-`
   * language-variant markup; elsewhere it is text.
   */
  get hasLanguageVariants(): boolean {
    const variants = this.info.languagevariants?.[this.info.general.lang];
    return variants !== undefined && Object.keys(variants).length > 0;
  }
  get mainPage(): string {
    return this.info.general.mainpage;
  }
  get server(): string {
    return this.info.general.server;
  }
  get articlePath(): string {
    return this.info.general.articlepath;
  }
  get scriptPath(): string {
    return this.info.general.scriptpath;
  }
  get wikiId(): string {
    return this.info.general.wikiid;
  }
  get legalTitleChars(): string {
    return this.info.general.legaltitlechars ?? DEFAULT_LEGAL_TITLE_CHARS;
  }

  namespace(id: number): NamespaceEntry | undefined {
    return this.namespacesById.get(id);
  }

  namespaces(): NamespaceEntry[] {
    return [...this.namespacesById.values()];
  }

  /** Namespace id for a local name, canonical name or alias; undefined when none matches. */
  namespaceId(name: string): number | undefined {
    return this.namespaceIdByName.get(normalizePrefix(name));
  }

  /**
   * namespaceId of a name written plainly (printable ASCII words separated by single spaces,
   * no underscores): normalizing it only folds its case.
   */
  namespaceIdOfPlainName(name: string): number | undefined {
    return this.namespaceIdByName.get(name.toLowerCase());
  }

  /** Local name of a namespace, "" for the main namespace. */
  namespaceName(id: number): string | undefined {
    return this.namespacesById.get(id)?.name;
  }

  namespaceCase(id: number): NamespaceCase {
    return this.namespacesById.get(id)?.case ?? "first-letter";
  }

  interwiki(prefix: string): SiteInfoInterwiki | undefined {
    return this.interwikisByPrefix.get(normalizePrefix(prefix));
  }

  interwikis(): SiteInfoInterwiki[] {
    return [...this.interwikisByPrefix.values()];
  }

  isExtensionTag(name: string): boolean {
    return this.extensionTagSet.has(name.toLowerCase());
  }

  /**
   * The site's extension tag names: one array for the site's lifetime (the preprocessor keys its
   * per-site tag tables and marker patterns by it).
   */
  extensionTags(): readonly string[] {
    return this.extensionTagList;
  }

  magicWord(name: string): SiteInfoMagicWord | undefined {
    return this.magicWordsByName.get(name);
  }

  /** The magic word an alias stands for, honouring each word's case sensitivity. */
  magicWordForAlias(alias: string): string | undefined {
    return this.caseSensitiveAliases.get(alias) ?? this.caseInsensitiveAliases.get(alias.toLowerCase());
  }

  /** Whether `__NAME__` (given without underscores) is a behaviour switch of this wiki. */
  isBehaviorSwitch(name: string): boolean {
    const word = this.magicWordForAlias(`__${name}__`);
    return word !== undefined;
  }

  /** URL protocols recognised for external links, e.g. "https://", "mailto:", "//". */
  protocols(): string[] {
    return this.info.protocols ?? DEFAULT_PROTOCOLS;
  }

  /**
   * The wiki's link trail as a JS regular expression matching the trail at the start of a
   * string: MediaWiki configures it as a PHP pattern such as `/^([a-z]+)(.*)$/sD`; only the first
   * group matters, so it is extracted and anchored.
   */
  get linkTrail(): RegExp | null {
    if (this.linkTrailCache === undefined) {
      this.linkTrailCache = compileLinkTrail(this.info.general.linktrail);
    }
    return this.linkTrailCache;
  }

  /** Characters that may form a link prefix (for languages that glue words before links). */
  get linkPrefixCharset(): string {
    return this.info.general.linkprefixcharset ?? "";
  }
}

export const DEFAULT_PROTOCOLS = [
  "bitcoin:", "ftp://", "ftps://", "geo:", "git://", "gopher://", "http://", "https://",
  "irc://", "ircs://", "magnet:", "mailto:", "matrix:", "mms://", "news:", "nntp://",
  "redis://", "sftp://", "sip:", "sips:", "sms:", "ssh://", "svn://", "tel:", "telnet://",
  "urn:", "worldwind://", "xmpp:", "//",
];

function toNamespaceCase(value: string | undefined): NamespaceCase {
  return value === "case-sensitive" ? "case-sensitive" : "first-letter";
}

/** Turns MediaWiki's PHP link trail pattern into a JS regex for the trail characters. */
export function compileLinkTrail(phpPattern: string | undefined): RegExp | null {
  if (!phpPattern) return null;
  const match = /^\/\^\((.*)\)\(\.\*\)\$\/[a-zA-Z]*$/s.exec(phpPattern);
  const group = match?.[1];
  if (group === undefined || group === "") return null;
  // PHP's \x{....} escapes become JS's \u{....} under the u flag.
  const source = group.replace(/\\x\{([0-9a-fA-F]+)\}/g, "\\u{$1}");
  try {
    return new RegExp(`^(?:${source})`, "u");
  } catch {
    return null;
  }
}
