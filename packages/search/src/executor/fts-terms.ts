/**
 * Query terms as FTS5 expressions over the token index (unicode61: lower-cased, accents removed,
 * split on anything that is not a letter or digit, like the `search` subfields). Exact words and
 * prefixes (`foo*`) are native; leading and inner wildcards (`*foo*`, `f?o`) are expanded over
 * the index's vocabulary first, which a trigram index over the distinct words keeps fast.
 */
import { fold, type TermMatcher } from "./query-string";

/** Distinct indexed words containing a given text (folded). */
export interface Vocabulary {
  containing(core: string): string[];
}

/** Cap on the words one wildcard term expands to (Elasticsearch bounds expansions too). */
const MAX_EXPANSIONS = 1024;

/** The words of a text as the token index sees them. */
export function textTokens(text: string): string[] {
  // Plain ASCII (most wiki text) needs neither Unicode normalisation nor Unicode classes.
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase().split(/[^a-z0-9]+/).filter((token) => token !== "");
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter((token) => token !== "");
}

export interface FtsTerm {
  /** FTS5 expression; "" when the term constrains nothing, null when it can match nothing. */
  expression: string | null;
  /** False when the index only finds candidates and the term's matcher must confirm them. */
  exact: boolean;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

function tokenExpression(token: string, vocabulary: Vocabulary): string | null {
  if (!/[*?]/.test(token)) return `"${token}"`;
  if (/^[^*?]+\*+$/.test(token)) return `"${token.replace(/\*+$/, "")}" *`;
  const runs = token.split(/[*?]+/).filter((run) => run !== "");
  const core = runs.reduce((a, b) => (b.length > a.length ? b : a), "");
  if (core === "") return "";
  const shape = new RegExp(`^${[...token].map((c) => (c === "*" ? "[\\p{L}\\p{N}]*" : c === "?" ? "[\\p{L}\\p{N}]" : escapeRegex(c))).join("")}$`, "u");
  const words = vocabulary.containing(core).filter((word) => shape.test(word)).slice(0, MAX_EXPANSIONS);
  if (words.length === 0) return null;
  return words.length === 1 ? `"${words[0]}"` : `(${words.map((word) => `"${word}"`).join(" OR ")})`;
}

export function ftsTerm(matcher: TermMatcher, vocabulary: Vocabulary): FtsTerm {
  if (matcher.phrase) return { expression: `"${matcher.phrase.join(" ")}"`, exact: true };
  const tokens = matcher.shape.split(/[^\p{L}\p{N}*?]+/u).filter((token) => /[\p{L}\p{N}]/u.test(token));
  if (tokens.length === 0) return { expression: "", exact: true };
  const parts: string[] = [];
  for (const token of tokens) {
    const expression = tokenExpression(token, vocabulary);
    if (expression === null) return { expression: null, exact: true };
    if (expression !== "") parts.push(expression);
  }
  if (parts.length === 0) return { expression: "", exact: true };
  // Several tokens: all must occur; their adjacency is the matcher's to confirm.
  return { expression: parts.length === 1 ? parts[0]! : `(${parts.join(" AND ")})`, exact: tokens.length === 1 };
}
