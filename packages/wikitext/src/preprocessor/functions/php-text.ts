// Text helpers with PHP's and MediaWiki's exact behaviour, shared by several functions:
// URL encodings, is_numeric, wikitext escaping of function output, strip-marker removal.

function percentEncode(text: string, keep: RegExp, spaceAsPlus: boolean): string {
  let out = "";
  for (const ch of text) {
    if (keep.test(ch)) out += ch;
    else if (ch === " " && spaceAsPlus) out += "+";
    else for (const byte of new TextEncoder().encode(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** PHP urlencode(): spaces as '+', only [A-Za-z0-9_.-] unescaped. */
export function phpUrlencode(text: string): string {
  return percentEncode(text, /^[A-Za-z0-9_.-]$/, true);
}

/** PHP rawurlencode(): RFC 3986, '~' unescaped, spaces as %20. */
export function rawUrlencode(text: string): string {
  return percentEncode(text, /^[A-Za-z0-9_.~-]$/, false);
}

/** MediaWiki's wfUrlencode(): urlencode() that keeps the characters safe in wiki URLs. */
export function wfUrlencode(text: string): string {
  return percentEncode(text, /^[A-Za-z0-9_.\-;:@$!*(),/~]$/, true);
}

/** PHP is_numeric() (PHP 8: leading and trailing whitespace allowed). */
export function isPhpNumeric(text: string): boolean {
  return /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(text);
}

/**
 * MediaWiki's wfEscapeWikiText(): entity-escapes what would otherwise act as markup when a
 * function's output (a page name, say) is put back into wikitext.
 */
export function escapeWikiText(text: string): string {
  if (text === "") return text;
  const replacements: Record<string, string> = {
    '"': "&#34;", "&": "&#38;", "'": "&#39;", "<": "&#60;", "=": "&#61;", ">": "&#62;",
    "[": "&#91;", "]": "&#93;", "{": "&#123;", "|": "&#124;", "}": "&#125;", ";": "&#59;",
  };
  let out = text.replace(/["&'<=>[\]{|};]/g, (c) => replacements[c]!);
  const first = out[0]!;
  const lineStart: Record<string, string> = {
    "\n": "&#10;", "\r": "&#13;", "#": "&#35;", "*": "&#42;", ":": "&#58;", " ": "&#32;", "+": "&#43;", "-": "&#45;", "_": "&#95;", "~": "&#126;",
  };
  if (lineStart[first]) out = lineStart[first] + out.slice(1);
  out = out
    .replace(/\n([#*:; +\-_~])/g, (_, c: string) => `\n${lineStart[c] ?? c}`)
    .replace(/\r([#*:; +\-_~])/g, (_, c: string) => `\r${lineStart[c] ?? c}`)
    .replace(/\n\n/g, "\n&#10;")
    .replace(/\r\n/g, "&#13;\n")
    .replace(/__/g, "_&#95;")
    .replace(/:\/\//g, "&#58;//")
    .replace(/\b(ISBN|RFC|PMID) /g, "$1&#32;")
    .replace(/~~~/g, "~~&#126;");
  return out;
}

/** Sanitizer::safeEncodeAttribute(): attribute-safe and inert as wikitext. */
export function safeEncodeAttribute(text: string): string {
  const replacements: Record<string, string> = {
    "&": "&amp;", '"': "&quot;", "'": "&#039;", "<": "&lt;", ">": "&gt;",
    "{": "&#123;", "}": "&#125;", "[": "&#91;", "]": "&#93;", "|": "&#124;", "*": "&#42;", "#": "&#35;",
    ":": "&#58;", "_": "&#95;", "~": "&#126;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;",
  };
  // Only the characters that could start markup in context are escaped by MediaWiki; the set
  // below is its list minus ':' '_' '#' which it leaves alone in plain ids.
  return text.replace(/[&"'<>{}[\]|\n\r\t]/g, (c) => replacements[c]!);
}

const markerRegexCache = new Map<string, RegExp>();

/** Matches a whole extension tag (self-closed or with its content): MediaWiki's strip markers. */
function markerRegex(extensionTags: readonly string[]): RegExp {
  const key = extensionTags.join("|");
  let re = markerRegexCache.get(key);
  if (!re) {
    const names = [...new Set([...extensionTags, "nowiki", "pre"])].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    re = new RegExp(`<(${names.join("|")})(?:\\s[^>]*)?(?:\\/>|>[\\s\\S]*?<\\/\\1\\s*>)`, "gi");
    markerRegexCache.set(key, re);
  }
  return re;
}

/**
 * Removes extension tags (MediaWiki's strip markers) from a function argument: functions such as
 * urlencode and anchorencode see neither the tags nor their content.
 */
export function killMarkers(text: string, extensionTags: readonly string[]): string {
  if (!text.includes("<")) return text;
  return text.replace(markerRegex(extensionTags), "");
}

/** Keeps the content of `<nowiki>` tags (MediaWiki's unstripNoWiki) and drops the tags. */
export function unstripNowiki(text: string): string {
  return text.replace(/<nowiki\s*\/>|<nowiki(?:\s[^>]*)?>([\s\S]*?)<\/nowiki\s*>/gi, (_, inner: string | undefined) => inner ?? "");
}

/**
 * Applies `map` to the text between extension tags only (MediaWiki's markerSkipCallback: the
 * tags are strip markers, opaque to functions such as lc and uc).
 */
export function mapOutsideMarkers(text: string, extensionTags: readonly string[], map: (segment: string) => string): string {
  if (!text.includes("<")) return map(text);
  let out = "";
  let last = 0;
  for (const match of text.matchAll(markerRegex(extensionTags))) {
    out += map(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + map(text.slice(last));
}
