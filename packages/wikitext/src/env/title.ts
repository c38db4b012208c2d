import { SiteConfig } from "./site-config.js";
import { memoizedPerObject } from "../util/memo.js";
import { encodeTitlePath } from "../util/href.js";

/** Why a string is not a valid title; codes are MediaWiki's message keys. */
export type TitleErrorCode =
  | "title-invalid-empty"
  | "title-invalid-characters"
  | "title-invalid-relative"
  | "title-invalid-magic-tilde"
  | "title-invalid-too-long"
  | "title-invalid-leading-colon"
  | "title-invalid-talk-namespace"
  | "title-invalid-utf8";

export class TitleError extends Error {
  readonly code: TitleErrorCode;
  readonly input: string;
  constructor(code: TitleErrorCode, input: string) {
    super(`${code}: ${JSON.stringify(input)}`);
    this.name = "TitleError";
    this.code = code;
    this.input = input;
  }
}

export const NS_MEDIA = -2;
export const NS_SPECIAL = -1;
export const NS_MAIN = 0;
export const NS_TALK = 1;
export const NS_USER = 2;
export const NS_FILE = 6;
export const NS_TEMPLATE = 10;
export const NS_CATEGORY = 14;

/** Title length limit in UTF-8 bytes; Special pages get more room. */
const MAX_TITLE_BYTES = 255;
const MAX_SPECIAL_TITLE_BYTES = 512;

// Whitespace that MediaWiki folds into one underscore, and direction marks it drops.
const WHITESPACE_RUN = /[ _\u00A0\u1680\u180E\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;
const DIRECTION_MARKS = /[\u200E\u200F\u202A-\u202E]/g;
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;
const ENTITY = /&[A-Za-z0-9\u0080-\uFFFF]+;/;
const RELATIVE_PATH = /^\.\.?(?:\/|$)|\/\.\.?(?:\/|$)/;

const invalidCharCache = new Map<string, RegExp>();

/** The "not a legal title character" test built from the wiki's legaltitlechars class. */
function invalidCharRegex(legalChars: string): RegExp {
  let re = invalidCharCache.get(legalChars);
  if (!re) {
    // The PHP class works on UTF-8 bytes, so \x80-\xFF admits every non-ASCII character.
    const jsClass = legalChars.replace(/\\x80-\\xFF/gi, "\\u0080-\\u{10FFFF}");
    re = new RegExp(`[^${jsClass}]|\\uFFFD`, "u");
    invalidCharCache.set(legalChars, re);
  }
  return re;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** plainCharTable's classes: needs the full rules, plain, plain but may spell a relative path. */
const NEEDS_RULES = 0;
const PLAIN = 1;
const PATH_CHAR = 2;

/**
 * Per site: which printable ASCII characters may stand in a title as they are, with nothing to
 * normalise or check around them (PLAIN), which are legal but need the full rules (NEEDS_RULES):
 * spaces, `_` (whitespace folding), `:` (prefixes), `#` (fragments), `%` and `&` (escapes), `~`
 * (tildes); `/` and `.` (PATH_CHAR) are plain unless the key spells a relative path.
 */
const plainCharTable = memoizedPerObject((site: SiteConfig): Uint8Array => {
  const table = new Uint8Array(128);
  const invalid = invalidCharRegex(site.legalTitleChars);
  for (let c = 33; c < 127; c++) {
    const ch = String.fromCharCode(c);
    if (invalid.test(ch) || "_:#%&~".includes(ch)) continue;
    table[c] = ch === "/" || ch === "." ? PATH_CHAR : PLAIN;
  }
  return table;
});

/** Whether a key is or holds a relative path (`.`, `..`, `./x`, `x/../y`, `x/.`), which no title may be. */
function isRelativePath(key: string): boolean {
  return key.includes(".") && (RELATIVE_PATH.test(key) || key.endsWith("/.") || key.endsWith("/.."));
}

/** Uppercases the first character as MediaWiki's ucfirst does for first-letter namespaces. */
export function upperFirst(text: string): string {
  if (text === "") return text;
  // ASCII first letters (most titles) need no code point or locale-aware case mapping.
  const code = text.charCodeAt(0);
  if (code < 128) return code >= 97 && code <= 122 ? String.fromCharCode(code - 32) + text.slice(1) : text;
  const first = String.fromCodePoint(text.codePointAt(0)!);
  const upper = first.toUpperCase();
  // Characters whose uppercase is longer (ß → SS) keep their form in titles.
  const oneCodePoint = upper.length === 1 || (upper.length === 2 && upper.codePointAt(0)! > 0xffff);
  if (!oneCodePoint) return text;
  return upper + text.slice(first.length);
}

/**
 * Parse results per site and default namespace, kept across conversions: the site configuration
 * never changes after it is built and titles are immutable, so one instance serves every caller
 * (grammar, preprocessor, existence lookups) of every page; failures keep their error code.
 * Looking a title up is about three times faster than parsing even a plainly written one, and a
 * hit allocates nothing.
 *
 * Bounded by generations: when the recent map is full it becomes the older one (the previous
 * older one is dropped), and a hit in the older map moves the entry back to the recent one. So a
 * site's often-linked titles stay while rarely used ones age out, without the start-over a full
 * cache would otherwise cost at every boundary.
 */
const PARSE_GENERATION_SIZE = 20_000;

type ParseResult = Title | TitleErrorCode;

/**
 * A string with the same text that holds no reference to a larger one. The grammar slices its
 * inputs from the page source, and V8 keeps a long slice as a view of its parent: a cached title
 * (its key and the strings derived from it) must not keep a whole page source alive. Prepending a
 * character makes a new string that slicing then copies (flattened, not a view of the source).
 */
function detachedCopy(text: string): string {
  return `\u0000${text}`.slice(1);
}

class ParseMemo {
  private recent = new Map<string, ParseResult>();
  private older = new Map<string, ParseResult>();

  get(input: string): ParseResult | undefined {
    const result = this.recent.get(input);
    if (result !== undefined) return result;
    const aged = this.older.get(input);
    if (aged !== undefined) this.add(detachedCopy(input), aged);
    return aged;
  }

  /** `input` must be detached (see detachedCopy): it is kept as the key. */
  add(input: string, result: ParseResult): void {
    if (this.recent.size >= PARSE_GENERATION_SIZE) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.recent.set(input, result);
  }
}

class ParseCache {
  /** The main namespace's memo, asked for by most callers (links, existence lookups). */
  readonly main = new ParseMemo();
  private readonly others = new Map<number, ParseMemo>();

  memo(defaultNs: number): ParseMemo {
    if (defaultNs === NS_MAIN) return this.main;
    let memo = this.others.get(defaultNs);
    if (memo === undefined) {
      memo = new ParseMemo();
      this.others.set(defaultNs, memo);
    }
    return memo;
  }
}

const parseCache = memoizedPerObject((_site: SiteConfig) => new ParseCache());

/**
 * A page title normalised by MediaWiki's rules: namespace prefixes and aliases, interwiki
 * prefixes, first-letter case per namespace, spaces and underscores, forbidden characters,
 * length, and the fragment after '#'.
 */
export class Title {
  /** Interwiki prefix as configured ("" for local titles). */
  readonly interwiki: string;
  readonly ns: number;
  /** Title without namespace, with underscores. */
  readonly dbKey: string;
  /** Fragment after '#', with spaces ("" when none). */
  readonly fragment: string;
  private readonly site: SiteConfig;
  /** Derived strings, computed on first use (links read them several times). */
  private textCache: string | undefined;
  private prefixedTextCache: string | undefined;
  private hrefCache: string | undefined;

  /** `text`: the title with spaces, when the parser has it already. */
  private constructor(site: SiteConfig, interwiki: string, ns: number, dbKey: string, fragment: string, text?: string) {
    this.site = site;
    this.interwiki = interwiki;
    this.ns = ns;
    this.dbKey = dbKey;
    this.fragment = fragment;
    this.textCache = text;
    this.hrefCache = undefined;
  }

  /** Builds a title from a namespace id and a key (with spaces or underscores). */
  static fromParts(site: SiteConfig, ns: number, key: string, fragment = ""): Title {
    const nsName = site.namespaceName(ns) ?? "";
    const title = Title.parse(`${nsName}:${key}${fragment ? `#${fragment}` : ""}`, site);
    return title;
  }

  /** Parses user input; throws TitleError when it is not a valid title. */
  static parse(input: string, site: SiteConfig, defaultNs: number = NS_MAIN): Title {
    const result = Title.cachedParse(input, site, defaultNs);
    if (typeof result === "string") throw new TitleError(result, input);
    return result;
  }

  /** Like parse, but null instead of an error. */
  static tryParse(input: string, site: SiteConfig, defaultNs: number = NS_MAIN): Title | null {
    const result = Title.cachedParse(input, site, defaultNs);
    return typeof result === "string" ? null : result;
  }

  /** The title, or why the input is none, from the site's cache (parsed on a miss). */
  private static cachedParse(input: string, site: SiteConfig, defaultNs: number): ParseResult {
    const memo = parseCache(site).memo(defaultNs);
    let result = memo.get(input);
    if (result === undefined) {
      // Parsed from the copy that is kept, so that nothing the title holds refers to the source.
      const key = detachedCopy(input);
      result = Title.parseFresh(key, site, defaultNs);
      memo.add(key, result);
    }
    return result;
  }

  /** Parses without the cache: a plainly written title by the fast path, anything else by the full rules. */
  private static parseFresh(input: string, site: SiteConfig, defaultNs: number): ParseResult {
    const plain = Title.parsePlain(input, site, defaultNs);
    if (plain !== null) return plain;
    try {
      return Title.parseUncached(input, site, defaultNs);
    } catch (error) {
      if (!(error instanceof TitleError)) throw error;
      return error.code;
    }
  }

  /**
   * A title written plainly (most link targets, template names and existence lookups): an
   * optional leading colon, at most one prefix, which names a namespace, and a name of printable
   * ASCII words separated by single spaces with no character that needs the full rules (see
   * plainCharTable). The same result as parseUncached without its regexes or the cache; null
   * when the input needs the full rules (or is no valid title).
   */
  private static parsePlain(input: string, site: SiteConfig, defaultNs: number): Title | null {
    const length = input.length;
    if (length === 0 || length > MAX_TITLE_BYTES) return null;
    const table = plainCharTable(site);
    let from = 0;
    let ns = defaultNs;
    if (input.charCodeAt(0) === 58) {
      from = 1;
      ns = NS_MAIN;
    }
    let colon = -1;
    let spaces = false;
    let pathChars = false;
    for (let i = from; i < length; i++) {
      const c = input.charCodeAt(i);
      if (c === 32) {
        // Single spaces between words only: runs, edges and spaces at the prefix's colon are
        // folded or trimmed by the full rules.
        if (i === from || i === length - 1) return null;
        const next = input.charCodeAt(i + 1);
        if (next === 32 || next === 58 || input.charCodeAt(i - 1) === 58) return null;
        spaces = true;
      } else if (c === 58) {
        if (colon >= 0 || i === from) return null;
        colon = i;
      } else if (c >= 128) {
        return null;
      } else {
        const kind = table[c]!;
        if (kind === NEEDS_RULES) return null;
        if (kind === PATH_CHAR) pathChars = true;
      }
    }
    let name = input;
    if (colon >= 0) {
      // Prefixes other than namespaces (interwikis, or none: `Foo:bar` in the main namespace) take the full rules.
      const prefixNs = site.namespaceIdOfPlainName(input.slice(from, colon));
      if (prefixNs === undefined || colon === length - 1) return null;
      ns = prefixNs;
      name = input.slice(colon + 1);
    } else if (from > 0) {
      name = input.slice(from);
    }
    if (name.length === 0) return null;
    let key = spaces ? name.replaceAll(" ", "_") : name;
    if (pathChars && isRelativePath(key)) return null;
    const first = key.charCodeAt(0);
    if (first >= 97 && first <= 122 && site.namespaceCase(ns) === "first-letter") {
      const upper = String.fromCharCode(first - 32);
      key = upper + key.slice(1);
      if (spaces) name = upper + name.slice(1);
    }
    return new Title(site, "", ns, key, "", spaces ? name : key);
  }

  private static parseUncached(input: string, site: SiteConfig, defaultNs: number): Title {
    let key = input.replace(DIRECTION_MARKS, "").replace(WHITESPACE_RUN, "_").replace(/^_+|_+$/g, "");
    if (key === "") throw new TitleError("title-invalid-empty", input);

    let ns = defaultNs;
    let interwiki = "";
    if (key.startsWith(":")) {
      ns = NS_MAIN;
      key = key.slice(1).replace(/^_+/, "");
    }

    // Namespace and interwiki prefixes; a local interwiki prefix is dropped and parsing goes on.
    for (;;) {
      const colon = key.indexOf(":");
      if (colon <= 0) break;
      const prefix = key.slice(0, colon).replace(/_+$/, "");
      const rest = key.slice(colon + 1).replace(/^_+/, "");
      const nsId = site.namespaceId(prefix);
      if (nsId !== undefined) {
        ns = nsId;
        key = rest;
        if (ns === NS_TALK || (ns > 0 && ns % 2 === 1)) {
          // "Talk:fr:Foo" would be a talk page of an interwiki title, which cannot exist.
          const inner = rest.indexOf(":");
          if (inner > 0 && site.interwiki(rest.slice(0, inner).replace(/_+$/, ""))) {
            throw new TitleError("title-invalid-talk-namespace", input);
          }
        }
        break;
      }
      const iw = site.interwiki(prefix);
      if (!iw) break;
      if (iw.localinterwiki) {
        key = rest;
        if (key === "") return Title.parse(site.mainPage, site);
        if (key.startsWith(":")) {
          ns = NS_MAIN;
          key = key.slice(1).replace(/^_+/, "");
        }
        continue;
      }
      interwiki = iw.prefix;
      key = rest;
      ns = NS_MAIN;
      if (key.startsWith(":")) key = key.slice(1).replace(/^_+/, "");
      break;
    }

    let fragment = "";
    const hash = key.indexOf("#");
    if (hash >= 0) {
      fragment = key.slice(hash + 1).replace(/_/g, " ");
      key = key.slice(0, hash).replace(/_+$/, "");
    }

    if (key === "" && interwiki === "") {
      throw new TitleError("title-invalid-empty", input);
    }
    if (invalidCharRegex(site.legalTitleChars).test(key) || PERCENT_ESCAPE.test(key) || ENTITY.test(key)) {
      throw new TitleError("title-invalid-characters", input);
    }
    if (isRelativePath(key)) {
      throw new TitleError("title-invalid-relative", input);
    }
    if (key.includes("~~~")) throw new TitleError("title-invalid-magic-tilde", input);
    const maxBytes = ns === NS_SPECIAL ? MAX_SPECIAL_TITLE_BYTES : MAX_TITLE_BYTES;
    if (interwiki === "" && utf8Length(key) > maxBytes) {
      throw new TitleError("title-invalid-too-long", input);
    }
    if (interwiki === "" && key.startsWith(":")) {
      throw new TitleError("title-invalid-leading-colon", input);
    }
    if (interwiki === "" && site.namespaceCase(ns) === "first-letter") key = upperFirst(key);
    if (interwiki === "" && ns !== NS_MAIN && key === "") {
      throw new TitleError("title-invalid-empty", input);
    }
    return new Title(site, interwiki, ns, key, fragment);
  }

  /** Title without namespace, with spaces. */
  get text(): string {
    return (this.textCache ??= this.dbKey.replace(/_/g, " "));
  }

  /** Local name of the title's namespace ("" for main). */
  get namespaceName(): string {
    return this.site.namespaceName(this.ns) ?? "";
  }

  private prefix(separatorSpace: string): string {
    if (this.ns === NS_MAIN && this.interwiki === "") return "";
    let prefix = this.interwiki ? `${this.interwiki}:` : "";
    const nsName = this.namespaceName;
    // Most namespace names are one word (Template, Category, File): no separator to replace.
    if (nsName !== "") prefix += `${nsName.includes(" ") || nsName.includes("_") ? nsName.replace(/[ _]/g, separatorSpace) : nsName}:`;
    return prefix;
  }

  /** "Talk:Main Page" */
  get prefixedText(): string {
    return (this.prefixedTextCache ??= this.prefix(" ") + this.text);
  }

  /** "Talk:Main_Page" */
  get prefixedDbKey(): string {
    return this.prefix("_") + this.dbKey;
  }

  /**
   * "./Talk:Main_Page": the page's path relative to the article path (a template's data-mw
   * href), made once per title object (callers share titles per target text).
   */
  get relativeHref(): string {
    return (this.hrefCache ??= `./${encodeTitlePath(this.prefixedDbKey)}`);
  }

  /** Prefixed text with "#fragment" when there is one. */
  get fullText(): string {
    return this.fragment ? `${this.prefixedText}#${this.fragment}` : this.prefixedText;
  }

  get isExternal(): boolean {
    return this.interwiki !== "";
  }

  get isTalkPage(): boolean {
    return this.ns > 0 && this.ns % 2 === 1;
  }

  /** Whether the namespace can have a talk page (Special and Media cannot). */
  get canHaveTalkPage(): boolean {
    return this.ns >= 0 && !this.isExternal;
  }

  talkPage(): Title {
    if (!this.canHaveTalkPage) throw new TitleError("title-invalid-talk-namespace", this.prefixedText);
    if (this.isTalkPage) return this;
    return new Title(this.site, "", this.ns + 1, this.dbKey, "");
  }

  subjectPage(): Title {
    if (!this.isTalkPage) return this;
    return new Title(this.site, "", this.ns - 1, this.dbKey, "");
  }

  equals(other: Title): boolean {
    return this.interwiki === other.interwiki && this.ns === other.ns && this.dbKey === other.dbKey;
  }

  toString(): string {
    return this.prefixedText;
  }
}
