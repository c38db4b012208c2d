/**
 * Free-text preparation, as WikiSearch does it before handing a term to `query_string`: the
 * characters `: + = /` are escaped (they are query syntax), and a term in plain words gets
 * wildcards so that "foo" finds "football" (`foo bar` → `*foo* *bar*`). A term that already uses
 * the backend's syntax (quotes, boolean operators, wildcards, fuzziness, grouping, exclusion) is
 * passed through as written.
 */

const ESCAPED = /[:+=/]/g;

/** Signs that the user wrote query syntax on purpose. */
const ADVANCED_SYNTAX = /["'*?~()]|AND|OR|NOT|(?:^|\s)-/;

/** Characters that continue a word when wildcards are placed (the escape backslash among them). */
function isWordChar(char: string): boolean {
  return /[A-Za-z0-9_\-\\:/]/.test(char);
}

function escapeSyntax(text: string): string {
  return text.replace(ESCAPED, (char) => `\\${char}`);
}

/** `foo.bar` → `*foo*.bar*`: a wildcard before every token and after every run of word characters that a non-word character ends. */
function wildcardToken(token: string): string {
  if (token === "") return "";
  let out = "*";
  for (let i = 0; i < token.length; i++) {
    const char = token[i]!;
    out += char;
    const next = token[i + 1];
    if (next !== undefined && isWordChar(char) && !isWordChar(next)) out += "*";
  }
  return `${out}*`;
}

/** Wildcards for each space-separated token; empty tokens (double spaces) stay empty. */
export function insertWildcards(text: string): string {
  return text.split(" ").map(wildcardToken).join(" ");
}

export function usesAdvancedSyntax(term: string): boolean {
  return ADVANCED_SYNTAX.test(term);
}

/** The query text sent to the backend for a user's search term. An empty term matches everything ("*"). */
export function prepareTerm(term: string): string {
  const escaped = escapeSyntax(term.trim());
  if (escaped === "") return "*";
  if (usesAdvancedSyntax(term)) return escaped;
  return insertWildcards(escaped);
}
